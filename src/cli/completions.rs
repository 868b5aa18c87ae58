//! `tricklab completions SHELL` and `tricklab man`: shell completions and a man page, generated
//! from the same clap definitions the tool parses its arguments with, so they never drift.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

/// Arguments of `tricklab completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the completion script for `args.shell` to standard output (e.g.
/// `tricklab completions bash > ~/.local/share/bash-completion/completions/tricklab`).
pub fn completions(args: CompletionsArgs) -> anyhow::Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(
        args.shell,
        &mut super::Cli::command(),
        "tricklab",
        &mut script,
    );
    crate::report::output::write_stdout(&script)?;
    Ok(())
}

/// Arguments of `tricklab man` (none).
#[derive(Debug, Args)]
pub struct ManArgs {}

/// Writes the man page (roff) to standard output (e.g. `tricklab man > tricklab.1`).
pub fn man(_args: ManArgs) -> anyhow::Result<()> {
    let mut page = Vec::new();
    clap_mangen::Man::new(super::Cli::command()).render(&mut page)?;
    crate::report::output::write_stdout(&page)?;
    Ok(())
}
