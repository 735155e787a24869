#!/usr/bin/env bash
# Wall time of GNU Go's whole reading.tst (and capture.tst) on Kibitz's GTP
# engine and on gnugo 3.8, same machine, same run, each suite REPS times
# (default 3), alternating, best time kept. Needs a release build
# (cargo build --release), python3 and gnugo.
#   benches/go_reading_tst.sh [REPS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
KIBITZ=$ROOT/target/release/kibitz
GNUGO=${GNUGO:-/usr/games/gnugo}
REPS=${1:-3}
cd tests/data/go/regress
best() { # best wall seconds of REPS runs of: run_tst.py ENGINE... -- SUITE
    local suite=$1 b="" t s e
    shift
    for _ in $(seq "$REPS"); do
        s=$(date +%s.%N)
        python3 run_tst.py "$@" -- "$suite" >/dev/null
        e=$(date +%s.%N)
        t=$(echo "$e - $s" | bc)
        if [ -z "$b" ] || (($(echo "$t < $b" | bc))); then b=$t; fi
    done
    echo "$b"
}
for suite in reading.tst capture.tst; do
    k=$(best "$suite" "$KIBITZ" go gtp)
    g=$(best "$suite" "$GNUGO" --quiet --mode gtp)
    printf '%-12s kibitz %6.2f s   gnugo %6.2f s   ratio %.2f\n' "$suite" "$k" "$g" "$(echo "$k / $g" | bc -l)"
    python3 run_tst.py "$KIBITZ" go gtp -- "$suite" | tail -1
done
