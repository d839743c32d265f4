//! The tool's longer jobs: `dist` (shell completions and man pages, written by the `mancala`
//! binary itself) and `render` (every SVG the rule-book examples give, rendered to PNG by librsvg).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The value after `flag`, if given.
fn value<'a>(args: &'a [String], flag: &str) -> Result<Option<&'a String>, String> {
    match args.iter().position(|a| a == flag) {
        Some(i) => args
            .get(i + 1)
            .map(Some)
            .ok_or_else(|| format!("{flag} needs a value")),
        None => Ok(None),
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::Target::file(path)
        .write(bytes)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// `cargo xtask dist [--out DIR]`: the completion scripts and manual pages of `mancala`, as the
/// binary writes them (`mancala completions SHELL`, `mancala man --out DIR`), into
/// `DIR/completions/` and `DIR/man/man1/` (default `target/dist`), each file whole or not at all.
pub fn dist(args: &[String]) -> Result<(), String> {
    let out = value(args, "--out")?.map_or_else(|| root().join("target/dist"), PathBuf::from);
    let bin = mancala()?;
    let run = |args: &[&str]| -> Result<Vec<u8>, String> {
        let o = Command::new(&bin)
            .args(args)
            .output()
            .map_err(|e| format!("{}: {e}", bin.display()))?;
        if o.status.success() {
            Ok(o.stdout)
        } else {
            Err(format!(
                "mancala {}: {}",
                args.join(" "),
                String::from_utf8_lossy(&o.stderr)
            ))
        }
    };
    for (shell, name) in [
        ("bash", "mancala.bash"),
        ("zsh", "_mancala"),
        ("fish", "mancala.fish"),
        ("elvish", "mancala.elv"),
        ("powershell", "_mancala.ps1"),
    ] {
        let path = out.join("completions").join(name);
        write(&path, &run(&["completions", shell])?)?;
        println!("{}", path.display());
    }
    let man = out.join("man/man1");
    let listed = run(&["man", "--out", &man.to_string_lossy()])?;
    print!("{}", String::from_utf8_lossy(&listed));
    Ok(())
}

/// Whether `rsvg-convert` runs.
fn have_rsvg() -> bool {
    Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Installs librsvg's `rsvg-convert` from the distribution (Debian: `librsvg2-bin`), as root or
/// through sudo.
fn install_rsvg() -> Result<(), String> {
    let sudo = !Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let run = |args: &[&str]| -> Result<(), String> {
        let mut c = if sudo {
            let mut c = Command::new("sudo");
            c.args(args);
            c
        } else {
            let mut c = Command::new(args[0]);
            c.args(&args[1..]);
            c
        };
        c.env("DEBIAN_FRONTEND", "noninteractive");
        let st = c.status().map_err(|e| format!("{}: {e}", args.join(" ")))?;
        if st.success() {
            Ok(())
        } else {
            Err(format!("`{}` failed ({st})", args.join(" ")))
        }
    };
    eprintln!("xtask: rsvg-convert is missing: installing librsvg2-bin with apt-get");
    let install = [
        "apt-get",
        "install",
        "-y",
        "--no-install-recommends",
        "librsvg2-bin",
    ];
    if run(&install).is_err() {
        run(&["apt-get", "update"])?;
        run(&install)?;
    }
    if have_rsvg() {
        Ok(())
    } else {
        Err("rsvg-convert is still missing after installing librsvg2-bin".to_owned())
    }
}

/// Width and height of a PNG file, from its IHDR chunk.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

/// The `mancala` binary, built now.
fn mancala() -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let st = Command::new(cargo)
        .args(["build", "-q", "-p", "mancala"])
        .current_dir(root())
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !st.success() {
        return Err("cargo build -p mancala failed".to_owned());
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from);
    Ok(target.join("debug").join("mancala"))
}

/// `cargo xtask render [--out DIR] [--only PATTERN] [--no-install]`: replays every rule-book
/// example (corpus/ok/ and corpus/lenient/, not the complete matches) with `--svg`, draws a few
/// positions with `show --svg`, and renders every SVG to PNG with rsvg-convert, installing it
/// first if needed; fails if any SVG does not render to a non-empty PNG. The PNGs are under
/// `DIR/png` (default `target/render`) for people to look at.
pub fn render(args: &[String]) -> Result<(), String> {
    let out = value(args, "--out")?.map_or_else(|| root().join("target/render"), PathBuf::from);
    let only = value(args, "--only")?;
    if !have_rsvg() {
        if args.iter().any(|a| a == "--no-install") {
            return Err(
                "rsvg-convert is missing (Debian: apt-get install librsvg2-bin)".to_owned(),
            );
        }
        install_rsvg()?;
    }
    let bin = mancala()?;
    let svg_dir = out.join("svg");
    let png_dir = out.join("png");
    for d in [&svg_dir, &png_dir] {
        if d.exists() {
            std::fs::remove_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
        }
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    let mut inputs: Vec<PathBuf> = Vec::new();
    for dir in ["corpus/ok", "corpus/lenient"] {
        let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .map_err(|e| format!("{dir}: {e}"))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "mgn"))
            .filter(|p| {
                let n = p
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                !n.starts_with("match-") && !n.starts_with("lenient-")
            })
            .filter(|p| only.is_none_or(|o| p.to_string_lossy().contains(o.as_str())))
            .collect();
        v.sort();
        inputs.extend(v);
    }
    let mut svgs = 0;
    for f in &inputs {
        let mut c = Command::new(&bin);
        c.arg("replay").arg("--svg").arg(&svg_dir);
        if f.to_string_lossy().contains("/lenient/") {
            c.arg("--lenient");
        }
        let o = c
            .arg(f)
            .output()
            .map_err(|e| format!("{}: {e}", bin.display()))?;
        if !o.status.success() {
            return Err(format!(
                "mancala replay --svg {}: {}",
                f.display(),
                String::from_utf8_lossy(&o.stderr)
            ));
        }
        svgs += String::from_utf8_lossy(&o.stdout).lines().count();
    }
    // `show --svg` on positions of each game and board.
    for (name, pos) in [
        (
            "show-bechi-2x3-round2",
            "bechi 6,0x,0x/6,6,6 B reserve=2,10 round=2 opener=B",
        ),
        (
            "show-giuthi-2x10",
            "giuthi 6,6,6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6,6,6 B",
        ),
        (
            "show-sulus-nishtaw-round2",
            "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB opening",
        ),
        (
            "show-uugg-2x7",
            "uugg 4,4,4,4,4,4,4/4,4,4,4,4,4,4 B opener=B",
        ),
        (
            "show-redu-right",
            "redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A",
        ),
    ] {
        if only.is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let o = Command::new(&bin)
            .args(["show", "--svg", pos])
            .output()
            .map_err(|e| format!("{}: {e}", bin.display()))?;
        if !o.status.success() {
            return Err(format!(
                "mancala show --svg {pos}: {}",
                String::from_utf8_lossy(&o.stderr)
            ));
        }
        write(&svg_dir.join(format!("{name}.svg")), &o.stdout)?;
        svgs += 1;
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(&svg_dir)
        .map_err(|e| format!("{}: {e}", svg_dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "svg"))
        .collect();
    names.sort();
    if names.len() != svgs {
        return Err(format!("{} SVG files for {svgs} pictures", names.len()));
    }
    let mut failures = 0;
    for svg in &names {
        let png = png_dir
            .join(svg.file_name().expect("a file"))
            .with_extension("png");
        let o = Command::new("rsvg-convert")
            .arg("--output")
            .arg(&png)
            .arg(svg)
            .output()
            .map_err(|e| format!("rsvg-convert: {e}"))?;
        let size = std::fs::read(&png).ok().as_deref().and_then(png_size);
        let warnings = String::from_utf8_lossy(&o.stderr);
        match size {
            Some((w, h)) if o.status.success() && w > 0 && h > 0 && warnings.trim().is_empty() => {}
            _ => {
                failures += 1;
                eprintln!("FAIL {}: {} {warnings}", svg.display(), o.status);
            }
        }
    }
    println!(
        "{} SVG pictures rendered to PNG by rsvg-convert in {}, {failures} failed",
        names.len(),
        png_dir.display()
    );
    if failures > 0 {
        Err(format!("{failures} picture(s) failed to render"))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_sizes_are_read_from_the_header() {
        let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        b.extend(640u32.to_be_bytes());
        b.extend(480u32.to_be_bytes());
        assert_eq!(png_size(&b), Some((640, 480)));
        assert_eq!(png_size(b"GIF89a"), None);
    }
}
