//! Matches the check plays with agents it seats itself (not the experiments' runner's), so
//! that it can seat the stand-ins of [`stand_ins`](super::stand_ins) beside the bot.

use crate::agents::{Agent, play_seated, seat_agents, table_info};
use crate::games::Seat;
use crate::games::matches::{MatchState, PlayedHand};
use crate::games::record::RecordRules;
use crate::rng::{Purpose, stream};

/// The agents of a seated match, one per seat.
pub(super) type Seated<G> = Vec<Box<dyn Agent<G>>>;

/// Plays match `index` of `seed`, up to `max_hands` hands, with `agents[s]` at seat `s` (kept
/// from match to match, as a run keeps them); `on_hand` sees every finished hand. The first
/// dealer turns with the match's index. A bot's fault unwinds (see
/// [`catch_faults`](crate::agents::external::catch_faults)).
pub(super) fn play_match<R: RecordRules>(
    rules: &R,
    seed: u64,
    index: u64,
    max_hands: u32,
    agents: &mut Seated<R::Hand>,
    on_hand: impl FnMut(&PlayedHand<'_, R::Hand>),
) {
    let seats = agents.len();
    let mut rngs: Vec<_> = (0..seats as u64)
        .map(|s| stream(seed, index, Purpose::Agent, s))
        .collect();
    let dealer = Seat((index % seats as u64) as u8);
    play_seated(
        rules,
        &table_info(rules, index),
        MatchState::new(dealer),
        &mut stream(seed, index, Purpose::Deal, 0),
        max_hands,
        &mut seat_agents(agents, |s| s),
        &mut rngs,
        on_hand,
    );
}
