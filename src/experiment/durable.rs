//! Files that survive a crashing machine: data files appended in batches, fsynced before the
//! progress that counts them, with each file's length and SHA-256 so that a resume proves a
//! file is what the progress says (and cuts a torn tail); small files written whole to a
//! temporary name, fsynced and renamed; and one advisory lock per output folder, so that a
//! second writer is refused instead of tearing the first one's files.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::run::RunError;

/// An I/O error that names the file and what was being done to it.
pub fn file_error(op: &'static str, path: &Path, source: std::io::Error) -> RunError {
    RunError::File {
        op,
        path: path.to_path_buf(),
        cause: source,
    }
}

/// The SHA-256 of `bytes`, in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

pub(super) fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// How many appended bytes at most wait before the disk is asked to start writing them.
///
/// A sync waits for every byte written since the last one; a fast run (hundreds of thousands
/// of rows a second) would otherwise hand the disk a second's worth of rows at each sync and
/// wait for all of it. Starting the write-back every few MiB overlaps it with the play, so a
/// sync waits only for the tail.
const WRITE_BACK_EVERY: u64 = 4 << 20;

/// A data file of a run, appended to in batches: how many bytes it holds and the SHA-256 of
/// them, kept as the bytes are written.
pub struct DataFile {
    path: PathBuf,
    file: BufWriter<File>,
    bytes: u64,
    /// The bytes the disk has been asked to write (by a sync or a started write-back).
    handed: u64,
    sha: Sha256,
}

impl DataFile {
    /// A new file holding `header` (replacing any file there).
    ///
    /// # Errors
    /// Creating or writing the file ([`RunError::File`]).
    pub fn create(path: &Path, header: &[u8]) -> Result<DataFile, RunError> {
        let file = File::create(path).map_err(|e| file_error("creating", path, e))?;
        let mut f = DataFile {
            path: path.to_path_buf(),
            file: BufWriter::new(file),
            bytes: 0,
            handed: 0,
            sha: Sha256::new(),
        };
        f.append(header)?;
        Ok(f)
    }

    /// The file as a progress record left it: its first `bytes` bytes must be there and, when
    /// `sha256` is given, hash to it; whatever follows them (a batch written but not yet
    /// counted when the run stopped) is cut off.
    ///
    /// # Errors
    /// A file shorter than `bytes`, or whose first `bytes` differ from what was recorded
    /// ([`RunError::Folder`], naming the file); reading or truncating it.
    pub fn reopen(path: &Path, bytes: u64, sha256: Option<&str>) -> Result<DataFile, RunError> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| file_error("opening", path, e))?;
        let len = file
            .metadata()
            .map_err(|e| file_error("reading", path, e))?
            .len();
        if len < bytes {
            return Err(RunError::Folder(format!(
                "{} holds {len} bytes where the progress record counts {bytes}: finished rows were lost (the machine stopped before they reached the disk?); start again with --force",
                path.display()
            )));
        }
        let mut sha = Sha256::new();
        let mut left = bytes;
        let mut buf = vec![0u8; 1 << 16];
        while left > 0 {
            let n = (buf.len() as u64).min(left) as usize;
            file.read_exact(&mut buf[..n])
                .map_err(|e| file_error("reading", path, e))?;
            sha.update(&buf[..n]);
            left -= n as u64;
        }
        if let Some(want) = sha256
            && hex(&sha.clone().finalize()) != want
        {
            return Err(RunError::Folder(format!(
                "{}: its first {bytes} bytes differ from what the run wrote (the file was changed after the progress record); start again with --force",
                path.display()
            )));
        }
        file.set_len(bytes)
            .map_err(|e| file_error("truncating", path, e))?;
        file.seek(SeekFrom::Start(bytes))
            .map_err(|e| file_error("seeking in", path, e))?;
        Ok(DataFile {
            path: path.to_path_buf(),
            file: BufWriter::new(file),
            bytes,
            handed: bytes,
            sha,
        })
    }

    /// Appends `data` (buffered; [`DataFile::sync`] makes it durable).
    ///
    /// # Errors
    /// Writing ([`RunError::File`]).
    pub fn append(&mut self, data: &[u8]) -> Result<(), RunError> {
        self.file
            .write_all(data)
            .map_err(|e| file_error("writing", &self.path, e))?;
        self.sha.update(data);
        self.bytes += data.len() as u64;
        if self.bytes - self.handed >= WRITE_BACK_EVERY {
            self.start_write_back()?;
        }
        Ok(())
    }

    /// Writes what is buffered and asks the disk to start writing the bytes since the last
    /// request, without waiting for it (Linux `sync_file_range(SYNC_FILE_RANGE_WRITE)`; a
    /// no-op elsewhere). Durability still comes from [`DataFile::sync`] alone; this only
    /// shortens its wait.
    fn start_write_back(&mut self) -> Result<(), RunError> {
        self.file
            .flush()
            .map_err(|e| file_error("writing", &self.path, e))?;
        #[cfg(target_os = "linux")]
        {
            let (from, len) = (self.handed, self.bytes - self.handed);
            let fd = self.file.get_ref().as_raw_fd();
            // SAFETY: `fd` is the open file this struct owns; the call reads no memory of
            // ours. Its result is advisory: a failure here shows again at the sync.
            let _ = unsafe {
                libc::sync_file_range(
                    fd,
                    from as libc::off64_t,
                    len as libc::off64_t,
                    libc::SYNC_FILE_RANGE_WRITE,
                )
            };
        }
        self.handed = self.bytes;
        Ok(())
    }

    /// Writes what is buffered and waits until the disk has it.
    ///
    /// # Errors
    /// Writing or syncing ([`RunError::File`]).
    pub fn sync(&mut self) -> Result<(), RunError> {
        self.file
            .flush()
            .map_err(|e| file_error("writing", &self.path, e))?;
        self.file
            .get_ref()
            .sync_data()
            .map_err(|e| file_error("syncing", &self.path, e))?;
        self.handed = self.bytes;
        Ok(())
    }

    /// The bytes appended so far, header included.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The SHA-256 of those bytes, in lower-case hex.
    pub fn sha256(&self) -> String {
        hex(&self.sha.clone().finalize())
    }
}

/// Writes `bytes` to `path` whole ([`crate::report::write_whole`]).
///
/// # Errors
/// Any step, naming the file ([`RunError::File`]).
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    Ok(crate::report::write_whole(path, bytes)?)
}

/// Waits until the disk has the folder's entries ([`crate::report::sync_folder`]).
///
/// # Errors
/// Opening or syncing the folder ([`RunError::File`]).
pub fn sync_folder(dir: &Path) -> Result<(), RunError> {
    Ok(crate::report::sync_folder(dir)?)
}

impl From<crate::report::FileError> for RunError {
    fn from(e: crate::report::FileError) -> RunError {
        RunError::File {
            op: e.op,
            path: e.path,
            cause: e.cause,
        }
    }
}

/// Creates the output folder `dir` and its parents if missing.
///
/// # Errors
/// `dir` is a file ([`RunError::Folder`], bad input); the folder cannot be created
/// ([`RunError::File`]).
pub fn create_folder(dir: &Path) -> Result<(), RunError> {
    if dir.exists() && !dir.is_dir() {
        return Err(RunError::Folder(format!(
            "{} is a file, not a folder: the output names a folder of results; give a folder name",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| file_error("creating the folder", dir, e))
}

/// The name of the lock file in an output folder.
pub const LOCK: &str = ".tricklab.lock";

/// An output folder held by this process: while it lives, every other tricklab that asks for
/// the folder is refused. The lock is the kernel's (`flock`), so a process that dies, however
/// it dies, holds nothing.
#[derive(Debug)]
pub struct FolderLock {
    path: PathBuf,
    /// Held open, never read: the kernel's lock lives as long as this descriptor.
    _file: File,
}

impl FolderLock {
    /// Takes the lock of `dir` (creating the folder), recording this process's id and command
    /// line in it.
    ///
    /// # Errors
    /// Another process holds the folder ([`RunError::Folder`], naming it and its command);
    /// creating the folder or the lock file ([`RunError::File`]).
    pub fn take(dir: &Path) -> Result<FolderLock, RunError> {
        FolderLock::take_for(dir, LOCK)
    }

    /// Takes the lock named `name` of `dir`: for a command whose files never meet those of the
    /// commands that take [`LOCK`] (`agree` beside a `run` of the same config), so that each
    /// refuses only a second writer of its own files.
    ///
    /// # Errors
    /// As [`FolderLock::take`].
    pub fn take_for(dir: &Path, name: &str) -> Result<FolderLock, RunError> {
        create_folder(dir)?;
        let path = dir.join(name);
        loop {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(|e| file_error("creating", &path, e))?;
            // SAFETY: flock on a descriptor this function owns; no memory is involved.
            let got = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
            if !got {
                let mut owner = String::new();
                let _ = file.read_to_string(&mut owner);
                let owner = owner.trim().replace('\n', ": ");
                return Err(RunError::Folder(format!(
                    "{} is being written by another tricklab ({}); wait for it to finish or stop it, or choose another --out",
                    dir.display(),
                    if owner.is_empty() { "starting" } else { &owner }
                )));
            }
            // The holder before us may have removed the file after we opened it: the lock is
            // ours only if the name still leads to the file we locked.
            let same = match (file.metadata(), std::fs::metadata(&path)) {
                (Ok(a), Ok(b)) => a.ino() == b.ino() && a.dev() == b.dev(),
                _ => false,
            };
            if !same {
                continue;
            }
            let me = format!(
                "pid {}\n{}\n",
                std::process::id(),
                std::env::args().collect::<Vec<_>>().join(" ")
            );
            let _ = file.set_len(0);
            let _ = file.write_all(me.as_bytes());
            return Ok(FolderLock { path, _file: file });
        }
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Removed while still locked, so that no one locks the old file after us.
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("tricklab-durable-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_reopened_file_continues_its_checksum_and_cuts_the_torn_tail() {
        let d = temp("reopen");
        let p = d.join("rows.csv");
        let mut f = DataFile::create(&p, b"h\n").unwrap();
        f.append(b"1\n2\n").unwrap();
        f.sync().unwrap();
        let (bytes, sha) = (f.bytes(), f.sha256());
        f.append(b"3\n4").unwrap();
        f.sync().unwrap();
        drop(f);
        let mut g = DataFile::reopen(&p, bytes, Some(&sha)).unwrap();
        assert_eq!(
            std::fs::read(&p).unwrap(),
            b"h\n1\n2\n",
            "the torn tail is cut"
        );
        g.append(b"3\n").unwrap();
        g.sync().unwrap();
        assert_eq!(g.sha256(), sha256_hex(b"h\n1\n2\n3\n"));
    }

    #[test]
    fn write_back_started_on_the_way_leaves_the_bytes_and_checksum_as_written() {
        let d = temp("write-back");
        let p = d.join("hands.csv");
        let mut f = DataFile::create(&p, b"h\n").unwrap();
        let row = [b'7'; 1000];
        let mut want = b"h\n".to_vec();
        // Three write-backs' worth and a tail, with a sync in the middle.
        for i in 0..(3 * WRITE_BACK_EVERY as usize / row.len() + 17) {
            f.append(&row).unwrap();
            want.extend_from_slice(&row);
            if i == 5000 {
                f.sync().unwrap();
            }
        }
        f.sync().unwrap();
        assert_eq!(f.bytes(), want.len() as u64);
        assert_eq!(f.sha256(), sha256_hex(&want));
        assert_eq!(std::fs::read(&p).unwrap(), want);
        let (bytes, sha) = (f.bytes(), f.sha256());
        drop(f);
        let mut g = DataFile::reopen(&p, bytes, Some(&sha)).unwrap();
        g.append(b"8\n").unwrap();
        g.sync().unwrap();
        want.extend_from_slice(b"8\n");
        assert_eq!(std::fs::read(&p).unwrap(), want);
    }

    #[test]
    fn a_short_or_changed_file_is_refused_by_name() {
        let d = temp("refuse");
        let p = d.join("deals.csv");
        let mut f = DataFile::create(&p, b"h\n1,2\n").unwrap();
        f.sync().unwrap();
        let (bytes, sha) = (f.bytes(), f.sha256());
        drop(f);
        std::fs::write(&p, b"h\n1,3\n").unwrap();
        let e = DataFile::reopen(&p, bytes, Some(&sha))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("deals.csv") && e.contains("differ"), "{e}");
        std::fs::write(&p, b"h\n").unwrap();
        let e = DataFile::reopen(&p, bytes, Some(&sha))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("deals.csv") && e.contains("lost"), "{e}");
    }

    #[test]
    fn a_held_folder_is_refused_and_free_again_once_dropped() {
        let d = temp("lock");
        let first = FolderLock::take(&d).unwrap();
        let e = FolderLock::take(&d).unwrap_err().to_string();
        assert!(
            e.contains("another tricklab") && e.contains(&format!("pid {}", std::process::id())),
            "{e}"
        );
        drop(first);
        assert!(!d.join(LOCK).exists(), "the lock file goes with the lock");
        FolderLock::take(&d).unwrap();
    }

    #[test]
    fn a_whole_write_leaves_no_temporary_file() {
        let d = temp("whole");
        let p = d.join("progress.json");
        write_whole(&p, b"{}").unwrap();
        write_whole(&p, b"{\"done\":1}").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"{\"done\":1}");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
    }
}
