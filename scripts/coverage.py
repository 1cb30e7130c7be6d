#!/usr/bin/env python3
"""Prints the line coverage of Sources/ from the JSON that `swift test --enable-code-coverage` writes.

Usage: scripts/coverage.py PATH_TO_CODECOV_JSON
(`swift test --enable-code-coverage --show-codecov-path` prints the path.)
"""
import json
import os
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as handle:
        report = json.load(handle)
    root = os.path.join(os.getcwd(), "Sources") + os.sep
    per_module: dict[str, list[int]] = {}
    for data in report.get("data", []):
        for entry in data.get("files", []):
            name = entry.get("filename", "")
            if not name.startswith(root):
                continue
            module = name[len(root):].split(os.sep, 1)[0]
            lines = entry["summary"]["lines"]
            counts = per_module.setdefault(module, [0, 0])
            counts[0] += lines["covered"]
            counts[1] += lines["count"]
    if not per_module:
        print("coverage: no files under Sources/ in the report", file=sys.stderr)
        return 1
    total_covered = sum(c for c, _ in per_module.values())
    total_count = sum(n for _, n in per_module.values())
    print("Line coverage of Sources/:")
    for module in sorted(per_module):
        covered, count = per_module[module]
        print(f"  {module:<20} {100.0 * covered / max(count, 1):6.2f}%  ({covered}/{count} lines)")
    print(f"  {'total':<20} {100.0 * total_covered / max(total_count, 1):6.2f}%  ({total_covered}/{total_count} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
