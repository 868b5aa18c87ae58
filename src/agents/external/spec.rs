//! The spec of an external bot: `external:cmd="python3 my_bot.py",name=mybot,budget_ms=1000`.

use std::fmt;
use std::path::PathBuf;

use crate::agents::SpecError;
use crate::agents::spec::key_value;

/// The keys an `external` spec takes.
pub const KEYS: [&str; 5] = ["cmd", "name", "budget_ms", "on_fault", "log"];

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
}

impl ExternalSpec {
    /// The default decision budget in milliseconds.
    pub const DEFAULT_BUDGET_MS: u64 = 1000;

    /// The name of a bot given none (reports then show its whole spec).
    pub const DEFAULT_NAME: &str = "external";

    /// Reads the parameters of an `external:` spec (already split at commas outside quotes).
    pub fn parse(params: &[String]) -> Result<ExternalSpec, SpecError> {
        let mut fields = Vec::new();
        for item in params {
            let (key, value) = key_value("external", item, &KEYS)?;
            if !KEYS.contains(&key) {
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

    /// Builds a spec from `(key, value)` fields, keys among `cmd`, `name`, `budget_ms`,
    /// `on_fault` and `log`, values as written (no quotes to strip). An error is the key, the
    /// value (`None`: the key is missing) and what is allowed.
    pub fn from_fields<'a>(
        fields: &[(&'a str, &'a str)],
    ) -> Result<ExternalSpec, (&'a str, Option<&'a str>, &'static str)> {
        let mut cmd = None;
        let mut name = None;
        let mut budget_ms = Self::DEFAULT_BUDGET_MS;
        let mut on_fault = OnFault::Abort;
        let mut log = None;
        for &(key, value) in fields {
            let bad = |allowed| Err((key, Some(value), allowed));
            match key {
                "cmd" if !split_command(value).is_empty() => cmd = Some(value.to_string()),
                "cmd" => return bad("a command"),
                "name" if valid_name(value) => name = Some(value.to_string()),
                "name" => return bad("letters, digits, `-`, `_` or `.`"),
                "budget_ms" => match value.parse().ok().filter(|v| (1..=3_600_000).contains(v)) {
                    Some(v) => budget_ms = v,
                    None => return bad("milliseconds from 1 to 3600000"),
                },
                "on_fault" => match value {
                    "abort" => on_fault = OnFault::Abort,
                    "forfeit" => on_fault = OnFault::Forfeit,
                    _ => return bad("`abort` or `forfeit`"),
                },
                "log" if !value.is_empty() => log = Some(PathBuf::from(value)),
                "log" => return bad("a file"),
                _ => return bad("not a key; keys: cmd, name, budget_ms, on_fault, log"),
            }
        }
        let cmd = cmd.ok_or(("cmd", None, "the command that starts the bot"))?;
        Ok(ExternalSpec {
            name: name.unwrap_or_else(|| Self::DEFAULT_NAME.to_string()),
            cmd,
            budget_ms,
            on_fault,
            log,
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
        if self.on_fault == OnFault::Forfeit {
            f.write_str(",on_fault=forfeit")?;
        }
        if let Some(log) = &self.log {
            write!(f, ",log=\"{}\"", log.display())?;
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
}
