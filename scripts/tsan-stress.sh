#!/usr/bin/env bash
# Runs the StateStore and StateStoreTesting test suites many times under ThreadSanitizer and
# stops at the first failure (a failing test or any ThreadSanitizer report).
#
# Why: the test store promises tests that never need a sleep and are never flaky, and the store
# promises dispatch from any thread. A single green run proves little about either; a hundred
# green runs under TSan, on a loaded machine, is the evidence. Not part of CI: it takes minutes.
#
# Usage: scripts/tsan-stress.sh [RUNS]        (RUNS defaults to 100)
# Environment: SCRATCH_PATH  build folder (default .build-tsan, git-ignored as .build-*)
#              FILTER        test filter (default: the two suites)
set -euo pipefail

runs="${1:-100}"
scratch="${SCRATCH_PATH:-.build-tsan}"
filter="${FILTER:-^(StateStoreTests|ActionLogTests|StateStoreTestingTests)\.}"
cd "$(dirname "$0")/.."

# Stop the test process at the first race, so a report can never hide behind a passing test.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1}"

echo "Building the tests with --sanitize=thread in $scratch ..."
swift build --build-tests --sanitize=thread --scratch-path "$scratch"

log="$(mktemp -t tsan-stress.XXXXXX)"
trap 'rm -f "$log"' EXIT
for run in $(seq 1 "$runs"); do
    started=$(date +%s)
    if ! swift test --skip-build --sanitize=thread --scratch-path "$scratch" --filter "$filter" >"$log" 2>&1 \
        || grep -q "ThreadSanitizer" "$log"; then
        echo "Run $run of $runs FAILED. The end of its output:" >&2
        grep -nE "ThreadSanitizer|error:|failed" "$log" | head -40 >&2 || true
        tail -n 40 "$log" >&2
        exit 1
    fi
    tests=$(grep -Eo "Executed [0-9]+ tests" "$log" | tail -n 1 || true)
    echo "Run $run of $runs passed (${tests:-no XCTest summary}, $(( $(date +%s) - started )) s)"
done
echo "All $runs runs passed under ThreadSanitizer."
