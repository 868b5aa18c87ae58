//! Statistics: intervals for proportions and means, paired differences with a bootstrap, the
//! verdict rules of RULES.md §5.0 and §5.4, Holm's correction, sample sizes that count
//! independent games, and Bradley–Terry ratings.

mod bootstrap;
mod clustered;
mod holm;
mod independent;
mod interval;
mod label;
mod rating;
mod sprt;
mod verdict;

pub use bootstrap::paired_bootstrap;
pub use clustered::clustered_mean;
pub use holm::{holm, holm_levels, paired_p_value};
pub use independent::{independent_games, rotations_identical};
pub use interval::{
    Interval, MeanAcc, Z95, incomplete_beta, ln_gamma, t_cdf, t_quantile, wilson, wilson_share,
};
pub use label::{Label, Sensitivity, Sign, label, sensitivity};
pub use rating::{Rating, bradley_terry};
pub use sprt::{Scores, Sprt, SprtOutcome, SprtState, elo_score};
pub use verdict::{Direction, UnknownDirection, Verdict, needed_deals, verdict};
