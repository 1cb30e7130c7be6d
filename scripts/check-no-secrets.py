#!/usr/bin/env python3
"""Proves no secret reached a log, a snapshot, an analytics output or the command line's output.

Usage: scripts/check-no-secrets.py PATH [PATH ...]

Scans every file under the paths for five kinds of leak:

- card: a card number, a run of 13 to 19 digits (spaces or dashes allowed between them, as masks
  format them) that passes the Luhn check and starts like a card (Visa 4, Mastercard 51-55 and
  2221-2720, Amex 34/37, Discover 6011/65).
- sandbox-secret: the marker `sbx_secret_` that every secret the sandboxes and demo scripts make
  up begins with (CheckoutSandbox's `SandboxSecret`): tokens, session data, client session ids,
  nonces, MACs, bearer tokens, 3-D Secure data. Opaque secrets have no recognisable shape; the
  marker makes a leaked one findable.
- query: a `key=value` item after `?`, `&`, `;` or `#` (a URL's query or fragment, anywhere in
  the text) whose key is secret by `SensitiveURL`'s rules (`token`, `orderToken`, `sessionData`,
  `session_id`, `sessionId`, `clientKey`, `nonce`, `access_token`, `authorization`, `RETURNMAC`,
  `redirectResult`, ...) and whose value is not the redaction marker `[REDACTED]`.
- bearer: an `Authorization`-style credential, `Bearer <value>` or Worldline's
  `GCS v1Client:<value>`, whose value is not the marker.
- json-field: a JSON member whose name is secret by the same rules (`"sessionData"`,
  `"clientKey"`, `"nonce"`, `"paymentMethodNonce"`, `"clientToken"`, `"token"`...) holding a
  string other than the marker.

Exits 1 and lists each hit (file, line, kind, the value with its middle hidden) if any is found.
A value the command line cut short (`[REDA…`) counts as the marker.
"""
import os
import re
import sys

MARKER = "[REDACTED]"
SANDBOX_MARKER = "sbx_secret_"

# The same rules as `SensitiveURL.isSecretQueryKey` (Sources/StateStore/SensitiveURL.swift): a key,
# percent-decoded, lower-cased, letters and digits only, is secret when it contains a fragment or
# is one of the whole keys. CheckoutCLITests.SecretScanTests checks the two lists agree.
SECRET_KEY_FRAGMENTS = [
    "token", "secret", "session", "nonce", "password", "passwd", "auth", "apikey", "clientkey", "accesskey",
    "privatekey", "signature", "credential", "hmac", "jwt",
]
SECRET_KEYS = {
    "key", "code", "mac", "returnmac", "sig", "md", "pares", "cres", "creq", "payload", "paymentdata",
    "redirectresult", "redirectdata", "threedsresult", "threedsmethoddata", "pan", "cvv", "cvc", "cvn", "pin",
    "otp", "pwd",
}

# A run glued to letters is part of an identifier (a fingerprint, a checksum, an older log's
# hexadecimal id), whose digits can pass for a card number by chance; a card number that leaked
# into a log stands on its own (a JSON number or string, or digits in text).
CARD_CANDIDATE = re.compile(r"(?<![0-9A-Za-z])(?:[0-9][ -]?){12,18}[0-9](?![0-9A-Za-z])")
CARD_PREFIX = re.compile(r"^(4|5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720)|3[47]|6011|65)")
QUERY_ITEM = re.compile(r"(?<=[?&;#])([A-Za-z0-9_.\-%\[\]]+)=([^&;#\s\"'<>\\]*)")
BEARER = re.compile(r"\b(?:[Bb]earer|BEARER)\s+([^\s\"'\\,;)]+)|\bGCS v1Client:([^\s\"'\\,;)]+)")
JSON_STRING_MEMBER = re.compile(r"\"([A-Za-z0-9_.\-]+)\"\s*:\s*\"((?:[^\"\\]|\\.)*)\"")


def normalized_key(name: str) -> str:
    decoded = re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), name)
    return re.sub(r"[^a-z0-9]", "", decoded.lower())


def is_secret_key(name: str) -> bool:
    key = normalized_key(name)
    if not key:
        return False
    return key in SECRET_KEYS or any(fragment in key for fragment in SECRET_KEY_FRAGMENTS)


def is_redacted(value: str) -> bool:
    """The marker, the marker as a URL encodes it, or the marker cut short by the command line."""
    if value.startswith((MARKER, "%5BREDACTED%5D", "%5bREDACTED%5d")):
        # The marker, maybe followed by what ends the URL in prose: `…?token=[REDACTED]),`.
        return True
    if "…" in value and MARKER.startswith(value.split("…", 1)[0]):
        return True
    return False


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


def masked(value: str) -> str:
    """Enough of a value to find it, never the whole secret."""
    if value.startswith(SANDBOX_MARKER):
        return SANDBOX_MARKER + "…"
    if len(value) <= 6:
        return value[:1] + "…"
    return value[:3] + "…" + value[-2:]


def find_secrets(text: str):
    """Every leak in one line of text, as (kind, masked value) pairs."""
    hits = []
    for match in CARD_CANDIDATE.finditer(text):
        digits = re.sub(r"[ -]", "", match.group(0))
        if 13 <= len(digits) <= 19 and CARD_PREFIX.match(digits) and luhn(digits):
            hits.append(("card", digits[:4] + "…" + digits[-4:]))
    if SANDBOX_MARKER in text:
        for match in re.finditer(re.escape(SANDBOX_MARKER) + r"[^\s\"'&;,)<>\\]*", text):
            hits.append(("sandbox-secret", masked(match.group(0))))
    # JSON text escapes `/` and may escape `&` and `=`; read URLs as they are.
    plain = text.replace("\\/", "/").replace("\\u0026", "&").replace("\\u003d", "=").replace("\\u003D", "=")
    for match in QUERY_ITEM.finditer(plain):
        key, value = match.group(1), match.group(2)
        if value and is_secret_key(key) and not is_redacted(value):
            hits.append(("query", f"{key}={masked(value)}"))
    for match in BEARER.finditer(plain):
        value = match.group(1) or match.group(2)
        if not is_redacted(value) and not value.startswith(MARKER):
            hits.append(("bearer", masked(value)))
    # JSON inside a JSON string (a web page's bridge message) has its quotes escaped.
    for match in JSON_STRING_MEMBER.finditer(text.replace('\\"', '"')):
        key, value = match.group(1), match.group(2)
        # A URL is checked item by item (the query rule) and a credential scheme by the bearer
        # rule: a secret member holding `Bearer [REDACTED]` or a redacted URL is no leak.
        if "://" in value or MARKER in value:
            continue
        if value and is_secret_key(key) and not is_redacted(value):
            hits.append(("json-field", f"\"{key}\": {masked(value)}"))
    return hits


def scan(path: str):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for number, line in enumerate(handle, 1):
                for kind, value in find_secrets(line):
                    yield number, kind, value
    except OSError:
        return


def self_check() -> None:
    """The rules still catch planted secrets and still pass redacted values (run every time)."""
    caught = [
        '{"pan":"4111111111111111"}', "card 4111 1111 1111 1111", '"token":"sbx_secret_002.sandbox-1"',
        '"url":"https://portal.example/checkout/?token=002.5lmerr"', "Authorization: Bearer eyJhbGciOi",
        '{"sessionData":"Ab02b4c0!BQABAgA"}',
    ]
    passed = [
        '"logId":"2866c5d5161628409640150983ddf760"', '"t":1795320361237', '"token":"[REDACTED]"',
        '"url":"https://portal.example/checkout/?token=[REDACTED]&locale=en-GB"', "Bearer [REDACTED]",
        '"url":"https://shop.example/confirmation?orderNo=PARSE-2002&cart=cart-1"',
    ]
    for text in caught:
        assert find_secrets(text), f"self-check: missed a secret in {text}"
    for text in passed:
        assert not find_secrets(text), f"self-check: flagged {find_secrets(text)} in {text}"


def main(arguments=None) -> int:
    arguments = sys.argv[1:] if arguments is None else arguments
    self_check()
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    files = 0
    hits = []
    for root in arguments:
        if os.path.isfile(root):
            candidates = [root]
        else:
            candidates = [os.path.join(d, f) for d, _, names in os.walk(root) for f in sorted(names)]
        for path in candidates:
            files += 1
            hits += [(path, line, kind, value) for line, kind, value in scan(path)]
    for path, line, kind, value in hits:
        print(f"{kind} in {path}:{line}: {value}")
    print(f"check-no-secrets: {files} file(s) scanned, {len(hits)} secret(s) found")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
