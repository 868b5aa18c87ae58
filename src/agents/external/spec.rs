//! The spec of an external bot: `external:cmd="python3 my_bot.py",name=mybot,budget_ms=1000`,
//! with protocol 1.1's time controls, limits, pondering and options
//! (`clock=hand:60000+100,iterations=5000,ponder=true,opt.depth=3`).

use std::fmt;
use std::path::PathBuf;

use super::clock::ClockSetting;
use crate::agents::SpecError;
use crate::agents::spec::key_value;

/// The keys an `external` spec takes (besides `opt.NAME`, which sets the bot's option NAME).
pub const KEYS: [&str; 10] = [
    "cmd",
    "name",
    "budget_ms",
    "clock",
    "iterations",
    "nodes",
    "ponder",
    "on_fault",
    "log",
    "opt.NAME",
];

/// The prefix of a key that sets one of the bot's declared options.
pub const OPTION_PREFIX: &str = "opt.";

/// The most iterations or nodes a limit may name.
const MAX_LIMIT: u64 = 1_000_000_000_000;

/// What to do when a bot breaks the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OnFault {
    /// Stop the run with a one-line error; every row written before the fault's window stays.
    #[default]
    Abort,
    /// Score the hand as lost for the bot's side (see `docs/bot-protocol.md`), record the
    /// fault with the hand, restart the bot for the next hand and go on.
    Forfeit,
}

/// An external bot: the command that starts it and how it is held to the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The command line, split on white space (single or double quotes group words; no shell).
    pub cmd: String,
    /// The bot's name in reports and errors (default [`ExternalSpec::DEFAULT_NAME`], and
    /// reports then show the whole spec; see [`AgentSpec::label`](crate::agents::AgentSpec::label)).
    pub name: String,
    /// Milliseconds the bot has for each decision (and ten times as long for the handshake).
    pub budget_ms: u64,
    /// The fault policy.
    pub on_fault: OnFault,
    /// A file every line to and from the bot is appended to (`>` to the bot, `<` from it),
    /// `info` lines included.
    pub log: Option<PathBuf>,
    /// A clock per hand or match instead of the budget per decision.
    pub clock: Option<ClockSetting>,
    /// The iterations the bot may spend on each decision (protocol 1.1; the bot keeps to it).
    pub iterations: Option<u64>,
    /// The nodes the bot may search for each decision (protocol 1.1; the bot keeps to it).
    pub nodes: Option<u64>,
    /// Whether the bot may think on other seats' turns (protocol 1.1, a bot that declares
    /// `"ponder": true`).
    pub ponder: bool,
    /// The bot's declared options to set (protocol 1.1), by name, with their values as
    /// written, in the order given.
    pub options: Vec<(String, String)>,
}

impl ExternalSpec {
    /// The default decision budget in milliseconds.
    pub const DEFAULT_BUDGET_MS: u64 = 1000;

    /// The name of a bot given none (reports then show its whole spec).
    pub const DEFAULT_NAME: &str = "external";

    /// The spec of the bot `cmd` with every other setting at its default.
    pub fn command(cmd: &str) -> ExternalSpec {
        ExternalSpec {
            cmd: cmd.to_string(),
            name: Self::DEFAULT_NAME.to_string(),
            budget_ms: Self::DEFAULT_BUDGET_MS,
            on_fault: OnFault::Abort,
            log: None,
            clock: None,
            iterations: None,
            nodes: None,
            ponder: false,
            options: Vec::new(),
        }
    }

    /// Whether the spec asks for something only a bot speaking protocol 1.1 can do: the
    /// key that does, if any.
    pub fn needs_1_1(&self) -> Option<String> {
        if let Some((name, _)) = self.options.first() {
            return Some(format!("{OPTION_PREFIX}{name}"));
        }
        let keys = [
            ("iterations", self.iterations.is_some()),
            ("nodes", self.nodes.is_some()),
            ("ponder", self.ponder),
        ];
        keys.iter().find(|(_, on)| *on).map(|(k, _)| k.to_string())
    }

    /// Reads the parameters of an `external:` spec (already split at commas outside quotes).
    pub fn parse(params: &[String]) -> Result<ExternalSpec, SpecError> {
        let mut fields = Vec::new();
        for item in params {
            let (key, value) = key_value("external", item, &KEYS)?;
            if !KEYS.contains(&key) && !key.starts_with(OPTION_PREFIX) {
                return Err(SpecError::unknown_key("external", key, &KEYS));
            }
            fields.push((key, unquote(value)));
        }
        ExternalSpec::from_fields(&fields).map_err(|(key, value, allowed)| match key {
            "cmd" if value.is_none() => {
                SpecError::BadParameter(format!("external needs cmd=\"…\", {allowed}"))
            }
            _ => SpecError::bad_value("external", key, value.unwrap_or(""), allowed),
        })
    }

    /// Builds a spec from `(key, value)` fields, keys among those of `external:` (`opt.NAME` for any
    /// option NAME), values as written (no quotes to strip). An error is the key, the value
    /// (`None`: the key is missing) and what is allowed.
    pub fn from_fields<'a>(
        fields: &[(&'a str, &'a str)],
    ) -> Result<ExternalSpec, (&'a str, Option<&'a str>, &'static str)> {
        let mut cmd = None;
        let mut name = None;
        let mut budget_ms = None;
        let mut on_fault = OnFault::Abort;
        let mut log = None;
        let mut clock = None;
        let (mut iterations, mut nodes, mut ponder) = (None, None, false);
        let mut options: Vec<(String, String)> = Vec::new();
        let limit = |v: &str| v.parse().ok().filter(|v| (1..=MAX_LIMIT).contains(v));
        for &(key, value) in fields {
            let bad = |allowed| Err((key, Some(value), allowed));
            if let Some(option) = key.strip_prefix(OPTION_PREFIX) {
                if !valid_name(option) {
                    return Err((
                        key,
                        Some(value),
                        "an option name: letters, digits, `-`, `_` or `.`",
                    ));
                }
                if options.iter().any(|(n, _)| n == option) {
                    return bad("each option set once");
                }
                options.push((option.to_string(), value.to_string()));
                continue;
            }
            match key {
                "cmd" if !split_command(value).is_empty() => cmd = Some(value.to_string()),
                "cmd" => return bad("a command"),
                "name" if valid_name(value) => name = Some(value.to_string()),
                "name" => return bad("letters, digits, `-`, `_` or `.`"),
                "budget_ms" if clock.is_some() => return bad("no budget_ms with a clock"),
                "budget_ms" => match value.parse().ok().filter(|v| (1..=3_600_000).contains(v)) {
                    Some(v) => budget_ms = Some(v),
                    None => return bad("milliseconds from 1 to 3600000"),
                },
                "clock" if budget_ms.is_some() => return bad("no clock with budget_ms"),
                "clock" => match ClockSetting::parse(value) {
                    Some(c) => clock = Some(c),
                    None => return bad(ClockSetting::ALLOWED),
                },
                "iterations" => match limit(value) {
                    Some(v) => iterations = Some(v),
                    None => return bad("a count from 1 to 10^12"),
                },
                "nodes" => match limit(value) {
                    Some(v) => nodes = Some(v),
                    None => return bad("a count from 1 to 10^12"),
                },
                "ponder" => match value.parse() {
                    Ok(v) => ponder = v,
                    Err(_) => return bad("`true` or `false`"),
                },
                "on_fault" => match value {
                    "abort" => on_fault = OnFault::Abort,
                    "forfeit" => on_fault = OnFault::Forfeit,
                    _ => return bad("`abort` or `forfeit`"),
                },
                "log" if !value.is_empty() => log = Some(PathBuf::from(value)),
                "log" => return bad("a file"),
                _ => {
                    return bad(
                        "not a key; keys: cmd, name, budget_ms, clock, iterations, nodes, ponder, on_fault, log, opt.NAME",
                    );
                }
            }
        }
        let cmd = cmd.ok_or(("cmd", None, "the command that starts the bot"))?;
        Ok(ExternalSpec {
            name: name.unwrap_or_else(|| Self::DEFAULT_NAME.to_string()),
            cmd,
            budget_ms: budget_ms.unwrap_or(Self::DEFAULT_BUDGET_MS),
            on_fault,
            log,
            clock,
            iterations,
            nodes,
            ponder,
            options,
        })
    }

    /// The command's program and arguments.
    pub fn argv(&self) -> Vec<String> {
        split_command(&self.cmd)
    }
}

impl fmt::Display for ExternalSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "external:cmd=\"{}\",name={}", self.cmd, self.name)?;
        if self.budget_ms != Self::DEFAULT_BUDGET_MS {
            write!(f, ",budget_ms={}", self.budget_ms)?;
        }
        if let Some(c) = &self.clock {
            write!(f, ",clock={c}")?;
        }
        if let Some(n) = self.iterations {
            write!(f, ",iterations={n}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, ",nodes={n}")?;
        }
        if self.ponder {
            f.write_str(",ponder=true")?;
        }
        if self.on_fault == OnFault::Forfeit {
            f.write_str(",on_fault=forfeit")?;
        }
        if let Some(log) = &self.log {
            write!(f, ",log=\"{}\"", log.display())?;
        }
        for (name, value) in &self.options {
            if value.contains([',', '"', ' ']) {
                write!(f, ",{OPTION_PREFIX}{name}='{value}'")?;
            } else {
                write!(f, ",{OPTION_PREFIX}{name}={value}")?;
            }
        }
        Ok(())
    }
}

fn valid_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn unquote(s: &str) -> &str {
    let s = s.trim();
    for q in ['"', '\''] {
        if s.len() >= 2 && s.starts_with(q) && s.ends_with(q) {
            return &s[1..s.len() - 1];
        }
    }
    s
}

/// Splits a command line into words at white space; single or double quotes group words.
pub fn split_command(cmd: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for c in cmd.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// Splits `text` at `sep` where it is outside double or single quotes.
pub(crate) fn split_outside_quotes(text: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut quote = None;
    for (i, c) in text.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == sep => {
                parts.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            None => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell_without_one() {
        assert_eq!(
            split_command("python3  'my bot.py' --fast"),
            ["python3", "my bot.py", "--fast"]
        );
        assert_eq!(split_outside_quotes("a=\"x,y\",b", ','), ["a=\"x,y\"", "b"]);
    }

    #[test]
    fn specs_read_and_print_back() {
        let p =
            |s: &[&str]| ExternalSpec::parse(&s.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        let s = p(&["cmd=\"python3 bot.py\"", "name=mybot", "budget_ms=50"]).unwrap();
        assert_eq!(s.argv(), ["python3", "bot.py"]);
        assert_eq!(
            s.to_string(),
            "external:cmd=\"python3 bot.py\",name=mybot,budget_ms=50"
        );
        assert!(p(&["name=x"]).is_err());
        assert!(p(&["cmd=x", "budget_ms=0"]).is_err());
        let f = p(&["cmd=x", "on_fault=forfeit"]).unwrap();
        assert_eq!(f.on_fault, OnFault::Forfeit);
        assert_eq!(
            f.to_string(),
            "external:cmd=\"x\",name=external,on_fault=forfeit"
        );
        assert!(p(&["cmd=x", "on_fault=retry"]).is_err());
        assert!(p(&["cmd=x", "colour=red"]).is_err());
    }

    #[test]
    fn protocol_1_1_keys_read_and_print_back() {
        let p =
            |s: &[&str]| ExternalSpec::parse(&s.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        let s = p(&[
            "cmd=bot",
            "name=b",
            "clock=hand:2000+50",
            "iterations=300",
            "nodes=9",
            "ponder=true",
            "opt.depth=3",
            "opt.style='very bold'",
        ])
        .unwrap();
        assert_eq!(
            s.options,
            [
                ("depth".into(), "3".into()),
                ("style".into(), "very bold".into())
            ]
        );
        assert_eq!(s.needs_1_1().as_deref(), Some("opt.depth"));
        let text = s.to_string();
        assert_eq!(
            text,
            "external:cmd=\"bot\",name=b,clock=hand:2000+50,iterations=300,nodes=9,ponder=true,opt.depth=3,opt.style='very bold'"
        );
        let again: crate::agents::AgentSpec = text.parse().unwrap();
        assert_eq!(again, crate::agents::AgentSpec::External(Box::new(s)));
        assert_eq!(p(&["cmd=bot", "clock=match:10"]).unwrap().needs_1_1(), None);
        for bad in [
            &["cmd=x", "clock=day:5"][..],
            &["cmd=x", "clock=hand:5", "budget_ms=5"],
            &["cmd=x", "budget_ms=5", "clock=hand:5"],
            &["cmd=x", "iterations=0"],
            &["cmd=x", "ponder=yes"],
            &["cmd=x", "opt.a=1", "opt.a=2"],
            &["cmd=x", "opt.=1"],
        ] {
            assert!(p(bad).is_err(), "{bad:?}");
        }
    }
}
