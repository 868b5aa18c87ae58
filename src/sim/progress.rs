//! The progress bar a long job draws on standard error while it plays, where standard error
//! is a terminal (never into a file or a pipe).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `len` steps drawn with `template` (indicatif's), or `None` when standard error is
/// not a terminal.
pub fn progress_bar(len: u64, template: &str) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let p = ProgressBar::new(len);
        p.set_style(ProgressStyle::with_template(template).expect("valid template"));
        p
    })
}
