//! [`Jobs`]: every job the layers above ask of a game, as one object-safe trait with one
//! generic implementation over the game's [`Rules`] type. Each method runs a whole job (a run,
//! a batch loop, a replay of a line, a tournament, a match at the table), so the game is
//! dispatched once per job and the play inside stays generic: no dynamic call per card or per
//! playout.
//!
//! Each job's body lives in the library, beside what it works on, and takes plain argument
//! structs, never a command's flags: runs, simulations, tournaments and agreements in
//! [`experiment`](crate::experiment) ([`play_tournament`](crate::experiment::play_tournament),
//! [`SimulateJob`](crate::experiment::SimulateJob), [`agree`](crate::experiment::agree)),
//! a match at the table in [`play::session`](crate::play::session), a record's replay in
//! [`games::replay`](crate::games::replay), worlds and analysis of a recorded position in
//! [`show`](crate::show), training in [`learn::job`](crate::learn::job), a bot's check and
//! benchmark in [`bots`](crate::bots). The command line (`cli`) reads its flags into those
//! structs and prints what comes back; nothing here reaches into `cli`.

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use indicatif::ProgressBar;

use crate::agents::{AgentSpec, SpecError, build_agent};
use crate::bots::{BenchPlan, CheckPlan};
use crate::experiment::{
    AgreeJob, Arm, Batch, DecisionClock, Experiment, FolderLock, PairNotes, PairPlan, RunEnd,
    RunError, RunPlan, Simulation, SimulationError, StatDef, TournamentConfig, TournamentDone,
    TournamentJob, Want, rules_from_table, statistics_of,
};
use crate::games::book::{BookError, DealBook};
use crate::games::matches::MatchRules;
use crate::games::replay::Chain;
use crate::games::{Game as _, Rewarded as _, RulesError};
use crate::learn::job::TrainJob;
use crate::play::session::Session;
use crate::show::{AnalyzeQuery, HandStory, StoryError, WorldsQuery};

use super::guests::{DynGuests, Erased};
use super::hand::{DynAgent, DynHand, HandPlay, erased_agent};
use super::{Conformance, Engine, LoadedGame, Rules};

/// The loaded game of `rules`, already checked.
pub(super) fn loaded<R: Rules>(rules: R) -> LoadedGame {
    let table = toml::Table::try_from(rules.options()).unwrap_or_default();
    LoadedGame::new(
        rules.game(),
        rules.players(),
        MatchRules::sides(&rules),
        rules.deck(),
        table,
        rules,
    )
}

/// The jobs of one game (see the module doc). Reached through
/// [`GameKind`](crate::games::GameKind) and
/// [`LoadedGame`]; only the registry implements it.
pub(crate) trait Jobs: Send + Sync {
    /// Loads the game at a table (see [`GameKind::load`]).
    fn load(&self, players: usize, options: &toml::Table) -> Result<LoadedGame, RulesError>;
    /// Every statistic in single-hand or match mode.
    fn statistics(&self, matches: bool) -> Vec<StatDef>;
    /// The options with their defaults.
    fn option_defaults(&self) -> toml::Table;
    /// The name of every option the game reads.
    fn option_names(&self) -> Vec<String>;
    /// Whether the game seats `spec`.
    fn check_agent(&self, spec: &AgentSpec) -> Result<(), SpecError>;
    /// Checks that every arm seats one agent per seat of `game`, each one it can build.
    fn check_arms(&self, game: &LoadedGame, arms: &[Arm]) -> Result<(), String>;
    /// The one-arm experiment of a simulation at `game`'s table.
    fn simulation(
        &self,
        game: &LoadedGame,
        seats: &[AgentSpec],
        sim: &Simulation,
    ) -> Result<Experiment, SimulationError>;
    /// Runs `exp` into its folder (see [`crate::experiment::run`]).
    fn run(
        &self,
        game: &LoadedGame,
        exp: &Experiment,
        plan: &RunPlan,
        lock: &FolderLock,
        stop: &AtomicBool,
        progress: Option<&ProgressBar>,
    ) -> Result<RunEnd, RunError>;
    /// Plays the deals `range` of `exp` in batches (see [`crate::experiment::play_batches`]).
    #[allow(clippy::too_many_arguments)]
    fn play_batches(
        &self,
        game: &LoadedGame,
        exp: &Experiment,
        range: Range<u64>,
        done: u64,
        records: crate::experiment::Records,
        stop: &AtomicBool,
        stop_after: Option<u64>,
        sink: &mut (dyn FnMut(Batch, u64) -> Result<(), RunError> + Send),
    ) -> Result<RunEnd, RunError>;
    /// Asks an agreement at `game`'s table (see [`crate::experiment::agree`]): the table.
    fn agree(&self, game: &LoadedGame, exp: &Experiment, job: &AgreeJob) -> anyhow::Result<String>;
    /// Plays a tournament at `game`'s table (see [`crate::experiment::play_tournament`]).
    fn tournament(
        &self,
        game: &LoadedGame,
        job: &TournamentJob,
        config: &TournamentConfig,
    ) -> anyhow::Result<TournamentDone>;
    /// Plays a match at `game`'s table (see [`crate::play::session::play_match`]).
    fn play(&self, game: &LoadedGame, session: &Session) -> anyhow::Result<()>;
    /// One table of `tricklab bots check` (see [`crate::bots::check_table`]): the lines it
    /// prints.
    fn bots_check(&self, game: &LoadedGame, plan: &CheckPlan) -> anyhow::Result<Vec<String>>;
    /// One table of `tricklab bots bench` (see [`crate::bots::bench_table`]): the lines it
    /// prints.
    fn bots_bench(&self, game: &LoadedGame, plan: &BenchPlan) -> anyhow::Result<Vec<String>>;
    /// Replays one record line, checking that it follows `prev`; the line `replay` prints.
    fn replay_one(
        &self,
        line: &str,
        prev: &mut Option<Chain>,
        verbose: bool,
    ) -> Result<String, String>;
    /// What a seat knows at a position of a record line (see [`crate::show::worlds_text`]).
    fn worlds(&self, query: &WorldsQuery, line: &str) -> anyhow::Result<String>;
    /// Trains a model on self-play hands of the game (see [`crate::learn::job::train_model`]):
    /// the line that says how it went.
    fn train(&self, job: &TrainJob, game: crate::games::GameKind) -> anyhow::Result<String>;
    /// `model` judged on held-out hands of the game (see
    /// [`crate::learn::job::evaluate_model`]): the report.
    fn train_eval(
        &self,
        job: &TrainJob,
        model: crate::knowledge::learned::LearnedModel,
    ) -> anyhow::Result<String>;
    /// A search agent's view of a position of a record line (see
    /// [`crate::show::analysis_text`]).
    fn analyze(&self, query: &AnalyzeQuery, line: &str) -> anyhow::Result<String>;
    /// The story of a record line (`tricklab show`).
    fn story(&self, line: &str) -> Result<HandStory, StoryError>;
    /// Checks a deal book for `game`'s table and a run of `wanted` deals.
    fn check_book(&self, game: &LoadedGame, book: &DealBook, wanted: u64) -> Result<(), BookError>;
    /// Writes `count` deals of `seed` at `game`'s table as a deal book.
    fn write_book(
        &self,
        game: &LoadedGame,
        seed: u64,
        count: u64,
        out: &mut dyn std::io::Write,
    ) -> Result<(), BookError>;
    /// The conformance suite on `matches` random matches at `game`'s table.
    fn conformance(
        &self,
        game: &LoadedGame,
        seed: u64,
        matches: u64,
    ) -> Result<Conformance, String>;
    /// The options as the records write them, as JSON.
    fn options_json(&self, game: &LoadedGame) -> String;
    /// The least and the most points a seat can make in a hand, bonus included.
    fn points_range(&self, game: &LoadedGame) -> (i32, i32);
    /// The first hand of game `index` of a run with `seed` at `game`'s table.
    fn deal_hand(&self, game: &LoadedGame, seed: u64, index: u64) -> Box<dyn DynHand>;
    /// The hand of a record line of this game, at its end.
    fn hand_from_record(&self, line: &str) -> Result<Box<dyn DynHand>, String>;
    /// The agent `spec` names, game erased.
    fn agent(&self, spec: &AgentSpec) -> Result<Box<dyn DynAgent>, SpecError>;
    /// The header of `hands.csv`.
    fn hands_header(&self) -> Vec<String>;
    /// [`crate::experiment::play_batches_with`] at `game`'s table, with guests named without
    /// the game.
    #[allow(clippy::too_many_arguments)]
    fn play_batches_with(
        &self,
        game: &LoadedGame,
        exp: &Experiment,
        range: Range<u64>,
        done: u64,
        want: Want,
        guests: &dyn DynGuests,
        stop: &AtomicBool,
        stop_after: Option<u64>,
        sink: &mut (dyn FnMut(Batch, u64) -> Result<(), RunError> + Send),
    ) -> Result<RunEnd, RunError>;
    /// [`crate::experiment::play_chunk_with`] at `game`'s table, with guests named without the
    /// game.
    #[allow(clippy::too_many_arguments)]
    fn play_chunk_with(
        &self,
        game: &LoadedGame,
        pair: [&AgentSpec; 2],
        chunk: Range<u64>,
        plan: PairPlan<'_>,
        clocks: &[Arc<DecisionClock>; 2],
        notes: Option<PairNotes<'_>>,
        guests: &dyn DynGuests,
    ) -> Vec<f64>;
}

impl<R: Rules> Jobs for Engine<R> {
    fn load(&self, players: usize, options: &toml::Table) -> Result<LoadedGame, RulesError> {
        let rules: R = rules_from_table(players, options)?;
        Ok(loaded(rules))
    }

    fn statistics(&self, matches: bool) -> Vec<StatDef> {
        statistics_of::<R>(matches)
    }

    fn option_defaults(&self) -> toml::Table {
        toml::Table::try_from(R::Options::default()).unwrap_or_default()
    }

    fn option_names(&self) -> Vec<String> {
        // The options type names what it accepts when it refuses an unknown option:
        // ``expected one of `a`, `b` ``.
        let refusal = toml::from_str::<R::Options>("no_such_option = 1")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        let expected = refusal.split("expected").nth(1).unwrap_or_default();
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    fn check_book(&self, game: &LoadedGame, book: &DealBook, wanted: u64) -> Result<(), BookError> {
        book.check(game.rules::<R>(), wanted)
    }

    fn write_book(
        &self,
        game: &LoadedGame,
        seed: u64,
        count: u64,
        out: &mut dyn std::io::Write,
    ) -> Result<(), BookError> {
        crate::games::book::write_book(game.rules::<R>(), seed, count, out)
    }

    fn check_agent(&self, spec: &AgentSpec) -> Result<(), SpecError> {
        build_agent::<R::Hand>(spec).map(|_| ())
    }

    fn check_arms(&self, game: &LoadedGame, arms: &[Arm]) -> Result<(), String> {
        let seats = game.sides().num_seats();
        for a in arms {
            if a.seats.len() != seats {
                return Err(format!(
                    "arm `{}` seats {} agents at a table of {seats}",
                    a.name,
                    a.seats.len()
                ));
            }
            for s in &a.seats {
                self.check_agent(s)
                    .map_err(|e| format!("arm `{}`: {e}", a.name))?;
                crate::agents::inference::check_table(s, game.kind(), game.players())
                    .map_err(|e| format!("arm `{}`: {e}", a.name))?;
            }
        }
        Ok(())
    }

    fn simulation(
        &self,
        game: &LoadedGame,
        seats: &[AgentSpec],
        sim: &Simulation,
    ) -> Result<Experiment, SimulationError> {
        crate::experiment::simulation(game.rules::<R>(), seats, sim)
    }

    fn run(
        &self,
        game: &LoadedGame,
        exp: &Experiment,
        plan: &RunPlan,
        lock: &FolderLock,
        stop: &AtomicBool,
        progress: Option<&ProgressBar>,
    ) -> Result<RunEnd, RunError> {
        crate::experiment::run(exp, game.rules::<R>(), plan, lock, stop, progress)
    }

    fn play_batches(
        &self,
        game: &LoadedGame,
        exp: &Experiment,
        range: Range<u64>,
        done: u64,
        records: crate::experiment::Records,
        stop: &AtomicBool,
        stop_after: Option<u64>,
        sink: &mut (dyn FnMut(Batch, u64) -> Result<(), RunError> + Send),
    ) -> Result<RunEnd, RunError> {
        crate::experiment::play_batches(
            exp,
            game.rules::<R>(),
            range,
            done,
            records,
            stop,
            stop_after,
            sink,
        )
    }

    fn agree(&self, game: &LoadedGame, exp: &Experiment, job: &AgreeJob) -> anyhow::Result<String> {
        crate::experiment::agree(game.rules::<R>(), exp, job)
    }

    fn tournament(
        &self,
        game: &LoadedGame,
        job: &TournamentJob,
        config: &TournamentConfig,
    ) -> anyhow::Result<TournamentDone> {
        crate::experiment::play_tournament(game.rules::<R>(), job, config)
    }

    fn play(&self, game: &LoadedGame, session: &Session) -> anyhow::Result<()> {
        crate::play::session::play_match(session, game.rules::<R>().clone())
    }

    fn bots_check(&self, game: &LoadedGame, plan: &CheckPlan) -> anyhow::Result<Vec<String>> {
        crate::bots::check_table::<R>(game.rules::<R>(), plan)
    }

    fn bots_bench(&self, game: &LoadedGame, plan: &BenchPlan) -> anyhow::Result<Vec<String>> {
        crate::bots::bench_table::<R>(game.rules::<R>(), plan)
    }

    fn replay_one(
        &self,
        line: &str,
        prev: &mut Option<Chain>,
        verbose: bool,
    ) -> Result<String, String> {
        crate::games::replay::replay_one::<R>(line, prev, verbose)
    }

    fn worlds(&self, query: &WorldsQuery, line: &str) -> anyhow::Result<String> {
        crate::show::worlds_text::<R>(query, line)
    }

    fn train(&self, job: &TrainJob, game: crate::games::GameKind) -> anyhow::Result<String> {
        crate::learn::job::train_model::<R>(job, game)
    }

    fn train_eval(
        &self,
        job: &TrainJob,
        model: crate::knowledge::learned::LearnedModel,
    ) -> anyhow::Result<String> {
        crate::learn::job::evaluate_model::<R>(job, model)
    }

    fn analyze(&self, query: &AnalyzeQuery, line: &str) -> anyhow::Result<String> {
        crate::show::analysis_text::<R>(query, line)
    }

    fn story(&self, line: &str) -> Result<HandStory, StoryError> {
        crate::show::story::<R>(line)
    }

    fn conformance(
        &self,
        game: &LoadedGame,
        seed: u64,
        matches: u64,
    ) -> Result<Conformance, String> {
        super::conformance::check(game.rules::<R>(), seed, matches)
    }

    fn options_json(&self, game: &LoadedGame) -> String {
        serde_json::to_string(&game.rules::<R>().options()).unwrap_or_default()
    }

    fn points_range(&self, game: &LoadedGame) -> (i32, i32) {
        let rules = game.rules::<R>();
        let hand = HandPlay::deal(rules, 0, 0).hand;
        let sides = hand.sides();
        let lo = sides.all().map(|s| hand.least_points(s)).min().unwrap_or(0);
        let hi = sides.all().map(|s| hand.most_points(s)).max().unwrap_or(0);
        (lo, hi + rules.most_bonus())
    }

    fn deal_hand(&self, game: &LoadedGame, seed: u64, index: u64) -> Box<dyn DynHand> {
        Box::new(HandPlay::deal(game.rules::<R>(), seed, index))
    }

    fn hand_from_record(&self, line: &str) -> Result<Box<dyn DynHand>, String> {
        Ok(Box::new(HandPlay::<R>::from_record(line)?))
    }

    fn agent(&self, spec: &AgentSpec) -> Result<Box<dyn DynAgent>, SpecError> {
        erased_agent::<R>(spec)
    }

    fn hands_header(&self) -> Vec<String> {
        crate::experiment::hands_header::<R>()
    }

    fn play_batches_with(
        &self,
        game: &LoadedGame,
        exp: &Experiment,
        range: Range<u64>,
        done: u64,
        want: Want,
        guests: &dyn DynGuests,
        stop: &AtomicBool,
        stop_after: Option<u64>,
        sink: &mut (dyn FnMut(Batch, u64) -> Result<(), RunError> + Send),
    ) -> Result<RunEnd, RunError> {
        let rules = game.rules::<R>();
        crate::experiment::play_batches_with(
            exp,
            rules,
            range,
            done,
            want,
            &Erased { rules, guests },
            stop,
            stop_after,
            sink,
        )
    }

    fn play_chunk_with(
        &self,
        game: &LoadedGame,
        pair: [&AgentSpec; 2],
        chunk: Range<u64>,
        plan: PairPlan<'_>,
        clocks: &[Arc<DecisionClock>; 2],
        notes: Option<PairNotes<'_>>,
        guests: &dyn DynGuests,
    ) -> Vec<f64> {
        let rules = game.rules::<R>();
        crate::experiment::play_chunk_with(
            rules,
            pair,
            chunk,
            plan,
            clocks,
            notes,
            &Erased { rules, guests },
        )
    }
}
