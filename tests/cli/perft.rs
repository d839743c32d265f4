//! `mancala perft` past 2^64 paths and with transposition tables of any size (issue 13): counts in
//! u128, `--divide` lines that add up to the total, a table the machine cannot give refused with a
//! usage error, no memory spent on a table before it is needed, and the same counts for any
//! number of threads.

use crate::support::{mancala, run_bounded};

/// A Redu ending (B to move, O1 right on 4B): 17 moves, many transpositions. Its perft passes 2^64
/// at depth 34, and a transposition table counts it in seconds.
const REDU_END: &str = "redu 0,0,0,0,0,0/0,1,2,1,1,1 B store=41,1 right=O1:4B";

/// The `--divide` lines and the total, parsed as u128.
fn divide(out: &str) -> (Vec<(String, u128)>, u128) {
    let (lines, total) = out
        .trim_end()
        .rsplit_once("\n\n")
        .expect("lines, a blank, the total");
    let lines = lines
        .lines()
        .map(|l| {
            let (m, n) = l.split_once(' ').expect("MOVE COUNT");
            (m.to_owned(), n.parse().expect("a count"))
        })
        .collect();
    (lines, total.parse().expect("the total"))
}

/// Depth 34 is the shallowest at which the total passes 2^64 (depth 33: 5 758 330 003 745 022 469);
/// every line is still below it. Before, the total wrapped to 1 064 439 250 237 000 829, 2^64
/// below the sum of the lines. The lines were counted by the u64 engine, each below 2^64, and add
/// up to the total.
#[test]
fn perft_totals_pass_two_to_the_sixty_four() {
    let out = mancala()
        .args(["perft", "--divide", "--threads", "1", "--hash", "64M"])
        .args(["--position", REDU_END, "34"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let (lines, total) = divide(&String::from_utf8(out.stdout).unwrap());
    let expected: [(&str, u128); 17] = [
        ("2B", 1_662_634_911_888_907_155),
        ("3B+", 24_809_257_194_673_143),
        ("3B-", 412_831_118_598),
        ("4B", 1_649_216_407_289_966_082),
        ("4B5B+", 2_224_455_182_208),
        ("4B5B-", 12_812_385_845_811_565_056),
        ("5B", 1_649_211_841_159_925_584),
        ("5B6B+", 16_159_957_894_480_858),
        ("5B6B-", 31_017_727_415_129_672),
        ("6B", 1_665_721_843_539_159_995),
        ("x4B:2B", 4_581_700_305_064),
        ("x4B:3B+", 213_186_769_786),
        ("x4B:3B-", 1_388_698_240),
        ("x4B:5B", 4_580_391_805_346),
        ("x4B:5B6B+", 8_936_968_466_512),
        ("x4B:5B6B-", 15_204_412),
        ("x4B:6B", 4_580_815_194_734),
    ];
    let expected: Vec<(String, u128)> = expected
        .iter()
        .map(|(m, n)| ((*m).to_owned(), *n))
        .collect();
    assert_eq!(lines, expected);
    assert_eq!(total, lines.iter().map(|(_, n)| n).sum::<u128>());
    assert_eq!(total, 19_511_183_323_946_552_445);
    assert!(total > u128::from(u64::MAX));
}

/// The same counts with and without a table, with 1, 2 and 4 threads.
#[test]
fn perft_counts_do_not_depend_on_the_table_or_the_threads() {
    let run = |extra: &[&str]| {
        let out = mancala()
            .args(["perft", "--divide", "--position", REDU_END, "12"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{extra:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let plain = run(&["--threads", "1"]);
    assert!(plain.ends_with("\n\n25191253\n"), "{plain}");
    for threads in ["1", "2", "4"] {
        for hash in ["64K", "16M"] {
            assert_eq!(
                run(&["--threads", threads, "--hash", hash]),
                plain,
                "{threads} threads, --hash {hash}"
            );
        }
    }
}

/// A table the machine cannot give is a usage error naming the size, not an abort: here under a
/// 1 GiB address-space limit (`ulimit -v`), so the test does not depend on the machine's memory.
#[test]
fn a_hash_size_the_machine_cannot_give_is_refused() {
    for size in ["5G", "1024G"] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(r#"ulimit -v 1048576 && exec "$0" "$@""#)
            .arg(env!("CARGO_BIN_EXE_mancala"))
            .args(["perft", "--hash", size, "--position", REDU_END, "3"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--hash {size}: {err}");
        assert_eq!(
            err,
            format!(
                "mancala: error: --hash {size}: not enough memory for a transposition table of that size; give a smaller one\n"
            )
        );
        assert!(out.stdout.is_empty());
    }
}

/// A table is not filled before it is used: a depth-1 count with `--hash 3G` stays a few MB
/// (before: 2 GB written, seconds of zeroing).
#[cfg(target_os = "linux")]
#[test]
fn a_large_table_costs_nothing_until_it_is_written() {
    for threads in ["1", "2"] {
        let r = run_bounded(
            &format!("perft-hash-{threads}"),
            &[
                "perft",
                "--hash",
                "3G",
                "--threads",
                threads,
                "--position",
                REDU_END,
                "3",
            ],
            64 * 1024,
        );
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (Some(0), "232\n"),
            "{}",
            r.stderr
        );
    }
}
