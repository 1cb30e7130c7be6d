#!/usr/bin/env bash
# Measures `checkout inspect` on a long log: generates a native checkout log of ACTIONS actions
# (100,000 by default) with store-bench (a guest who keeps changing their e-mail, address and
# shipping method, each change answered by the sandbox backend, then pays), writes its inspector
# page, and opens the page in headless Chromium RUNS times (5 by default) in one running browser,
# reporting the time from navigation start to the page's first full render (its
# `inspector-rendered` mark) and the page's size. The goal: at most 2 s and 30 MB.
#
#     scripts/measure-inspector.sh [ACTIONS] [RUNS]
#
# Needs release builds (made here) and Chromium (scripts/bootstrap installs it). Exits 1 when a
# goal is missed.
set -euo pipefail
cd "$(dirname "$0")/.."

actions=${1:-100000}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --product checkout >/dev/null
swift build -c release --product store-bench >/dev/null
bin=$(swift build -c release --show-bin-path)

"$bin/store-bench" --write-checkout-log "$work/long.jsonl" --actions "$actions"
log_bytes=$(wc -c <"$work/long.jsonl")

start=$(date +%s.%N)
"$bin/checkout" inspect "$work/long.jsonl" -o "$work/long.html"
end=$(date +%s.%N)
page_bytes=$(wc -c <"$work/long.html")

result=$(python3 scripts/inspector-browser.py measure --runs "$runs" "$work/long.html")
echo "$result"

python3 - "$result" "$log_bytes" "$page_bytes" "$start" "$end" <<'EOF'
import json, sys
result, log_bytes, page_bytes, start, end = json.loads(sys.argv[1]), *map(float, sys.argv[2:])
mb = lambda n: n / (1 << 20)
print(f"log: {mb(log_bytes):.1f} MB; page: {mb(page_bytes):.1f} MB, written in {end - start:.1f} s")
print(f"first full render: median {result['medianMs'] / 1000:.2f} s, slowest {result['maxMs'] / 1000:.2f} s "
      f"over {len(result['runsMs'])} runs; stages of the median run (ms from navigation start): {result['stagesMs']}")
failed = []
if result["medianMs"] > 2000:
    failed.append("the page takes more than 2 s to render")
if page_bytes > 30 * (1 << 20):
    failed.append("the page is larger than 30 MB")
if result["errors"] or result["requests"]:
    failed.append(f"errors {result['errors']}, requests {result['requests']}")
for reason in failed:
    print("measure-inspector: " + reason, file=sys.stderr)
sys.exit(1 if failed else 0)
EOF
