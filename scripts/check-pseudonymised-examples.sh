#!/usr/bin/env bash
# Pseudonymises every example log (Examples/Logs/*.jsonl) into a temporary directory, then checks
# each copy: `checkout replay --verify` passes on it, its header says it is pseudonymised, and it
# holds none of the original's personal values (pseudonym-leak-check collects them with the log's
# own classification, independently of the export). Fails naming the log otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product checkout >/dev/null
swift build --product pseudonym-leak-check >/dev/null
bin=$(swift build --show-bin-path)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

failures=0
count=0
pairs=()
for log in Examples/Logs/*.jsonl; do
    name=$(basename "$log")
    count=$((count + 1))
    if ! "$bin/checkout" pseudonymise "$log" -o "$out/$name" >/dev/null; then
        echo "check-pseudonymised-examples: $log was not pseudonymised" >&2
        failures=$((failures + 1))
        continue
    fi
    if ! "$bin/checkout" replay --verify "$out/$name" >/dev/null; then
        echo "check-pseudonymised-examples: the export of $log does not verify" >&2
        failures=$((failures + 1))
    fi
    if ! head -n 1 "$out/$name" | grep -q '"privacy":{"scheme":'; then
        echo "check-pseudonymised-examples: the export of $log has no privacy member in its header" >&2
        failures=$((failures + 1))
    fi
    pairs+=("$log" "$out/$name")
done
if [ "${#pairs[@]}" -gt 0 ] && ! "$bin/pseudonym-leak-check" "${pairs[@]}" >&2; then
    echo "check-pseudonymised-examples: an export holds a personal value of its original (above)" >&2
    failures=$((failures + 1))
fi
if [ "$failures" -gt 0 ]; then
    echo "check-pseudonymised-examples: $failures problem(s) in $count example logs" >&2
    exit 1
fi
echo "check-pseudonymised-examples: $count example logs pseudonymised, verified, none holds an original personal value"
