//! The `mancala` command: the library's `main` (`lib.rs`).
#![deny(clippy::print_stderr, clippy::print_stdout)]

fn main() -> std::process::ExitCode {
    mancala::main()
}
