#!/bin/sh
# The benchmark of `checkout verify`: logs/s and actions/s over a generated fleet of checkout logs
# (10,000 by default), on every core and on one (--jobs 1), with release builds.
#
#     scripts/bench-verify-fleet.sh [COUNT]
#
# `store-bench make-fleet` writes the fleet twice: each log one of the example journeys, recorded
# afresh with a fingerprint after every action (as the demo records them: the most a verify
# checks), then with one every 100 actions and in the footer (an app recorder's default). The
# figures are wall-clock time around `checkout verify --json`, whose summary gives the counts.
# They are rough: compare figures taken on one machine at one time.
set -eu
cd "$(dirname "$0")/.."
count=${1:-10000}
work=$(mktemp -d "${TMPDIR:-/tmp}/verify-fleet.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

swift build -c release --product store-bench >/dev/null
swift build -c release --product checkout >/dev/null
bin=$(swift build -c release --show-bin-path)
cores=$(nproc 2>/dev/null || echo 2)

run() {
    label=$1
    shift
    start=$(date +%s.%N)
    "$bin/checkout" verify --json "$@" "$work/logs" >"$work/out.jsonl" || true
    end=$(date +%s.%N)
    tail -n 1 "$work/out.jsonl" | awk -v start="$start" -v end="$end" -v label="$label" '{
        logs = $0; sub(/.*"logs":/, "", logs); sub(/[^0-9].*/, "", logs)
        actions = $0; sub(/.*"actions":/, "", actions); sub(/[^0-9].*/, "", actions)
        seconds = end - start
        printf "%-34s %6d logs, %7d actions in %6.2f s: %6.0f logs/s, %7.0f actions/s\n",
            label, logs, actions, seconds, logs / seconds, actions / seconds
    }'
}

for interval in 1 100; do
    rm -rf "$work/logs"
    "$bin/store-bench" make-fleet "$work/logs" --count "$count" --fingerprint-interval "$interval"
    sync
    # Once untimed, so that every timed run reads the fleet from the page cache.
    "$bin/checkout" verify --json "$work/logs" >/dev/null || true
    run "fingerprints every $interval, $cores cores" --jobs "$cores"
    run "fingerprints every $interval, 1 core" --jobs 1
done
