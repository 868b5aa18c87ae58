//! The games: the common [`Game`] trait (one hand's state), the shared trick rules, one module
//! per game, match play, game records and the [`registry`] that loads a game by name.
//!
//! The rules know nothing of agents or runners: a hand is driven by calling
//! [`Game::to_act`], [`Game::legal_actions`] and [`Game::apply`] until the hand is over.

mod action;
pub mod book;
pub mod catch_the_ten;
pub mod deal;
pub mod deal_source;
mod game;
mod kind;
pub mod log_shape;
pub mod matches;
pub mod nine_five_two;
pub mod pbn;
pub mod record;
pub mod registry;
pub mod replay;
mod reward;
mod seat;
pub mod trick;
pub mod whist;

pub use action::{Action, ActionSet, Decision};
pub use game::{Game, IllegalAction, Masked};
pub use kind::{GameKind, OpenTable, RulesError};
pub use registry::{GameEntry, GameFacts, LoadedGame, Rules, SlowSearch, load, register};
pub use reward::{RewardKind, Rewarded, win_estimate};
pub use seat::{MAX_SEATS, Seat, Side, Sides, parse_seat};
pub use trick::{PlayedCard, Trick, TrickPlay, TrumpOrder};
