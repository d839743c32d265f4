#!/bin/sh
# Coverage-guided fuzzing on the stable toolchain (README "Fuzzing"): builds one target with
# libFuzzer's coverage instrumentation (the -C flags cargo-fuzz passes with `--sanitizer none`; no
# nightly, no -Z flag) and runs it on its corpus.
#
#   fuzz/run.sh TARGET [SECONDS] [libFuzzer flags...]
#
# TARGET is record, position, json, replay, output, paths, batch, database or proof; SECONDS defaults to 60. New inputs go to
# fuzz/corpus/TARGET (not committed), the seeds come from fuzz/seeds/TARGET (made from corpus/ by
# fuzz/seeds.sh), and a crashing input is written to fuzz/artifacts/TARGET/: copy it to
# fuzz/regressions/TARGET/ so that `cargo test` replays it for ever.
set -eu
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh record|position|json|replay|output|paths|batch|database|proof [SECONDS] [libFuzzer flags...]}
seconds=${2:-60}
[ $# -ge 2 ] && shift 2 || shift $#
triple=$(rustc -vV | sed -n 's/^host: //p')
RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks" \
    cargo build --release --target "$triple" --bin "$target"
[ -d "seeds/$target" ] || sh ./seeds.sh
mkdir -p "corpus/$target" "artifacts/$target"
# batch checks its own memory cap on each input (fuzz_targets/batch.rs); its streams reach 32 MB.
limits="-rss_limit_mb=2048"
case $target in
    position) max_len=512 ;;
    paths) max_len=64 ;;
    # a proof's pick and some edits of a few bytes each
    proof) max_len=256 ;;
    batch) max_len=4096; limits="-rss_limit_mb=512" ;;
    *) max_len=16384 ;;
esac
dict=-dict=mgn.dict
[ "$target" = json ] && dict=-dict=json.dict
[ "$target" = database ] && dict=-dict=database.dict
# paths, batch and proof read bytes that spell paths, runs and edits, not notation: no dictionary.
case $target in paths|batch|proof) dict= ;; esac
exec "target/$triple/release/$target" -max_total_time="$seconds" $limits -timeout=10 \
    -max_len="$max_len" -print_final_stats=1 $dict -artifact_prefix="artifacts/$target/" "$@" \
    "corpus/$target" "seeds/$target"
