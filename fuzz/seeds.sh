#!/bin/sh
# Makes the seed corpus of every fuzz target from the project's recorded games (corpus/): whole
# files (record), one file per record (replay), one per position string with the record's options
# on a first line (position), one per JSON record line (json). fuzz/run.sh calls it when
# fuzz/seeds/ is missing; run it again after the corpus changes.
set -eu
cd "$(dirname "$0")"
rm -rf seeds
mkdir -p seeds/record seeds/replay seeds/position seeds/json
for f in ../corpus/*/*.mgn; do
    name=$(basename "$(dirname "$f")")-$(basename "$f" .mgn)
    cp "$f" "seeds/record/$name.mgn"
    # One file per record: a record starts at a line beginning with `[` after movetext.
    awk -v out="seeds/replay/$name" '
        /^\[/ { if (body) { n++; body = 0 } }
        !/^\[/ && !/^[ \t\r]*$/ { body = 1 }
        { print > (out "-" n + 0 ".mgn") }
    ' "$f"
done
n=0
for f in seeds/replay/*.mgn; do
    options=$(sed -n 's/^\[Options "\(.*\)"\]$/\1/p' "$f")
    { sed -n 's/^\[Position "\(.*\)"\]$/\1/p' "$f"
      tr '\n' ' ' < "$f" | grep -o '(position [^)]*)' | sed 's/^(position //; s/)$//' || true
    } | while IFS= read -r pos; do
        n=$((n + 1))
        printf '%s\n%s' "$options" "$pos" > "seeds/position/$(basename "$f" .mgn)-$n.txt"
    done
done
(cd .. && cargo run --quiet --release -p mancala -- convert --lenient --to json corpus/ok/*.mgn \
    corpus/lenient/*.mgn) | split -l 1 -a 4 - seeds/json/record-
for d in seeds/*; do echo "$d: $(ls "$d" | wc -l) files"; done
