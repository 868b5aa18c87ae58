//! The check's phases before any game: the handshake, and whether the bot exits when it reads
//! `quit` and when its input ends. (Every run stops a bot with both at once and kills it after
//! [`QUIT_GRACE`], so a bot that misses one still ends; here each is asked alone.)

use crate::agents::external::protocol::Hello;
use crate::agents::external::{self, BotProcess, ExternalSpec, Farewell, QUIT_GRACE};

/// Starts the bot of `spec` and runs the handshake (see [`external::start`]): its process,
/// still running, and its `hello`.
///
/// # Errors
/// The bot could not be started or failed the handshake (the message says why, with the end of
/// its stderr).
pub fn handshake(spec: &ExternalSpec) -> anyhow::Result<(BotProcess, Hello)> {
    external::start(spec, None).map_err(|(_, e)| anyhow::anyhow!("handshake: {e}"))
}

/// Asks `first` (a process from [`handshake`]) to exit with `quit` alone, then a second process
/// by closing its input alone: the lines the check prints.
///
/// # Errors
/// The bot was still running [`QUIT_GRACE`] after one of them (it is then killed), or the
/// second process failed its handshake.
pub fn endings(first: BotProcess, spec: &ExternalSpec) -> anyhow::Result<Vec<String>> {
    let quit = exits(first, Farewell::Quit, spec)?;
    let (second, _) = handshake(spec)?;
    let close = exits(second, Farewell::Close, spec)?;
    Ok(vec![
        format!("quit: {quit}"),
        format!("end of input: {close}"),
    ])
}

/// Whether the bot of `p` exits when asked `how`: the time it took, or the error.
fn exits(p: BotProcess, how: Farewell, spec: &ExternalSpec) -> anyhow::Result<String> {
    let (phase, after) = match how {
        Farewell::Quit => ("quit", "`quit` (its input left open)"),
        Farewell::Close => ("end of input", "its input closed (no `quit`)"),
        Farewell::QuitAndClose => ("quit", "`quit` and its input closed"),
    };
    match p.end(how) {
        Some(t) => Ok(format!("exited {} ms after {after}", t.as_millis())),
        None => Err(anyhow::anyhow!(
            "{phase}: bot {} (`{}`) was still running {} ms after {after}, and was killed; a bot \
             must exit when it reads `quit` and when its input ends",
            spec.name,
            spec.cmd,
            QUIT_GRACE.as_millis()
        )),
    }
}
