#!/bin/sh
# Instructions per iteration of one store-bench row, counted by valgrind's callgrind: the same on a
# loaded machine as on an idle one, so a change can be judged while other work runs.
#
#     scripts/count-instructions.sh ROW [SMALL LARGE]
#
# Runs `store-bench --only ROW --iterations N` under callgrind for N = SMALL and N = LARGE
# (default 20000 and 120000) and prints (instructions(LARGE) - instructions(SMALL)) / (LARGE -
# SMALL): the set-up, the process start and the tear-down cancel out. The callgrind outputs stay
# in $TMPDIR for `callgrind_annotate` (their names hold this run's process id, so that runs at
# once, of the same row too, never write one file; the last line names them). Needs a release build (`swift build -c release --product
# store-bench`); run from the package root (the checkout rows read Examples/Logs). For
# `replay-checkout-1m` and `pseudonymise-checkout-1m` the logs are written beforehand, outside
# callgrind (`--checkout-log`): only loading and replaying (or exporting) them is counted.
#
# With COUNT_THREAD=1 only the main thread is counted (callgrind's `--separate-threads`), not the
# threads the row starts: for `recorder-buffered-solo`, the dispatching thread without the
# recorder's writer thread.
set -eu
cd "$(dirname "$0")/.."
row=$1
small=${2:-20000}
large=${3:-120000}
bin=$(swift build -c release --show-bin-path)/store-bench
name=$(printf '%s' "$row" | tr -c 'A-Za-z0-9-' '_')
total() {
    out="${TMPDIR:-/tmp}/callgrind.$name.$$.$1"
    set -- "$1"
    if [ "$row" = replay-checkout-1m ] || [ "$row" = pseudonymise-checkout-1m ]; then
        # The log is written first, outside callgrind, so that only its replay is counted.
        log="${TMPDIR:-/tmp}/count-instructions-checkout-$$-$1.jsonl"
        rm -f "$log"
        "$bin" --only replay-checkout-1m --iterations "$1" --checkout-log "$log" >/dev/null
        set -- "$1" --checkout-log "$log"
    fi
    if [ "${COUNT_THREAD:-}" = 1 ]; then
        rm -f "$out" "$out"-[0-9]*
        valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$out" "$bin" --only "$row" --iterations "$@" >/dev/null 2>&1
        mv "$out-01" "$out"
    else
        valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" --only "$row" --iterations "$@" >/dev/null 2>&1
    fi
    if [ -n "${log:-}" ]; then rm -f "$log"; fi
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }'
}
a=$(total "$small")
b=$(total "$large")
echo "$row: $(( (b - a) / (large - small) )) instructions per iteration ($a at $small, $b at $large)"
echo "callgrind outputs: ${TMPDIR:-/tmp}/callgrind.$name.$$.$small and ${TMPDIR:-/tmp}/callgrind.$name.$$.$large"
