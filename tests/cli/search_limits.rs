//! Search limits that limit (issue 23, items 3 and 4): `--hash` is reserved fallibly and taken
//! as it fills, `--nodes` counts nodes, `--time` also stops a move generation that runs long,
//! and `-` is read. Each test failed with the release build before the change (figures in the
//! comments, from that build).

use crate::support::{mancala, run_bounded};

/// A table the machine cannot give is a usage error naming the size (before: `analyse --hash
/// 100G` aborted, exit 134). Under a 1 GiB address-space limit, so the test does not depend on
/// the machine's memory.
#[test]
fn a_hash_the_machine_cannot_give_is_refused() {
    for command in ["analyse", "annotate"] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(r#"ulimit -v 1048576 && exec "$0" "$@""#)
            .arg(env!("CARGO_BIN_EXE_mancala"))
            .args([command, "--hash", "5G", "--depth", "1", "-"])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(
            err,
            "mancala: error: --hash 5G: not enough memory for a transposition table of that size; give a smaller one\n"
        );
    }
}

/// A large table costs nothing until it is written (before: `--hash 3G` wrote 3 GB before the
/// search began, seconds of it counted against `--time`), and gives the answer a small one
/// gives.
#[cfg(target_os = "linux")]
#[test]
fn a_large_table_is_taken_as_it_fills() {
    let args = |hash| {
        [
            "analyse",
            "--hash",
            hash,
            "--threads",
            "1",
            "--nodes",
            "100000",
            "giuthi",
        ]
    };
    // Killed, and the test failed, past 100 MB.
    let big = run_bounded("analyse-hash-3g", &args("3G"), 100 * 1024);
    let small = run_bounded("analyse-hash-64m", &args("64M"), 300 * 1024);
    assert_eq!(big.code, Some(0), "{}", big.stderr);
    let answer = |s: &str| s.lines().take(3).collect::<Vec<_>>().join("\n");
    assert_eq!(answer(&big.stdout), answer(&small.stdout));
}

/// `--nodes 1` visits one node, and with too few nodes for depth 1 says there is no answer
/// (before: 1 029 nodes and a depth-7 answer).
#[test]
fn a_node_limit_counts_nodes() {
    let out = mancala()
        .args(["analyse", "--nodes", "1", "--format", "json", "bechi"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v["data"];
    assert!(d["nodes"].as_u64().unwrap() <= 1, "{d}");
    assert_eq!(d["value"], serde_json::Value::Null);
    assert_eq!(d["best"], serde_json::Value::Null);
    assert_eq!(d["depth"], 0);
    assert!(
        d["unfinished"].as_str().unwrap().contains("before depth 1"),
        "{d}"
    );
    let out = mancala()
        .args(["analyse", "--nodes", "1", "bechi"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("B to move\nvalue unknown: the limit came before depth 1 was searched"),
        "{text}"
    );
    for n in ["10", "100", "1000"] {
        let out = mancala()
            .args([
                "analyse",
                "--nodes",
                n,
                "--threads",
                "1",
                "--format",
                "json",
                "bechi",
            ])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let nodes = v["data"]["nodes"].as_u64().unwrap();
        assert!(nodes <= n.parse().unwrap(), "--nodes {n}: {nodes}");
    }
}

/// In `uugg 3,6,2,6,3,4,0/7,3,5,4,3,7,3 A`, A's start 3A sows about 10^5 laps before it is
/// proved endless (U15), while the root's moves are generated: a time limit now cuts that
/// short (before: `--time 10ms` answered after the whole proof, 0.5 s to 2.4 s, at depth 6).
#[test]
fn a_time_limit_cuts_a_long_move_generation_short() {
    let out = mancala()
        .args([
            "analyse",
            "--time",
            "10ms",
            "--format",
            "json",
            "uugg 3,6,2,6,3,4,0/7,3,5,4,3,7,3 A opener=B",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v["data"];
    assert_eq!(d["depth"], 0, "{d}");
    assert!(
        d["unfinished"]
            .as_str()
            .unwrap()
            .contains("before the position's legal moves were known"),
        "{d}"
    );
}

/// `-` is standard input for `analyse` (before: "bad position at column 2").
#[test]
fn a_dash_reads_standard_input() {
    let out = mancala()
        .args(["analyse", "-", "--depth", "8"])
        .write_stdin("bechi 0,2*,0/3*,0,1* B store=20,10 opener=B\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("B to move\nvalue -14 (exact)\n"), "{text}");
}

/// Issue 34 (low): `analyse --time 0` searched to depth 2, the depth its first looks at the
/// clock allowed. No time is refused, as a count of 0 nodes is: a usage error naming the range.
#[test]
fn no_time_is_refused() {
    for zero in ["0", "0s", "0ms", "0.0", "0m"] {
        for command in ["analyse", "annotate"] {
            let out = mancala()
                .args([command, "--time", zero, "-"])
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command} {zero}: {err}");
            assert!(
                err.contains(&format!(
                    "`{zero}` is no time: give a duration above 0 and at most 10000000s"
                )),
                "{err}"
            );
        }
    }
    let out = mancala()
        .args(["analyse", "--time", "1ms", "--threads", "1", "bechi"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

/// Issue 34.8: with `--time`, an indexed endgame table too large to solve in the time (every
/// Giuthi 2×5 board of at most 31 seeds, 1.1 × 10^9, ran for 7 minutes; of 20 seeds, 3 × 10^7,
/// takes a minute) was solved first, whatever the time. It is solved within half the time,
/// keeping the levels done, and the answer says how far it came; the search has the rest.
#[test]
fn the_time_limit_bounds_the_endgame_table() {
    let out = mancala()
        .args(["analyse", "--time", "20ms", "--threads", "1"])
        .args([
            "--endgame",
            "20",
            "--endgame-indexed",
            "-o",
            "holes=5",
            "giuthi",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("value "), "{text}");
    assert!(
        text.contains("the time limit came before the 20 asked, perfectly indexed)"),
        "{text}"
    );
    let out = mancala()
        .args([
            "analyse",
            "--time",
            "20ms",
            "--threads",
            "1",
            "--format",
            "json",
        ])
        .args(["--endgame", "31", "-o", "holes=5", "giuthi"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["data"]["endgame"]["seeds"], 31);
    assert!(v["data"]["endgame"]["timed_out"].is_u64(), "{v}");
}
