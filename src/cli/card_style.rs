//! How `show` and `play` write cards: suit symbols or ASCII (`--ascii`), and red suits in
//! colour or not (`--color auto|always|never`), one pair of flags for both commands.

use std::io::IsTerminal;

use clap::{Args, ValueEnum};

use crate::play::screen::Style;

/// When to colour the red suits (♥ ♦).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal, `NO_COLOR` is unset and cards are not ASCII.
    #[default]
    Auto,
    /// Always colour, into a pipe or a file too, and whatever `NO_COLOR` says.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour, given whether the output is a terminal, whether `NO_COLOR` is set
    /// and whether the cards are written in ASCII.
    pub fn colour(self, terminal: bool, no_color: bool, ascii: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && !no_color && !ascii,
        }
    }
}

/// The card flags shared by `show` and `play`.
#[derive(Debug, Args)]
pub struct CardStyleArgs {
    /// Cards in ASCII (`TD`) rather than with suit symbols (`10♦`); no colour unless
    /// `--color always`.
    #[arg(long)]
    pub ascii: bool,
    /// Red suits in red: `auto` when standard output is a terminal and NO_COLOR is unset,
    /// `always`, or `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

impl CardStyleArgs {
    /// The style for standard output, as the flags and `NO_COLOR` ask.
    pub fn style(&self) -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            symbols: !self.ascii,
            colour: self
                .color
                .colour(std::io::stdout().is_terminal(), no_color, self.ascii),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ColorChoice::{Always, Auto, Never};

    #[test]
    fn auto_colours_only_a_terminal_without_no_color_or_ascii() {
        assert!(Auto.colour(true, false, false));
        assert!(!Auto.colour(false, false, false));
        assert!(!Auto.colour(true, true, false));
        assert!(!Auto.colour(true, false, true));
        assert!(Always.colour(false, true, true));
        assert!(!Never.colour(true, false, false));
    }
}
