//! The small Catch the Ten experiment most tests run: a `save_ten` tip against a baseline
//! control, each seated at 0 and 2 (the subject) with the same opponents at 1 and 3, written
//! as a user writes a config file.

use std::fmt::Write as _;
use std::path::PathBuf;

/// A two-arm Catch the Ten experiment config, built up and then written out with
/// [`SaveTen::toml`] or [`SaveTen::write`].
#[derive(Clone, Debug)]
pub struct SaveTen {
    name: String,
    players: Option<usize>,
    seed: Option<u64>,
    edition: Option<u8>,
    deals: u64,
    statistics: Vec<String>,
    arms: (String, String),
    opponents: String,
    sections: String,
}

impl SaveTen {
    /// The experiment `name`: 10 deals, no statistics yet, arms `tip` and `control`,
    /// `random` opponents; no player count, seed or edition written (the defaults).
    pub fn new(name: &str) -> SaveTen {
        SaveTen {
            name: name.to_string(),
            players: None,
            seed: None,
            edition: None,
            deals: 10,
            statistics: Vec::new(),
            arms: ("tip".into(), "control".into()),
            opponents: "random".into(),
            sections: String::new(),
        }
    }

    /// Writes `players = n`.
    pub fn players(mut self, n: usize) -> SaveTen {
        self.players = Some(n);
        self
    }

    /// Writes `seed = n`.
    pub fn seed(mut self, n: u64) -> SaveTen {
        self.seed = Some(n);
        self
    }

    /// Writes `edition = n` (without it, the default: the second edition, RULES.md §5.5).
    pub fn edition(mut self, n: u8) -> SaveTen {
        self.edition = Some(n);
        self
    }

    /// The number of deals.
    pub fn deals(mut self, n: u64) -> SaveTen {
        self.deals = n;
        self
    }

    /// The statistics to report.
    pub fn statistics(mut self, names: &[&str]) -> SaveTen {
        self.statistics = names.iter().map(|s| s.to_string()).collect();
        self
    }

    /// The agreement study's pair (RULES.md §5): at a table of four, the tip `save_ten` against
    /// the baseline `B0`, with `rules` opponents.
    pub fn against_b0(name: &str) -> SaveTen {
        SaveTen::new(name)
            .players(4)
            .arms("save_ten", "B0")
            .opponents("rules")
    }

    /// An `[agreement]` section on the two arms: self-play by `play`, asking `searchers` at
    /// `positions` positions.
    pub fn agreement(self, play: &str, searchers: &[&str], positions: u64) -> SaveTen {
        let quoted: Vec<String> = searchers.iter().map(|s| format!("\"{s}\"")).collect();
        let section = format!(
            "[agreement]\ntip = \"{}\"\ncontrol = \"{}\"\nplay = \"{play}\"\nsearchers = [{}]\npositions = {positions}\n",
            self.arms.0,
            self.arms.1,
            quoted.join(", ")
        );
        self.then(&section)
    }

    /// The names of the tip's arm and the control's arm.
    pub fn arms(mut self, tip: &str, control: &str) -> SaveTen {
        self.arms = (tip.into(), control.into());
        self
    }

    /// The agent at seats 1 and 3. With `rules` opponents the control arm is written
    /// `seats = "rules"`.
    pub fn opponents(mut self, agent: &str) -> SaveTen {
        self.opponents = agent.into();
        self
    }

    /// A section after the arms (`[hypothesis]`, `[agreement]`, …), as TOML text.
    pub fn then(mut self, section: &str) -> SaveTen {
        self.sections.push('\n');
        self.sections.push_str(section);
        self
    }

    /// The config file's text.
    pub fn toml(&self) -> String {
        let mut t = String::new();
        let _ = writeln!(t, "name = \"{}\"", self.name);
        let _ = writeln!(t, "game = \"catch-the-ten\"");
        if let Some(p) = self.players {
            let _ = writeln!(t, "players = {p}");
        }
        if let Some(s) = self.seed {
            let _ = writeln!(t, "seed = {s}");
        }
        if let Some(e) = self.edition {
            let _ = writeln!(t, "edition = {e}");
        }
        let _ = writeln!(t, "deals = {}", self.deals);
        let quoted: Vec<String> = self.statistics.iter().map(|s| format!("\"{s}\"")).collect();
        let _ = writeln!(t, "statistics = [{}]", quoted.join(", "));
        let o = &self.opponents;
        let tip = format!("[\"rules:save_ten\", \"{o}\", \"rules:save_ten\", \"{o}\"]");
        let control = if o == "rules" {
            "\"rules\"".to_string()
        } else {
            format!("[\"rules\", \"{o}\", \"rules\", \"{o}\"]")
        };
        for (name, seats) in [(&self.arms.0, tip), (&self.arms.1, control)] {
            let _ = write!(
                t,
                "\n[[arm]]\nname = \"{name}\"\nseats = {seats}\nsubject = [0, 2]\n"
            );
        }
        t.push_str(&self.sections);
        t
    }

    /// Writes the config to `path` and returns the path.
    pub fn write(&self, path: PathBuf) -> PathBuf {
        std::fs::write(&path, self.toml()).expect("writing a config");
        path
    }
}

#[test]
fn the_config_reads_as_the_experiment_it_describes() {
    let text = SaveTen::new("t")
        .players(4)
        .seed(3)
        .statistics(&["points", "ten_saved"])
        .arms("save_ten", "B0")
        .opponents("rules")
        .then("[hypothesis]\ntip = \"save_ten\"\ncontrol = \"B0\"\nstatistic = \"points\"\ndirection = \"greater\"\nepsilon = 0.5\n")
        .toml();
    let exp = tricklab::experiment::Experiment::parse("t.toml", &text).expect("a valid config");
    assert_eq!(exp.seed, 3);
    assert_eq!(exp.deals, 10);
    assert_eq!(exp.arms.len(), 2);
    assert_eq!(exp.arms[1].name, "B0");
    assert_eq!(exp.arms[1].seats.len(), 4);
    assert!(text.contains("seats = \"rules\"\n"), "{text}");
}
