//! One discipline for the files a job streams out (records, a deal book, a model, a page): `-`
//! means standard output; an existing file is refused without `--force`; the same path is never
//! given to two outputs; and a file is written under a temporary name in its folder and renamed
//! only when the job succeeds, so that an interrupted or failed job leaves no file that looks
//! complete.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::errors::user;

/// Whether `path` is `-`, standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Refuses two outputs named by `flags` (flag, path) that are the same file or both `-`.
pub fn check_distinct(outputs: &[(&str, &Path)]) -> anyhow::Result<()> {
    let key = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    for (i, (fa, a)) in outputs.iter().enumerate() {
        for (fb, b) in &outputs[i + 1..] {
            if key(a) == key(b) {
                return Err(user(format!(
                    "{fa} and {fb} are both {}: give each output its own file",
                    a.display()
                )));
            }
        }
    }
    Ok(())
}

/// An output being written: standard output, or a temporary file fsynced and renamed to its
/// path by [`Output::finish`].
pub struct Output {
    /// `None` for standard output; else the temporary name, the path, and the file (to sync).
    file: Option<(PathBuf, PathBuf, File)>,
    writer: BufWriter<Box<dyn Write + Send>>,
}

/// The temporary name of `path`: a hidden file beside it, so that the rename stays in one
/// file system.
pub fn temp_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// Writes `bytes` to standard output and flushes it. A closed pipe ends the output quietly (as
/// `println!` does in the `tricklab` tool, see its `main.rs`); any other failure is an error that says it was
/// standard output that could not be written.
///
/// # Errors
/// The write's error, with that context.
pub fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.context("writing standard output"),
    }
}

impl Output {
    /// Starts writing `path` (`-`: standard output). An existing file is refused unless
    /// `force`; a folder is always refused.
    pub fn create(flag: &str, path: &Path, force: bool) -> anyhow::Result<Output> {
        if is_stdout(path) {
            return Ok(Output {
                file: None,
                writer: BufWriter::with_capacity(1 << 16, Box::new(std::io::stdout())),
            });
        }
        if path.is_dir() {
            return Err(user(format!(
                "{flag} {} is a folder; give a file name",
                path.display()
            )));
        }
        if path.exists() && !force {
            return Err(user(format!(
                "{flag} {} already exists: add --force to replace it, or choose another name",
                path.display()
            )));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if let Some(file) = dir.ancestors().find(|a| a.is_file()) {
                return Err(user(format!(
                    "{flag} {}: {} is a file, not a folder; give a path in a folder",
                    path.display(),
                    file.display()
                )));
            }
            std::fs::create_dir_all(dir)
                .with_context(|| format!("creating the folder of {flag} {}", path.display()))?;
        }
        let temp = temp_name(path);
        let f = File::create(&temp).with_context(|| format!("creating {}", temp.display()))?;
        let sync = f
            .try_clone()
            .with_context(|| format!("opening {}", temp.display()))?;
        Ok(Output {
            file: Some((temp, path.to_path_buf(), sync)),
            writer: BufWriter::with_capacity(1 << 20, Box::new(f)),
        })
    }

    /// The writer.
    pub fn writer(&mut self) -> &mut BufWriter<Box<dyn Write + Send>> {
        &mut self.writer
    }

    /// Flushes the output and, for a file, syncs it, renames it to its path and syncs the
    /// folder: the path holds its old bytes or the whole new file, even if the machine stops.
    pub fn finish(mut self) -> anyhow::Result<()> {
        let what = match &self.file {
            Some((_, path, _)) => format!("writing {}", path.display()),
            None => "writing standard output".to_string(),
        };
        self.writer.flush().context(what)?;
        if let Some((temp, path, file)) = self.file.take() {
            let done = file
                .sync_all()
                .with_context(|| format!("syncing {}", path.display()))
                .and_then(|()| {
                    std::fs::rename(&temp, &path).with_context(|| {
                        format!("renaming {} to {}", temp.display(), path.display())
                    })
                });
            if done.is_err() {
                let _ = std::fs::remove_file(&temp);
            }
            done?;
            crate::report::sync_folder(path.parent().unwrap_or(Path::new(".")))?;
        }
        Ok(())
    }
}

impl Drop for Output {
    /// An output dropped without [`Output::finish`] (the command failed) leaves no file.
    fn drop(&mut self) {
        if let Some((temp, _, _)) = &self.file {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// Refuses the output folder `dir` of `flag` if it already holds one of `names`, unless
/// `force`.
pub fn check_folder(flag: &str, dir: &Path, names: &[&str], force: bool) -> anyhow::Result<()> {
    if force {
        return Ok(());
    }
    if let Some(name) = names.iter().find(|n| dir.join(n).exists()) {
        return Err(user(format!(
            "{flag} {} already holds results ({name}): add --force to replace them, or choose another folder",
            dir.display()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!("tricklab-output-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_file_appears_only_when_finished_and_is_not_overwritten_without_force() {
        let path = dir().join("rows.csv");
        let _ = std::fs::remove_file(&path);
        let mut o = Output::create("--out", &path, false).unwrap();
        writeln!(o.writer(), "a,b").unwrap();
        o.writer().flush().unwrap();
        assert!(!path.exists(), "not before finish");
        assert!(temp_name(&path).exists());
        o.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a,b\n");
        assert!(!temp_name(&path).exists());
        let e = Output::create("--out", &path, false)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("already exists") && e.contains("--force"), "{e}");
        // A failed command (dropped output) leaves the old file and no temporary one.
        drop(Output::create("--out", &path, true).unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a,b\n");
        assert!(!temp_name(&path).exists());
    }

    #[test]
    fn the_same_path_twice_is_refused() {
        let a = Path::new("x/rows.csv");
        assert!(check_distinct(&[("--out", a), ("--log", Path::new("y"))]).is_ok());
        let e = check_distinct(&[("--out", a), ("--log", a)])
            .unwrap_err()
            .to_string();
        assert!(e.contains("--out and --log are both"), "{e}");
        let same = check_distinct(&[("--out", a), ("--log", Path::new("./x/rows.csv"))]);
        assert!(same.is_err());
        let dash = Path::new("-");
        assert!(check_distinct(&[("--out", dash), ("--log", dash)]).is_err());
    }
}
