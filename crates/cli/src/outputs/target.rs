//! Where a command writes a file: one policy for every output of the binary and of xtask (issue
//! 23), so that no command decides it alone.
//!
//! An output is given as `-` (standard output) or a path ([`Target`]). What is at the path
//! decides how it is written ([`Target::open`]):
//!
//! * nothing, or a regular file: written whole or not at all, through a temporary file beside it
//!   renamed over it (`atomic.rs`);
//! * a character device (`/dev/null`, a terminal) or a FIFO: written in place, streamed, never
//!   renamed over, so the device or the pipe stays what it was (`/dev/full` says it is full);
//! * a symbolic link: followed to a character device or a FIFO (`/dev/stdout`, `/dev/fd/3`, a
//!   shell's `>(...)`), written in place there; any other link is refused, the link and what it
//!   names left alone: a planted link is never written through nor replaced, and a link someone
//!   made on purpose is not silently turned into a file;
//! * a folder, a block device (a disk), a socket: refused.
//!
//! A refusal is an I/O error (exit 2) naming the path and what it is; a path in a folder that
//! does not exist names the folder. And an output that is one of the command's inputs is refused
//! before anything is read ([`refuse_inputs`]): writing it would destroy the input, or read the
//! command's own output back for ever (`mancala convert rec.mgn >> rec.mgn`).

use crate::inputs::path::Input;
use crate::outputs::atomic::{self, AtomicFile};
use crate::outputs::exit::{CliError, io_message};
use std::fs::{File, Metadata};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where an output goes, as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `-`: standard output.
    Stdout,
    /// A path.
    Path(PathBuf),
}

/// What [`Target::open`] makes of an existing path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Nothing there, or a regular file: written whole or not at all.
    Replaced,
    /// A character device or a FIFO (maybe through a link): written in place.
    InPlace,
}

/// An open output: write to it, then [`Output::finish`] it.
pub struct Output {
    sink: Sink,
}

enum Sink {
    Stdout(io::StdoutLock<'static>),
    InPlace(File),
    Atomic(AtomicFile),
}

impl Target {
    /// The target an argument names: `-` is standard output.
    pub fn new(arg: impl Into<PathBuf>) -> Target {
        let path = arg.into();
        if path.as_os_str() == "-" {
            Target::Stdout
        } else {
            Target::Path(path)
        }
    }

    /// A file of the command's own choosing (a picture in `--svg DIR`, a page in `man --out
    /// DIR`): never standard output, even when named `-`.
    pub fn file(path: impl Into<PathBuf>) -> Target {
        Target::Path(path.into())
    }

    /// The path, if not standard output.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Target::Stdout => None,
            Target::Path(p) => Some(p),
        }
    }

    /// How the path would be written, or why it is refused (nothing is opened or created).
    ///
    /// # Errors
    /// The path names something that is not written (a folder, a link to a regular file, a
    /// disk, a socket), or lies in a folder that does not exist.
    pub fn kind(&self) -> io::Result<Kind> {
        match self {
            Target::Stdout => Ok(Kind::InPlace),
            Target::Path(p) => kind_of(p),
        }
    }

    /// Opens the output (see the module's documentation). A FIFO is opened as a shell opens it
    /// for `>`: this waits until a reader opens it too.
    ///
    /// # Errors
    /// As [`Target::kind`], or the file cannot be created or opened; the message says why in the
    /// user's terms, without the path (the caller puts it in front).
    pub fn open(&self) -> io::Result<Output> {
        let sink = match self {
            Target::Stdout => Sink::Stdout(io::stdout().lock()),
            Target::Path(p) => match kind_of(p)? {
                Kind::Replaced => Sink::Atomic(atomic::create(p).map_err(|e| explain(p, e))?),
                Kind::InPlace => Sink::InPlace(open_in_place(p)?),
            },
        };
        Ok(Output { sink })
    }

    /// Writes `bytes` to the output and finishes it.
    ///
    /// # Errors
    /// As [`Target::open`], [`Output::finish`], or a failed write; a replaced file is then
    /// unchanged.
    pub fn write(&self, bytes: &[u8]) -> io::Result<()> {
        let mut out = self.open()?;
        out.write_all(bytes)?;
        out.finish()
    }

    /// The target as messages show it: its path, or `-`.
    pub fn shown(&self) -> String {
        match self {
            Target::Stdout => "-".to_owned(),
            Target::Path(p) => shown_path(p),
        }
    }

    /// The error `e` of this target given as `flag` (`--html`, `--out`): `--out FILE: why`.
    pub fn error(&self, flag: &str, e: &io::Error) -> CliError {
        match self {
            Target::Stdout => CliError::from(clone_error(e)),
            Target::Path(_) => CliError::Io(format!("{flag} {}: {}", self.shown(), io_message(e))),
        }
    }
}

fn clone_error(e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), e.to_string())
}

impl Output {
    /// Whether the output is written whole or not at all (a replaced file): otherwise what is
    /// written goes out as it is written.
    pub fn is_atomic(&self) -> bool {
        matches!(self.sink, Sink::Atomic(_))
    }

    /// Ends the output: a replaced file is flushed to disk and renamed into place; a stream is
    /// flushed.
    ///
    /// # Errors
    /// Flushing or renaming failed (a replaced file is then unchanged).
    pub fn finish(self) -> io::Result<()> {
        match self.sink {
            Sink::Stdout(mut s) => s.flush(),
            Sink::InPlace(mut f) => f.flush(),
            Sink::Atomic(f) => f.commit(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(s) => s.write(buf),
            Sink::InPlace(f) => f.write(buf),
            Sink::Atomic(f) => f.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(s) => s.flush(),
            Sink::InPlace(f) => f.flush(),
            Sink::Atomic(f) => f.flush(),
        }
    }
}

/// A refusal: the message says what the path is and what to give instead.
fn refused(what: &str) -> io::Error {
    io::Error::other(what.to_owned())
}

/// What a file type is, in words, for a refusal.
pub(crate) fn type_words(m: &Metadata) -> &'static str {
    let t = m.file_type();
    if t.is_dir() {
        return "a folder";
    }
    if t.is_file() {
        return "a regular file";
    }
    if t.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_block_device() {
            return "a block device (a disk or a partition)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Whether an output written there streams in place: a character device or a FIFO.
fn streams(m: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        t.is_char_device() || t.is_fifo()
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        false
    }
}

/// The policy of the module's documentation, for `path`.
fn kind_of(path: &Path) -> io::Result<Kind> {
    let text = path.as_os_str().to_string_lossy();
    if text.is_empty() {
        return Err(refused(
            "an empty path names no file: give a file's name, or -",
        ));
    }
    let last = text.rsplit('/').next().unwrap_or("");
    if last == "." || last == ".." {
        return Err(refused(&format!(
            "it names a folder (it ends in `{last}`), not a file: give a file's name"
        )));
    }
    let lstat = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            return new_file(path);
        }
        Err(e) => return Err(explain(path, e)),
    };
    if lstat.is_file() {
        return Ok(Kind::Replaced);
    }
    if streams(&lstat) {
        return Ok(Kind::InPlace);
    }
    if lstat.is_dir() {
        return Err(refused(
            "it is a folder, not a file: give a file's name in it",
        ));
    }
    if !lstat.file_type().is_symlink() {
        return Err(refused(&format!(
            "it is {}, which mancala does not write to: give a regular file, a character device, a FIFO or -",
            type_words(&lstat)
        )));
    }
    let to = std::fs::read_link(path).map_or_else(|_| "?".to_owned(), |t| shown_path(&t));
    match std::fs::metadata(path) {
        Ok(m) if streams(&m) => Ok(Kind::InPlace),
        Ok(m) if m.is_dir() => Err(refused(&format!(
            "it is a link to a folder ({to}), not a file: give a file's name in it"
        ))),
        Ok(m) => Err(refused(&format!(
            "it is a symbolic link to {} ({to}): mancala follows a link only to a device or a pipe, and neither writes through nor replaces one to a file; give the file's own path, or - for standard output",
            type_words(&m)
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(refused(&format!(
            "it is a symbolic link to {to}, which does not exist: mancala neither writes through nor replaces a link; give a file's own path"
        ))),
        Err(e) => Err(refused(&format!(
            "it is a symbolic link to {to}, which cannot be followed ({}): give a file's own path",
            io_message(&e)
        ))),
    }
}

/// A path where nothing is (or that goes through something that is not a folder): a new file,
/// if its folder exists; otherwise the message names the part of the path that is wrong.
fn new_file(path: &Path) -> io::Result<Kind> {
    let text = path.as_os_str().to_string_lossy();
    if text.ends_with('/') || path.file_name().is_none() {
        return Err(refused(&format!(
            "it names a folder (it ends in `{}`), and there is none: give a file's name",
            if text.ends_with('/') { "/" } else { "." }
        )));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => return Ok(Kind::Replaced),
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => return Ok(Kind::Replaced),
        Ok(m) => {
            return Err(refused(&format!(
                "{} is {}, not a folder",
                shown_path(dir),
                type_words(&m)
            )));
        }
        Err(e)
            if !matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            return Err(refused(&format!(
                "folder {}: {}",
                shown_path(dir),
                io_message(&e)
            )));
        }
        Err(_) => {}
    }
    // The first part of the folder's path that is there but is not a folder, if one is.
    let mut ancestors: Vec<&Path> = dir
        .ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .collect();
    ancestors.reverse();
    for a in ancestors {
        match std::fs::metadata(a) {
            Ok(m) if !m.is_dir() => {
                return Err(refused(&format!(
                    "{} is {}, not a folder",
                    shown_path(a),
                    type_words(&m)
                )));
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    Err(refused(&format!(
        "there is no folder {}: create it first (mancala makes no folder for a file)",
        shown_path(dir)
    )))
}

/// A path as messages and lists of files written show it: bytes that are not UTF-8 as `\xFF`
/// (`inputs::path::path_name`), control characters escaped (`notation::text::for_terminal`), so
/// that a hostile file name can neither act on the terminal nor look like another.
pub fn shown_path(p: &Path) -> String {
    notation::text::for_terminal(&crate::inputs::path::path_name(p)).into_owned()
}

/// An error creating or renaming the file at `path`, with the folder it concerns.
fn explain(path: &Path, e: io::Error) -> io::Error {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match e.kind() {
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => refused(&format!(
            "cannot create a file in folder {}: {}",
            shown_path(dir),
            io_message(&e)
        )),
        _ => e,
    }
}

/// Opens a character device or a FIFO for writing, without truncating or creating, and checks
/// that it is still one (not a file put there since [`kind_of`] looked).
fn open_in_place(path: &Path) -> io::Result<File> {
    let f = std::fs::OpenOptions::new().write(true).open(path)?;
    let m = f.metadata()?;
    if streams(&m) {
        Ok(f)
    } else {
        Err(refused(&format!(
            "it became {} while it was being opened: nothing was written",
            type_words(&m)
        )))
    }
}

/// The identity of a file: device and inode.
#[cfg(unix)]
fn identity(m: &Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (m.dev(), m.ino())
}

/// Whether reading and writing the same file would go wrong: a regular file or a FIFO (a device
/// such as `/dev/null` or a terminal can be both).
#[cfg(unix)]
fn matters(m: &Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    m.is_file() || m.file_type().is_fifo()
}

/// What standard input or output is (following its descriptor), on Unix.
#[cfg(unix)]
fn std_metadata(stdout: bool) -> Option<Metadata> {
    use std::os::fd::AsFd;
    let fd = if stdout {
        io::stdout().as_fd().try_clone_to_owned()
    } else {
        io::stdin().as_fd().try_clone_to_owned()
    };
    File::from(fd.ok()?).metadata().ok()
}

/// An input of a command, as given: `-` is standard input.
fn input_metadata(input: &Input) -> Option<Metadata> {
    #[cfg(unix)]
    {
        if input.path().as_os_str() == "-" {
            return std_metadata(false);
        }
    }
    std::fs::metadata(input.path()).ok()
}

/// Refuses an output that is one of `inputs` (`-`: standard input), before anything is read:
/// the same regular file or FIFO, whatever the names (links, `..`, hard links). `flag` names the
/// output in the message (`--html`; for standard output, `standard output`).
///
/// # Errors
/// The output is one of the inputs: a usage error naming both.
pub fn refuse_inputs(flag: &str, target: &Target, inputs: &[Input]) -> Result<(), CliError> {
    #[cfg(unix)]
    {
        let out = match target {
            Target::Stdout => std_metadata(true),
            Target::Path(p) => std::fs::metadata(p).ok(),
        };
        let Some(out) = out.filter(matters) else {
            return Ok(());
        };
        for one in inputs {
            let same = input_metadata(one).is_some_and(|m| identity(&m) == identity(&out));
            if !same {
                continue;
            }
            let input = if one.name() == "-" {
                "standard input".to_owned()
            } else {
                format!("the input {}", notation::text::for_terminal(one.name()))
            };
            let (output, why) = match target {
                Target::Stdout => (
                    "standard output".to_owned(),
                    "the output would be read back as input",
                ),
                Target::Path(_) => (
                    format!("{flag} {}", target.shown()),
                    "writing it would destroy the input",
                ),
            };
            return Err(CliError::Usage(format!(
                "{output} is the same file as {input}: {why}; write to another file (nothing was read)"
            )));
        }
    }
    #[cfg(not(unix))]
    let _ = (flag, target, inputs);
    Ok(())
}

/// Makes `dir`, the folder an option (`flag`: `--svg`, `--out`) writes files into: created if
/// needed; an existing file there is named as such.
///
/// # Errors
/// `dir` is a file, or cannot be created.
pub fn make_folder(dir: &Path, flag: &str) -> Result<(), CliError> {
    let shown = shown_path(dir);
    match std::fs::metadata(dir) {
        Ok(m) if !m.is_dir() => Err(CliError::Io(format!(
            "{flag} {shown}: it is {}, not a folder: give a folder for the files",
            type_words(&m)
        ))),
        Ok(_) => Ok(()),
        Err(_) => std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Io(format!("{flag} {shown}: {}", io_message(&e)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dash_is_standard_output_and_a_file_of_our_own_never_is() {
        assert_eq!(Target::new("-"), Target::Stdout);
        assert_eq!(Target::new("a.html"), Target::Path("a.html".into()));
        assert_eq!(Target::file("-"), Target::Path("-".into()));
    }

    #[test]
    fn new_files_and_regular_files_are_replaced_folders_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        assert_eq!(Target::new(p.join("new")).kind().unwrap(), Kind::Replaced);
        std::fs::write(p.join("old"), b"x").unwrap();
        assert_eq!(Target::new(p.join("old")).kind().unwrap(), Kind::Replaced);
        for refused in [
            p.to_owned(),
            p.join("nodir/x"),
            p.join("old/x"),
            p.join("new/"),
        ] {
            assert!(
                Target::new(&refused).kind().is_err(),
                "{}",
                refused.display()
            );
        }
        let e = Target::new(p.join("nodir/x.db")).kind().unwrap_err();
        assert!(e.to_string().contains("there is no folder"), "{e}");
        let e = Target::new(p.join("newfile/")).kind().unwrap_err();
        assert!(e.to_string().contains("names a folder"), "{e}");
        assert!(Target::new("").kind().is_err());
    }

    #[cfg(unix)]
    #[test]
    fn devices_stream_in_place_and_links_to_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        assert_eq!(Target::new("/dev/null").kind().unwrap(), Kind::InPlace);
        let link = p.join("null");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        assert_eq!(Target::new(&link).kind().unwrap(), Kind::InPlace);
        Target::new(&link).write(b"gone").unwrap();
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        let e = Target::new("/dev/full").write(b"x").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        std::fs::write(p.join("f"), b"keep").unwrap();
        std::os::unix::fs::symlink(p.join("f"), p.join("to-file")).unwrap();
        std::os::unix::fs::symlink(p.join("none"), p.join("dangling")).unwrap();
        for l in ["to-file", "dangling"] {
            let e = Target::new(p.join(l)).write(b"new").unwrap_err();
            assert!(e.to_string().contains("symbolic link"), "{e}");
            assert!(
                p.join(l)
                    .symlink_metadata()
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
        }
        assert_eq!(std::fs::read(p.join("f")).unwrap(), b"keep");
        assert!(!p.join("none").exists());
    }

    #[cfg(unix)]
    #[test]
    fn an_output_that_is_an_input_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("rec.mgn");
        std::fs::write(&f, b"x").unwrap();
        let hard = dir.path().join("hard.mgn");
        std::fs::hard_link(&f, &hard).unwrap();
        let inputs = vec![Input::new(f.clone())];
        assert!(refuse_inputs("--html", &Target::new(&hard), &inputs).is_err());
        assert!(refuse_inputs("--html", &Target::new(dir.path().join("o")), &inputs).is_ok());
        // A device can be read and written at once.
        let null = vec![Input::new("/dev/null".into())];
        assert!(refuse_inputs("--html", &Target::new("/dev/null"), &null).is_ok());
    }
}
