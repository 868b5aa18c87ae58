//! [`Experiment::parse`]: a config's text checked field by field into an [`Experiment`], in
//! the order the errors are reported: the name, the game and table, the deals and statistics,
//! the options, the bots, the arms, then what refers to the arms (hypotheses, claims, the
//! agreement, in [`config_sections`](super::config_sections)) and the edition. Every error
//! names the field and, where it can, its line.

use std::collections::BTreeSet;

use toml::Spanned;

use crate::agents::external::ExternalSpec;
use crate::agents::{AGENT_NAMES, NamedBots, parse_seating_with};
use crate::games::{GameKind, Seat};

use super::config::{Arm, ConfigError, DEFAULT_EDITION, Experiment, Lines};
use super::config_raw::{RawConfig, Seats};
use super::config_sections::Refs;

impl Experiment {
    /// Checks the config `text` (from `file`, for messages).
    ///
    /// # Errors
    /// Any field that is wrong: one line naming it, with its line where known.
    pub fn parse(file: &str, text: &str) -> Result<Experiment, ConfigError> {
        let at = Lines { file, text };
        let raw: RawConfig = toml::from_str(text).map_err(|e| at.toml(&e))?;
        let name = name_of(&at, &raw)?;
        let (game, players) = table_of(&at, &raw)?;
        check_statistics(&at, &raw, game)?;
        // The table first (player count and options), so that arm errors are about arms.
        let options =
            at.table_options(raw.options.as_ref(), raw.players.as_ref(), game, players)?;
        let bots = named_bots(&at, &raw)?;
        let arms = arms_of(&at, &raw, players, &bots)?;
        super::games::check(game, players, &options, &arms).map_err(|m| {
            let span = raw
                .arm
                .iter()
                .find(|a| m.contains(&format!("`{}`", a.name.get_ref())))
                .map(|a| a.seats.span());
            at.err(span, m)
        })?;
        let refs = Refs {
            at: &at,
            raw: &raw,
            arms: &arms,
        };
        let hypotheses = refs.hypotheses()?;
        let claims = refs.claims()?;
        let agreement = match &raw.agreement {
            None => None,
            Some(a) => {
                let table = (game, players, &options);
                Some(refs.agreement(a.get_ref(), Some(a.span()), table, &bots)?)
            }
        };
        let edition = edition_of(&at, &raw)?;
        Ok(Experiment {
            name,
            game,
            players,
            seed: raw.seed,
            deals: *raw.deals.get_ref(),
            matches: raw.matches,
            duplicate: raw.duplicate,
            statistics: raw.statistics.get_ref().clone(),
            options,
            arms,
            hypotheses,
            claims,
            max_hands: raw.max_hands.unwrap_or(10_000),
            hand_rows: raw.hand_rows,
            agreement,
            source: text.to_string(),
            edition,
            family: raw.family.clone(),
            field: raw.field.clone(),
            book: None,
        })
    }
}

impl Lines<'_> {
    /// The field `game` and the player count `players` (the game's default where none is
    /// given), as an experiment or a tournament config gives them.
    pub(super) fn game_and_players(
        &self,
        game: &Spanned<String>,
        players: Option<&Spanned<usize>>,
    ) -> Result<(GameKind, usize), ConfigError> {
        let kind: GameKind = game
            .get_ref()
            .parse()
            .map_err(|e: crate::games::RulesError| {
                self.err(Some(game.span()), format!("field `game`: {e}"))
            })?;
        let count = players.map_or(kind.default_players(), |p| *p.get_ref());
        Ok((kind, count))
    }

    /// The game's `options` (none: the defaults), checked with the player count: an error
    /// points at the options where it is about one, else at `players`.
    pub(super) fn table_options(
        &self,
        options: Option<&Spanned<toml::Table>>,
        players: Option<&Spanned<usize>>,
        game: GameKind,
        count: usize,
    ) -> Result<toml::Table, ConfigError> {
        let table = options.map(|o| o.get_ref().clone()).unwrap_or_default();
        super::games::check(game, count, &table, &[]).map_err(|m| {
            let span = if m.contains("option") {
                options.map(|o| o.span())
            } else {
                None
            };
            self.err(span.or(players.map(|p| p.span())), m)
        })?;
        Ok(table)
    }
}

/// The field `name`: letters, digits, `-`, `_` or `.`, as it names the output folder.
fn name_of(at: &Lines<'_>, raw: &RawConfig) -> Result<String, ConfigError> {
    let name = raw.name.get_ref().trim().to_string();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    {
        return Err(at.err(
            Some(raw.name.span()),
            "field `name` must be letters, digits, `-`, `_` or `.` (it names the output folder)",
        ));
    }
    Ok(name)
}

/// The game and its player count (the game's default where none is given), and the deals.
fn table_of(at: &Lines<'_>, raw: &RawConfig) -> Result<(GameKind, usize), ConfigError> {
    let (game, players) = at.game_and_players(&raw.game, raw.players.as_ref())?;
    if *raw.deals.get_ref() == 0 {
        return Err(at.err(Some(raw.deals.span()), "field `deals` must be at least 1"));
    }
    if *raw.deals.get_ref() >= 1 << 63 {
        // As `simulate --games`: deal numbers and counts stay in i64 and in the shard sums.
        return Err(at.err(Some(raw.deals.span()), "field `deals` must be below 2^63"));
    }
    Ok((game, players))
}

/// The field `statistics`: some, each a statistic of the game in the config's mode.
fn check_statistics(at: &Lines<'_>, raw: &RawConfig, game: GameKind) -> Result<(), ConfigError> {
    let allowed = super::games::statistics(game, raw.matches);
    for s in raw.statistics.get_ref() {
        if !allowed.contains(&s.as_str()) {
            return Err(at.err(
                Some(raw.statistics.span()),
                format!(
                    "field `statistics`: `{s}` is not a statistic of {game}{}; expected one of: {}",
                    if raw.matches { " matches" } else { " hands" },
                    allowed.join(", ")
                ),
            ));
        }
    }
    if raw.statistics.get_ref().is_empty() {
        return Err(at.err(
            Some(raw.statistics.span()),
            format!(
                "field `statistics` names none; expected some of: {}",
                allowed.join(", ")
            ),
        ));
    }
    Ok(())
}

/// The `[[arm]]`s: at least one, each named once, seating `players` agents (the `[bots]` by
/// name too), with subject seats at the table.
fn arms_of(
    at: &Lines<'_>,
    raw: &RawConfig,
    players: usize,
    bots: &NamedBots,
) -> Result<Vec<Arm>, ConfigError> {
    if raw.arm.is_empty() {
        return Err(at.err(None, "no `[[arm]]`: an experiment needs at least one arm"));
    }
    let mut arms = Vec::new();
    let mut names = BTreeSet::new();
    for a in &raw.arm {
        let n = a.name.get_ref().clone();
        if !names.insert(n.clone()) {
            return Err(at.err(Some(a.name.span()), format!("arm `{n}` is named twice")));
        }
        let text = match a.seats.get_ref() {
            Seats::One(s) => s.clone(),
            Seats::Each(v) => v.join(";"),
        };
        let seats = parse_seating_with(&text, players, bots).map_err(|e| {
            at.err(
                Some(a.seats.span()),
                format!("arm `{n}`, field `seats`: {e}"),
            )
        })?;
        let subject: Vec<Seat> = match &a.subject {
            None => vec![Seat(0)],
            Some(s) => {
                if s.get_ref().is_empty() || s.get_ref().iter().any(|&x| x as usize >= players) {
                    return Err(at.err(
                        Some(s.span()),
                        format!(
                            "arm `{n}`, field `subject`: seats must be between 0 and {}",
                            players - 1
                        ),
                    ));
                }
                s.get_ref().iter().map(|&x| Seat(x)).collect()
            }
        };
        arms.push(Arm {
            name: n,
            seats,
            subject,
        });
    }
    Ok(arms)
}

/// The field `edition` (1, 2 or 3; the default where none is given), and a `family` only from
/// the second edition on.
fn edition_of(at: &Lines<'_>, raw: &RawConfig) -> Result<u8, ConfigError> {
    let edition = match &raw.edition {
        None => DEFAULT_EDITION,
        Some(e) if [1, 2, 3].contains(e.get_ref()) => *e.get_ref(),
        Some(e) => {
            return Err(at.err(
                Some(e.span()),
                format!("field `edition`: {} is not an edition; expected 1 (RULES.md §5.0), 2 (§5.4) or 3 (§5.5)", e.get_ref()),
            ));
        }
    };
    if raw.family.is_some() && edition < 2 {
        return Err(at.err(
            raw.edition.as_ref().map(|e| e.span()),
            "field `family` needs edition 2 or 3 (the first edition has no family)",
        ));
    }
    Ok(edition)
}

/// The `[bots]` table: each bot's external spec under its name, checked like an
/// `external:` spec; a name must not be an agent's.
fn named_bots(at: &Lines<'_>, raw: &RawConfig) -> Result<NamedBots, ConfigError> {
    let mut bots = NamedBots::new();
    for (name, bot) in raw.bots.iter().flatten() {
        let span = Some(bot.span());
        let b = bot.get_ref();
        if AGENT_NAMES.contains(&name.as_str()) {
            return Err(at.err(
                span,
                format!(
                    "[bots.{name}]: `{name}` is an agent's name; name the bot otherwise (agents: {})",
                    AGENT_NAMES.join(", ")
                ),
            ));
        }
        let numbers = [
            ("budget_ms", b.budget_ms.map(|v| v.to_string())),
            ("iterations", b.iterations.map(|v| v.to_string())),
            ("nodes", b.nodes.map(|v| v.to_string())),
            ("ponder", b.ponder.map(|v| v.to_string())),
        ];
        let options: Vec<(String, String)> = b
            .options
            .iter()
            .flatten()
            .map(|(k, v)| {
                let value = match v {
                    toml::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (format!("opt.{k}"), value)
            })
            .collect();
        let mut fields = vec![("name", name.as_str()), ("cmd", b.cmd.as_str())];
        fields.extend(
            numbers
                .iter()
                .filter_map(|(k, v)| v.as_deref().map(|v| (*k, v))),
        );
        fields.extend(b.clock.as_deref().map(|v| ("clock", v)));
        fields.extend(b.on_fault.as_deref().map(|v| ("on_fault", v)));
        fields.extend(b.log.as_deref().map(|v| ("log", v)));
        fields.extend(options.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let spec = ExternalSpec::from_fields(&fields).map_err(|(key, value, allowed)| {
            let message = match key {
                "name" => format!(
                    "[bots.{name}]: a bot's name must be {allowed} (it names the bot in seatings and reports)"
                ),
                _ => format!(
                    "[bots.{name}] field `{key}`: `{}` is not allowed; expected {allowed}",
                    value.unwrap_or("")
                ),
            };
            at.err(span.clone(), message)
        })?;
        bots.insert(name.clone(), spec);
    }
    Ok(bots)
}
