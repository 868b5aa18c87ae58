//! Switches of the rule-based players: names, documentation and parsing.

use super::super::SpecError;

/// A beginner tip (or a control) as a switch of a rule-based player.
pub trait Switch: Copy + Eq + 'static {
    /// Every switch of the game.
    const ALL: &'static [Self];
    /// The game's name.
    const GAME: &'static str;
    /// The switch's name in specs.
    fn name(self) -> &'static str;
    /// What it does, in one line (`tricklab list switches`): the first sentence of its
    /// documentation, in the games' words.
    fn about(self) -> &'static str;
    /// Switches it cannot be combined with.
    fn conflicts(self) -> &'static [Self] {
        &[]
    }
}

/// Reads switch names for the game of `S`, rejecting unknown names and contradicting pairs.
pub fn parse_switches<S: Switch>(names: &[String]) -> Result<Vec<S>, SpecError> {
    let mut out: Vec<S> = Vec::new();
    for n in names {
        let s = S::ALL
            .iter()
            .copied()
            .find(|s| s.name() == n)
            .ok_or_else(|| SpecError::UnknownSwitch {
                game: S::GAME.into(),
                switch: n.clone(),
                allowed: S::ALL
                    .iter()
                    .map(|s| s.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        if let Some(c) = out
            .iter()
            .find(|o| s.conflicts().contains(o) || o.conflicts().contains(&s))
        {
            return Err(SpecError::Conflict(c.name().into(), s.name().into()));
        }
        out.push(s);
    }
    Ok(out)
}
