#!/usr/bin/env python3
"""Proves no card number reached a log, a snapshot or an analytics output.

Usage: scripts/check-no-card-numbers.py PATH [PATH ...]

Scans every file under the paths for card numbers: runs of 13 to 19 digits (spaces or dashes
allowed between them, as masks format them) that pass the Luhn check and start like a card
(Visa 4, Mastercard 51-55 and 2221-2720, Amex 34/37, Discover 6011/65). Exits 1 and lists each
hit (file, line, the number with its middle hidden) if any is found.
"""
import os
import re
import sys

# A run glued to letters is part of an identifier (a fingerprint, a checksum, an older log's
# hexadecimal id), whose digits can pass for a card number by chance; a card number that leaked
# into a log stands on its own (a JSON number or string, or digits in text).
CANDIDATE = re.compile(r"(?<![0-9A-Za-z])(?:[0-9][ -]?){12,18}[0-9](?![0-9A-Za-z])")
PREFIX = re.compile(r"^(4|5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720)|3[47]|6011|65)")


def luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total % 10 == 0


def scan(path: str):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for number, line in enumerate(handle, 1):
                for match in CANDIDATE.finditer(line):
                    digits = re.sub(r"[ -]", "", match.group(0))
                    if 13 <= len(digits) <= 19 and PREFIX.match(digits) and luhn(digits):
                        yield number, digits[:4] + "…" + digits[-4:]
    except OSError:
        return


def finds(text: str) -> bool:
    """Whether `text` holds a card number by this script's rules."""
    for match in CANDIDATE.finditer(text):
        digits = re.sub(r"[ -]", "", match.group(0))
        if 13 <= len(digits) <= 19 and PREFIX.match(digits) and luhn(digits):
            return True
    return False


def self_check() -> None:
    """The rules still catch planted card numbers and still pass identifiers (run every time)."""
    caught = ['{"pan":"4111111111111111"}', '"n":5555555555554444,', "card 4111 1111 1111 1111", "3782-822463-10005"]
    passed = ['"logId":"2866c5d5161628409640150983ddf760"', '"fp":"f36f48ff3ac8fab2"', '"t":1795320361237']
    for text in caught:
        assert finds(text), f"self-check: missed a card number in {text}"
    for text in passed:
        assert not finds(text), f"self-check: flagged an identifier in {text}"


def main() -> int:
    self_check()
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    files = 0
    hits = []
    for root in sys.argv[1:]:
        if os.path.isfile(root):
            candidates = [root]
        else:
            candidates = [os.path.join(d, f) for d, _, names in os.walk(root) for f in names]
        for path in candidates:
            files += 1
            hits += [(path, line, masked) for line, masked in scan(path)]
    for path, line, masked in hits:
        print(f"card number in {path}:{line}: {masked}")
    print(f"check-no-card-numbers: {files} file(s) scanned, {len(hits)} card number(s) found")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
