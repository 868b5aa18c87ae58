//! Deal books as the jobs read them (`--deals FILE`, docs/deals.md): read, and checked for the
//! run's game, table and deals, with errors of the kind the command line reports (a file that
//! cannot be read: the environment; anything else: bad input).

use std::path::Path;
use std::sync::Arc;

use crate::errors::book_error;
use crate::games::LoadedGame;
use crate::games::book::DealBook;

/// Reads the book `path`.
///
/// # Errors
/// A file that cannot be read (exit 1), or one that is not a deal book (bad input, exit 2).
pub fn open_book(path: &Path) -> anyhow::Result<DealBook> {
    DealBook::read(path).map_err(book_error)
}

/// Checks `book` for `game` and a run of `wanted` deals.
///
/// # Errors
/// A book that does not fit the run: another game, player count or options, fewer deals, a
/// bad deal (bad input, exit 2).
pub fn fit_book(book: DealBook, game: &LoadedGame, wanted: u64) -> anyhow::Result<Arc<DealBook>> {
    game.check_book(&book, wanted).map_err(book_error)?;
    Ok(Arc::new(book))
}
