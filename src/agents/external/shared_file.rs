//! Files that several bot processes append to (a log, a stderr file): opened once per path and
//! shared, so that lines from several threads do not overwrite each other, and so that what is
//! in a file is counted once for all its writers (a stderr file's limit is per file).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// A file opened for appending and the bytes in it: those it held when opened and those
/// written since.
pub struct SharedFile {
    file: File,
    written: u64,
}

impl SharedFile {
    /// The bytes in the file: its length when opened and every byte written through it since.
    pub fn written(&self) -> u64 {
        self.written
    }
}

impl Write for SharedFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.file.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// The file at `path`, opened for appending (created with its folder if need be), shared by
/// every caller that names the same path.
pub fn shared_append(path: &Path) -> std::io::Result<Arc<Mutex<SharedFile>>> {
    type Files = Vec<(PathBuf, Arc<Mutex<SharedFile>>)>;
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
    let file = OpenOptions::new().create(true).append(true).open(path)?;
    let written = file.metadata()?.len();
    let f = Arc::new(Mutex::new(SharedFile { file, written }));
    files.push((path.to_path_buf(), f.clone()));
    Ok(f)
}
