//! Statistics: intervals for proportions and means, paired differences with a bootstrap, the
//! verdict rule of RULES.md §5.0, sample sizes, and Bradley–Terry ratings.

mod bootstrap;
mod interval;
mod rating;
mod verdict;

pub use bootstrap::paired_bootstrap;
pub use interval::{
    Interval, MeanAcc, Z95, incomplete_beta, ln_gamma, t_cdf, t_quantile, wilson, wilson_share,
};
pub use rating::{Rating, bradley_terry};
pub use verdict::{Direction, Verdict, needed_deals, verdict};
