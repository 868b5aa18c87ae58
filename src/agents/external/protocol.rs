//! The messages of `tricklab-bot/1` and `tricklab-bot/1.1` (see `docs/bot-protocol.md`): what
//! tricklab writes to a bot and how it reads the bot's answers. Every message is one JSON
//! object on one line. A bot that answers `hello` with 1.1 may declare options and pondering,
//! and its requests carry the time control, the time left and the limits.
//!
//! Each message to a seat is built only from what that seat may know (RULES.md §1.9, §2.8,
//! §3.5): its own cards, the public steps, the steps it took part in, and the seat's
//! [`Knowledge`](crate::knowledge::Knowledge) (which the game derives from the same rules).

use serde::Deserialize;
use serde_json::{Value, json};

use super::FaultKind;
use super::options::OptionDecl;
use crate::agents::TableInfo;
use crate::cards::CardSet;
use crate::games::matches::{MatchState, PlayedHand};
use crate::games::record::{ActionRecord, Step};
use crate::games::{Action, ActionSet, Game, Seat};
use crate::knowledge::{Observable, PlaceKind};

/// The protocol's name and first version, which every bot may speak.
pub const PROTOCOL: &str = "tricklab-bot/1";

/// Version 1.1: options, `isready`, time controls and limits, pondering and `stop`.
pub const PROTOCOL_1_1: &str = "tricklab-bot/1.1";

/// The versions tricklab speaks, as its `hello` lists them.
pub const VERSIONS: [&str; 2] = [PROTOCOL, PROTOCOL_1_1];

/// A game and the player counts a bot plays it with.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct GameSupport {
    /// The game's name (`catch-the-ten`, `nine-five-two`, `whist`).
    pub game: String,
    /// The player counts.
    pub players: Vec<usize>,
}

/// A bot's answer to `hello`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Hello {
    /// The bot's name.
    pub name: String,
    /// Who wrote it.
    #[serde(default)]
    pub author: String,
    /// Its version.
    #[serde(default)]
    pub version: String,
    /// The protocol it speaks: one of [`VERSIONS`].
    pub protocol: String,
    /// What it plays.
    pub games: Vec<GameSupport>,
    /// The options it declares (1.1).
    #[serde(default)]
    pub options: Vec<OptionDecl>,
    /// Whether it can think on other seats' turns (1.1).
    #[serde(default)]
    pub ponder: bool,
}

impl Hello {
    /// Whether the bot speaks protocol 1.1.
    pub fn speaks_1_1(&self) -> bool {
        self.protocol == PROTOCOL_1_1
    }

    /// Whether the bot plays `game` with `players` players.
    pub fn supports(&self, game: &str, players: usize) -> bool {
        self.games
            .iter()
            .any(|g| g.game == game && g.players.contains(&players))
    }

    /// What the bot plays, for messages: `whist (4), catch-the-ten (2, 4)`.
    pub fn supported(&self) -> String {
        let v: Vec<String> = self
            .games
            .iter()
            .map(|g| {
                let p: Vec<String> = g.players.iter().map(|n| n.to_string()).collect();
                format!("{} ({})", g.game, p.join(", "))
            })
            .collect();
        if v.is_empty() {
            "nothing".into()
        } else {
            v.join(", ")
        }
    }
}

/// One message: `{"type":kind,…}` with `body`'s fields after `type` (tricklab always writes
/// `type` first, so that a bot may skip the lines it does not need without parsing them).
fn message(kind: &str, body: &Value) -> String {
    let text = body.to_string();
    match text.strip_prefix('{') {
        Some("}") | None => format!("{{\"type\":\"{kind}\"}}"),
        Some(rest) => format!("{{\"type\":\"{kind}\",{rest}"),
    }
}

/// The first line to a bot: the first version (which a 1.0 bot expects) and every version
/// tricklab speaks.
pub fn hello() -> String {
    message(
        "hello",
        &json!({"protocol": PROTOCOL, "versions": VERSIONS}),
    )
}

/// `option` (1.1): sets one of the bot's declared options.
pub fn option(name: &str, value: &Value) -> String {
    message("option", &json!({"name": name, "value": value}))
}

/// `isready` (1.1): the bot answers `readyok` once it is ready (after its options).
pub fn isready() -> String {
    message("isready", &json!({}))
}

/// `ponder` (1.1): the bot may think until the next `stop`.
pub fn ponder() -> String {
    message("ponder", &json!({}))
}

/// `stop` (1.1): the bot stops pondering; the lines that follow are the story since.
pub fn stop() -> String {
    message("stop", &json!({}))
}

/// Whether `line` is the bot's `readyok`.
pub fn is_readyok(line: &str) -> bool {
    serde_json::from_str::<Value>(line)
        .is_ok_and(|v| v.get("type").and_then(Value::as_str) == Some("readyok"))
}

/// `text` with control characters escaped (`\n`), so that a message echoing what a bot wrote
/// (a JSON string may hold an escaped newline) stays on one line.
fn on_one_line(text: String) -> String {
    if !text.chars().any(char::is_control) {
        return text;
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Reads a bot's answer to `hello`.
pub fn read_hello(line: &str) -> Result<Hello, String> {
    hello_of(line).map_err(on_one_line)
}

fn hello_of(line: &str) -> Result<Hello, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON ({e})"))?;
    if v.get("type").and_then(Value::as_str) != Some("hello") {
        return Err("expected {\"type\":\"hello\",…}".into());
    }
    let h: Hello = serde_json::from_value(v).map_err(|e| format!("bad hello ({e})"))?;
    if !VERSIONS.contains(&h.protocol.as_str()) {
        return Err(format!(
            "it speaks protocol `{}`, tricklab speaks `{PROTOCOL}` and `{PROTOCOL_1_1}`",
            h.protocol
        ));
    }
    if !h.speaks_1_1() && (!h.options.is_empty() || h.ponder) {
        return Err(format!(
            "options and pondering need `{PROTOCOL_1_1}`; it speaks `{}`",
            h.protocol
        ));
    }
    Ok(h)
}

fn cards(set: CardSet) -> Value {
    Value::Array(
        set.into_iter()
            .map(|c| Value::String(c.to_string()))
            .collect(),
    )
}

fn place_name(kind: PlaceKind) -> String {
    match kind {
        PlaceKind::Hand(s) => format!("hand:{s}"),
        PlaceKind::LaterSet { seat, set } => format!("set:{seat}:{set}"),
        PlaceKind::Kitty => "kitty".into(),
        PlaceKind::Discards => "discards".into(),
        PlaceKind::Given { batch } => format!("given:{batch}"),
    }
}

/// What `seat` knows of where hidden cards are: the places with cards it knows to be there
/// (the turned card in the dealer's hand; a 9-5-2 card it gave or returned that can only be
/// in the other seat's hand still).
fn known<G: Observable>(state: &G, seat: Seat) -> Value {
    let k = state.knowledge(seat);
    Value::Array(
        k.located(state.passed_on(seat))
            .into_iter()
            .map(|(place, set)| json!({"place": place_name(place), "cards": cards(set)}))
            .collect(),
    )
}

/// `match`: the game, its options, the seat and the sides.
pub fn match_start<G: Game>(table: &TableInfo, seat: Seat, state: &G) -> String {
    let sides = state.sides();
    let of: Vec<u8> = Seat::all(sides.num_seats())
        .map(|s| sides.side(s).0)
        .collect();
    message(
        "match",
        &json!({
            "match": table.match_index,
            "game": table.game.name(),
            "players": table.players,
            "options": table.options,
            "seat": seat.0,
            "sides": of,
        }),
    )
}

/// `hand`: a new hand, as `seat` sees it dealt.
pub fn hand_start<G: Observable>(before: &MatchState, seat: Seat, state: &G) -> String {
    let n_sides = state.sides().num_sides();
    let k = state.knowledge(seat);
    message(
        "hand",
        &json!({
            "hand": before.hands_dealt,
            "dealer": state.dealer().0,
            "scores": &before.scores[..n_sides],
            "previous": before.previous.map(|p| p[..state.num_seats()].to_vec()),
            "cards": cards(state.hand(seat)),
            "trump": state.trump().map(|t| t.to_string()),
            "known": known(state, seat),
            "out_of_play": cards(k.out_of_play),
        }),
    )
}

/// Whether `seat` sees the card of `record`: plays and trumps are public; a discard only its
/// maker sees; a give or a return the two seats it passes between.
pub fn sees(record: &ActionRecord, seat: Seat) -> bool {
    match record.step {
        Step::Play(_) | Step::Trump(_) => true,
        Step::Discard(_) => record.seat == seat.0,
        Step::Give(_) | Step::Return(_) => record.seat == seat.0 || record.to == Some(seat.0),
    }
}

/// `step`: a decision or forced step, its card hidden (`null`) where `seat` may not see it.
pub fn step(record: &ActionRecord, seat: Seat) -> String {
    let mut v = serde_json::to_value(record).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut v
        && !sees(record, seat)
    {
        for key in ["discard", "give", "return"] {
            if let Some(x) = m.get_mut(key) {
                *x = Value::Null;
            }
        }
    }
    message("step", &v)
}

/// The time of a decision request: its budget, and for a 1.1 bot the time control and limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The most milliseconds the decision may take (a clock's time left).
    pub budget_ms: u64,
    /// The 1.1 fields; `None` for a 1.0 bot.
    pub time: Option<AskTime>,
}

/// What a 1.1 request adds: the time control, the time left and increment, and the limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskTime {
    /// `decision`, `hand` or `match`.
    pub control: &'static str,
    /// The milliseconds left (the budget for a `decision` control).
    pub left_ms: u64,
    /// The milliseconds added after the answer.
    pub increment_ms: u64,
    /// The iterations the bot may spend, if limited.
    pub iterations: Option<u64>,
    /// The nodes the bot may search, if limited.
    pub nodes: Option<u64>,
}

impl Ask {
    /// A 1.0 request with a budget of `budget_ms`.
    pub const fn budget(budget_ms: u64) -> Ask {
        Ask {
            budget_ms,
            time: None,
        }
    }
}

/// `decide`: the request for `seat`'s decision `id`, with the legal actions, the seat's view of
/// the hand now and, for a 9-5-2 give, `to`: the seat the card goes to (`null` otherwise); and
/// its time (see [`Ask`]).
pub fn decide<G: Observable>(id: u64, seat: Seat, state: &G, ask: &Ask) -> String {
    let legal = state.legal_actions();
    let trick = state.trick();
    let n = state.num_seats();
    let tricks: Vec<u32> = Seat::all(n).map(|s| state.tricks_won(s)).collect();
    let points: Vec<i32> = state
        .sides()
        .all()
        .map(|side| state.side_points(side))
        .collect();
    let mut body = json!({
            "id": id,
            "seat": seat.0,
            "decision": legal.decision().name(),
            "legal": legal.iter().map(Action::argument).collect::<Vec<_>>(),
            "budget_ms": ask.budget_ms,
            "cards": cards(state.hand(seat)),
            "trump": state.trump().map(|t| t.to_string()),
            "trick": {
                "leader": trick.leader().0,
                "cards": trick.cards().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            },
            "tricks": tricks,
            "points": points,
            "known": known(state, seat),
            "to": state.give_receiver().map(|s| s.0),
    });
    if let (Some(t), Some(fields)) = (ask.time, body.as_object_mut()) {
        fields.insert("time_control".into(), json!(t.control));
        fields.insert("time_left_ms".into(), json!(t.left_ms));
        fields.insert("increment_ms".into(), json!(t.increment_ms));
        fields.insert("iterations".into(), json!(t.iterations));
        fields.insert("nodes".into(), json!(t.nodes));
    }
    message("decide", &body)
}

/// `result` without its card lists: a record's result may name cards only some seats saw (the
/// 9-5-2 discards and the cards of each exchange), so none is sent.
fn without_cards(result: &Value) -> Value {
    match result {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(_, v)| v.as_str().is_none_or(|t| t.parse::<CardSet>().is_err()))
                .map(|(k, v)| (k.clone(), without_cards(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_cards).collect()),
        v => v.clone(),
    }
}

/// `hand_end`: the result as a game record writes it less its card lists, the points and tricks
/// of the hand, and the match scores after it.
pub fn hand_end<G: Game>(played: &PlayedHand<'_, G>, result: &Value) -> String {
    let n_sides = played.last.sides().num_sides();
    let mut body = json!({
        "hand": played.before.hands_dealt,
        "result": without_cards(result),
        "points": played.last.sides().all().map(|side| played.last.side_points(side)).collect::<Vec<_>>(),
        "tricks": Seat::all(played.last.num_seats()).map(|s| played.last.tricks_won(s)).collect::<Vec<_>>(),
        "scores": &played.after.scores[..n_sides],
        "next_dealer": played.after.dealer.0,
    });
    if let (Some(seat), Some(fields)) = (played.last.conceded(), body.as_object_mut()) {
        let to = played.last.concession_receiver(seat);
        fields.insert("forfeit".into(), json!({"seat": seat.0, "to": to.0}));
    }
    message("hand_end", &body)
}

/// `match_end`: the final scores and winning sides (`null` when the match was cut short).
pub fn match_end(end: &MatchState, n_sides: usize) -> String {
    let winners: Option<Vec<u8>> = end
        .winners
        .map(|w| (0..8u8).filter(|s| w & (1 << s) != 0).collect());
    message(
        "match_end",
        &json!({
            "scores": &end.scores[..n_sides],
            "winners": winners,
            "abandoned": end.abandoned,
        }),
    )
}

/// What a bot answered to a `decide`.
#[derive(Debug, PartialEq)]
pub enum Answer {
    /// An `info` line, kept in the log and attached to the decision in hand records.
    Info(Value),
    /// The action.
    Action(Action),
}

/// The decision a line answers, if it is an `action` with an `id`.
pub fn answered_id(line: &str) -> Option<u64> {
    let v: Value = serde_json::from_str(line).ok()?;
    if v.get("type").and_then(Value::as_str) != Some("action") {
        return None;
    }
    v.get("id").and_then(Value::as_u64)
}

/// Whether a line is an `info` message (which a bot may write at any time).
pub fn is_info(line: &str) -> bool {
    serde_json::from_str::<Value>(line)
        .is_ok_and(|v| v.get("type").and_then(Value::as_str) == Some("info"))
}

/// Reads one line a bot wrote while `seat` is to decide `id` among `legal`. An error is the
/// kind of fault and what was wrong.
pub fn read_answer(
    line: &str,
    id: u64,
    seat: Seat,
    legal: ActionSet,
) -> Result<Answer, (FaultKind, String)> {
    answer_of(line, id, seat, legal).map_err(|(kind, m)| (kind, on_one_line(m)))
}

fn answer_of(
    line: &str,
    id: u64,
    seat: Seat,
    legal: ActionSet,
) -> Result<Answer, (FaultKind, String)> {
    let malformed = |m: String| (FaultKind::Malformed, m);
    let v: Value =
        serde_json::from_str(line).map_err(|e| malformed(format!("malformed JSON ({e})")))?;
    match v.get("type").and_then(Value::as_str) {
        Some("info") => return Ok(Answer::Info(v)),
        Some("action") => {}
        _ => {
            return Err(malformed(
                "expected an object with \"type\": \"action\" or \"info\"".into(),
            ));
        }
    }
    match v.get("id").and_then(Value::as_u64) {
        Some(got) if got == id => {}
        Some(got) => {
            return Err((
                FaultKind::WrongId,
                format!("answered decision {got}, but decision {id} is open"),
            ));
        }
        None => {
            return Err((
                FaultKind::WrongId,
                format!("the action has no numeric \"id\" (decision {id} is open)"),
            ));
        }
    }
    match v.get("seat").and_then(Value::as_u64) {
        Some(s) if s == u64::from(seat.0) => {}
        Some(s) => {
            return Err((
                FaultKind::OtherSeat,
                format!("answered for seat {s}, but seat {seat} is to act"),
            ));
        }
        None => return Err(malformed("the action has no \"seat\"".into())),
    }
    let text = v
        .get("action")
        .and_then(Value::as_str)
        .ok_or_else(|| malformed("the action has no \"action\" text".into()))?;
    let action = Action::parse(legal.decision(), text).map_err(|e| {
        (
            FaultKind::Illegal,
            format!("cannot read action `{text}`: {e}"),
        )
    })?;
    if !legal.contains(action) {
        let l: Vec<String> = legal.iter().map(Action::argument).collect();
        return Err((
            FaultKind::Illegal,
            format!("illegal action `{text}`: legal are {}", l.join(" ")),
        ));
    }
    Ok(Answer::Action(action))
}
