//! Files that several bot processes append to (a log, a stderr file): opened once per path and
//! shared, so that lines from several threads do not overwrite each other.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The file at `path`, opened for appending (created with its folder if need be), shared by
/// every caller that names the same path.
pub fn shared_append(path: &Path) -> std::io::Result<Arc<Mutex<File>>> {
    type Files = Vec<(PathBuf, Arc<Mutex<File>>)>;
    static FILES: OnceLock<Mutex<Files>> = OnceLock::new();
    let mut files = FILES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if let Some((_, f)) = files.iter().find(|(p, _)| p == path) {
        return Ok(f.clone());
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let f = Arc::new(Mutex::new(
        OpenOptions::new().create(true).append(true).open(path)?,
    ));
    files.push((path.to_path_buf(), f.clone()));
    Ok(f)
}
