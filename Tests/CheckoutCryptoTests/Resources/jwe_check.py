#!/usr/bin/env python3
"""Independent checker for CheckoutCrypto's JWE output (test tooling only, never shipped).

Written against RFC 7516 / RFC 7518 with Python's `cryptography` package, sharing no code with the
Swift implementation. Per RFC 7516 section 5.2 the AAD is the *received* first segment, not a
re-serialised header (joserfc gets this wrong for Worldline's spaced header).

Subcommands:
  keygen --type rsa|ec [--bits N] [--private-key-out PATH] [--json]
      Generate a fresh key; print base64 of its DER SubjectPublicKeyInfo; optionally write the
      private key (PKCS#8 PEM) to PATH. With --json print {"spki": ..., "private_key_pem": ...}.
  decrypt [--private-key PATH]        JWE on stdin -> plaintext bytes on stdout.
  inspect [--private-key PATH]        JWE on stdin -> JSON {header, cek_hex, iv_hex, plaintext_hex}.
  rsa-decrypt [--private-key PATH]    hex RSA-OAEP-SHA1 ciphertext on stdin -> hex plaintext.

Without --private-key the PEM is read from the JWE_CHECK_PRIVATE_KEY_PEM environment variable (the
Swift tests use that, so no key file is left behind).

Every failure (bad structure, wrong algorithm, tag mismatch, bad padding) exits with status 1 and a
one-line reason on stderr.
"""
import argparse
import base64
import hmac as std_hmac
import json
import os
import re
import sys

from cryptography.hazmat.primitives import hashes, hmac, padding, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.asymmetric import padding as asym_padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

B64URL = re.compile(r"^[A-Za-z0-9_-]*$")


def fail(reason):
    print(f"jwe_check: {reason}", file=sys.stderr)
    sys.exit(1)


def b64url_decode(segment, name):
    if not B64URL.match(segment):
        fail(f"{name} is not unpadded base64url: {segment[:20]!r}")
    if len(segment) % 4 == 1:
        fail(f"{name} has an impossible base64 length {len(segment)}")
    return base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))


def oaep_sha1():
    return asym_padding.OAEP(mgf=asym_padding.MGF1(algorithm=hashes.SHA1()), algorithm=hashes.SHA1(), label=None)


def load_private_key(path):
    if path:
        with open(path, "rb") as handle:
            pem = handle.read()
    else:
        pem = os.environ.get("JWE_CHECK_PRIVATE_KEY_PEM", "").encode("ascii")
        if not pem:
            fail("no --private-key and no JWE_CHECK_PRIVATE_KEY_PEM in the environment")
    return serialization.load_pem_private_key(pem, password=None)


def open_jwe(compact, private_key):
    parts = compact.strip().split(".")
    if len(parts) != 5:
        fail(f"expected 5 segments, got {len(parts)}")
    header_b64, key_b64, iv_b64, ciphertext_b64, tag_b64 = parts
    header_bytes = b64url_decode(header_b64, "header")
    try:
        header = json.loads(header_bytes)
    except ValueError as error:
        fail(f"header is not JSON: {error}")
    if header.get("alg") != "RSA-OAEP" or header.get("enc") != "A256CBC-HS512":
        fail(f"unexpected algorithms in header {header_bytes!r}")
    try:
        cek = private_key.decrypt(b64url_decode(key_b64, "encrypted key"), oaep_sha1())
    except ValueError as error:
        fail(f"RSA-OAEP-SHA1 decryption of the content key failed: {error}")
    if len(cek) != 64:
        fail(f"content key has {len(cek)} bytes, not 64")
    mac_key, enc_key = cek[:32], cek[32:]
    iv = b64url_decode(iv_b64, "IV")
    if len(iv) != 16:
        fail(f"IV has {len(iv)} bytes, not 16")
    ciphertext = b64url_decode(ciphertext_b64, "ciphertext")
    tag = b64url_decode(tag_b64, "tag")
    aad = header_b64.encode("ascii")
    al = (len(aad) * 8).to_bytes(8, "big")
    mac = hmac.HMAC(mac_key, hashes.SHA512())
    mac.update(aad + iv + ciphertext + al)
    expected_tag = mac.finalize()[:32]
    if not std_hmac.compare_digest(tag, expected_tag):
        fail("authentication tag does not match")
    if len(ciphertext) == 0 or len(ciphertext) % 16 != 0:
        fail(f"ciphertext length {len(ciphertext)} is not a positive multiple of 16")
    decryptor = Cipher(algorithms.AES(enc_key), modes.CBC(iv)).decryptor()
    padded = decryptor.update(ciphertext) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    try:
        plaintext = unpadder.update(padded) + unpadder.finalize()
    except ValueError:
        fail("invalid PKCS#7 padding")
    return header_bytes, cek, iv, plaintext


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    keygen = commands.add_parser("keygen")
    keygen.add_argument("--type", choices=["rsa", "ec"], default="rsa")
    keygen.add_argument("--bits", type=int, default=2048)
    keygen.add_argument("--private-key-out")
    keygen.add_argument("--json", action="store_true")
    for name in ("decrypt", "inspect", "rsa-decrypt"):
        commands.add_parser(name).add_argument("--private-key")
    args = parser.parse_args()

    if args.command == "keygen":
        if args.type == "rsa":
            key = rsa.generate_private_key(public_exponent=65537, key_size=args.bits)
        else:
            key = ec.generate_private_key(ec.SECP256R1())
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        if args.private_key_out:
            with open(args.private_key_out, "wb") as handle:
                handle.write(pem)
        spki = key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        spki_b64 = base64.b64encode(spki).decode("ascii")
        if args.json:
            print(json.dumps({"spki": spki_b64, "private_key_pem": pem.decode("ascii")}))
        else:
            print(spki_b64)
        return

    private_key = load_private_key(args.private_key)
    if args.command == "rsa-decrypt":
        try:
            plaintext = private_key.decrypt(bytes.fromhex(sys.stdin.read().strip()), oaep_sha1())
        except ValueError as error:
            fail(f"RSA-OAEP-SHA1 decryption failed: {error}")
        print(plaintext.hex())
        return

    header, cek, iv, plaintext = open_jwe(sys.stdin.read(), private_key)
    if args.command == "decrypt":
        sys.stdout.buffer.write(plaintext)
    else:
        print(json.dumps({
            "header": header.decode("utf-8"),
            "cek_hex": cek.hex(),
            "iv_hex": iv.hex(),
            "plaintext_hex": plaintext.hex(),
        }))


if __name__ == "__main__":
    main()
