#!/bin/sh
# Makes the seed corpus of every fuzz target from the project's recorded games (corpus/): whole
# files (record), one file per record (replay), one per position string with the record's options
# on a first line (position), one per JSON record line (json). fuzz/run.sh calls it when
# fuzz/seeds/ is missing; run it again after the corpus changes.
set -eu
cd "$(dirname "$0")"
rm -rf seeds
mkdir -p seeds/record seeds/replay seeds/position seeds/json seeds/output seeds/paths seeds/batch seeds/database \
    seeds/proof
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
# output: each record under a file name (the first line), hostile names among them.
k=0
for f in seeds/replay/*.mgn; do
    k=$((k + 1))
    case $((k % 3)) in
        0) name="game.mgn" ;;
        1) name=$(printf 'a\033[2J\033]0;t\007.mgn') ;;
        *) name=$(printf 'b\357\277\276<&>\342\200\256.mgn') ;;
    esac
    { printf '%s\n' "$name"; cat "$f"; } > "seeds/output/$(basename "$f")"
done
# database: small databases solved from a few Bechi endings (a 2x3 middle game, a 2x4 ending, a
# round-2 2x4 ending with blocked holes), each a few kilobytes.
mkdir -p seeds/database
k=0
for p in "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B" \
         "bechi 2*,1*,0/6,0,3* B store=12,12 opener=B" \
         "bechi 2*,0,1*,0/0,3*,0,2* A store=20,20 opener=B" \
         "bechi 0x,2*,1*,6/0,3*,2*,0 B store=20,10 reserve=0,4 round=2 opener=A"; do
    k=$((k + 1))
    (cd .. && cargo run --quiet --release -p mancala -- solve --quiet --position "$p" \
        --out "fuzz/seeds/database/ending-$k.db" > /dev/null)
done
# json: records the notation cannot hold as written (known tags among the tags, rounds past
# 9999, annotation values with brackets), built from a corpus record.
j=seeds/json/record-aaaa
if [ -f "$j" ]; then
    sed 's/"opener":"B"/"opener":"B","tags":[["Options","holes=3"]]/' "$j" > seeds/json/known-tag-in-tags
    sed 's/"movetext":\[/"movetext":[{"kind":"round","round":10000,"decision":{"kind":"none"}},/' "$j" > seeds/json/round-10000
    sed 's/"movetext":\[/"movetext":[{"kind":"annotation","key":"captures","value":"0) (x"},/' "$j" > seeds/json/annotation-bracket
fi
# paths: every operation on every word of the target's vocabulary (the tree's names, ., ..).
for op in 0 1 2 3; do
    for w in $(seq 0 23); do
        printf "\\$(printf %o "$op")\\000\\$(printf %o "$w")bytes" > "seeds/paths/op$op-word$w"
    done
done
# batch: the positions of the corpus as lines (short runs of each byte), and a long line.
k=0
for f in seeds/position/*.txt; do
    k=$((k + 1))
    [ $k -gt 200 ] && break
    { printf '\077'; tail -n 1 "$f" | od -An -v -tx1 | tr -s ' \n' '\n\n' | grep . |
        while read -r h; do printf "\\$(printf %o "0x$h")\\000"; done; printf '\n\000'; } \
        > "seeds/batch/$(basename "$f")"
done
printf '\007x\377\n\000bechi' > seeds/batch/long-line
# proof: each proof as it is (its pick alone), and forged as issue 34 forged them (edit 16, the
# value moved by 1, 10 or -1), with a claim shifted (edit 0) and a move redirected (edit 6).
for p in 0 1 2 3 4 5 6; do
    printf "\\$(printf %o "$p")" > "seeds/proof/proof-$p"
    printf "\\$(printf %o "$p")\\020\\001" > "seeds/proof/issue-$p-up"
    printf "\\$(printf %o "$p")\\020\\012" > "seeds/proof/issue-$p-far"
    printf "\\$(printf %o "$p")\\020\\377" > "seeds/proof/issue-$p-down"
    printf "\\$(printf %o "$p")\\000\\002\\377\\006\\001\\000\\000" > "seeds/proof/shift-redirect-$p"
done
for d in seeds/*; do echo "$d: $(ls "$d" | wc -l) files"; done
