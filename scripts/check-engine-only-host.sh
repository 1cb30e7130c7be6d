#!/usr/bin/env bash
# Builds Tests/Fixtures/EngineOnlyHost, a host package that depends on the StateStore product
# alone, runs it, and checks that its build compiled the engine (StateStore and CAtomics, its C11
# atomics) and nothing else: no ActionLog, no checkout, no providers, no sandbox. Fails otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="$PWD/.build-engine-only-host"
rm -rf "$scratch"
swift build --package-path Tests/Fixtures/EngineOnlyHost --scratch-path "$scratch" >/dev/null
# Run the binary itself: `swift run` builds every target of the package graph first.
output=$("$scratch/debug/EngineOnlyHost")
[ "$output" = "count is 1" ] || { echo "engine-only host: unexpected output: $output" >&2; exit 1; }

# SwiftPM makes an (empty) folder for every target of the package graph; what was compiled is
# what has object files.
built=$(for folder in "$scratch"/debug/*.build; do
    if [ -n "$(find -L "$folder" -name '*.o' -print -quit)" ]; then basename "$folder" .build; fi
done | sort)
unexpected=$(echo "$built" | grep -vxE 'StateStore|CAtomics|EngineOnlyHost' || true)
if [ -n "$unexpected" ] || ! echo "$built" | grep -qx StateStore; then
    echo "engine-only host: a build importing only StateStore compiled other modules:" >&2
    echo "$unexpected" >&2
    exit 1
fi
echo "engine-only host: compiled $(echo "$built" | tr '\n' ' ')- the engine alone"
