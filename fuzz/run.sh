#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each (default 60), one after
# the other, and prints the executions and crashes of each.
#   fuzz/run.sh [SECONDS] [TARGET...]
# Needs cargo-fuzz (`cargo install cargo-fuzz --locked`). The one stable
# toolchain is enough: RUSTC_BOOTSTRAP=1 lets it take cargo-fuzz's nightly
# flags (sanitizer coverage, AddressSanitizer).
# Corpora grow in fuzz/corpus/TARGET (not committed), seeded from the
# committed fuzz/seeds/TARGET; crashes land in fuzz/artifacts/TARGET.
# Exit status: 0 if no target crashed, 1 otherwise.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

# Every target; a new target is a file in fuzz_targets/, a [[bin]] in
# Cargo.toml and a name here.
TARGETS=(dds_solve dds_table dds_batch dds_par dds_play bg_ids bg_moves go_sgf go_gtp score)

SECONDS_EACH=${1:-60}
shift || true
if [ $# -gt 0 ]; then
    TARGETS=("$@")
fi

export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz not found: cargo install cargo-fuzz --locked" >&2
    exit 2
fi
cargo fuzz build || exit 2

mkdir -p logs
failed=0
report=""
for t in "${TARGETS[@]}"; do
    mkdir -p "corpus/$t" "seeds/$t"
    log="logs/$t.log"
    start=$(date +%s)
    # -timeout: an input that runs 30 s counts as a crash (a hang);
    # -rss_limit_mb: so does one that takes 2 GB.
    cargo fuzz run "$t" "corpus/$t" "seeds/$t" -- \
        -max_total_time="${SECONDS_EACH}" -timeout=30 -rss_limit_mb=2048 \
        -print_final_stats=1 >"$log" 2>&1
    status=$?
    secs=$(($(date +%s) - start))
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    crashes=0
    if [ "$status" -ne 0 ]; then
        crashes=1
        failed=1
        echo "--- $t failed (exit $status); end of $log:"
        tail -30 "$log"
    fi
    line=$(printf '%-10s %10s execs %5ss  crashes %s' "$t" "${execs:-?}" "$secs" "$crashes")
    echo "$line"
    report+="$line"$'\n'
done
printf '\n%s' "$report"
exit "$failed"
