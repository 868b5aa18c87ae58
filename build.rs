//! Records what tricklab is built from, for `run.json`: the git commit, whether the tree had
//! changes not committed, the compiler and the target. Outside a git checkout the commit is
//! `unknown` and the tree counts as clean; nothing here fails the build.

use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    Command::new(cmd)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
}

fn main() {
    for path in [".git/HEAD", ".git/refs/heads", ".git/index", "src"] {
        println!("cargo:rerun-if-changed={path}");
    }
    let commit = output("git", &["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| !s.is_empty());
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = output(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".into());
    println!("cargo:rustc-env=TRICKLAB_COMMIT={commit}");
    println!("cargo:rustc-env=TRICKLAB_DIRTY={dirty}");
    println!("cargo:rustc-env=TRICKLAB_RUSTC={version}");
    println!("cargo:rustc-env=TRICKLAB_TARGET={target}");
}
