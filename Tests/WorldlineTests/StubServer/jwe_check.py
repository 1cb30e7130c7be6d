#!/usr/bin/env python3
"""An independent check of the Worldline JWE (RSA-OAEP + A256CBC-HS512), for tests only.

    jwe_check.py decrypt PRIVATE_KEY_PEM < compact-jwe      -> prints {"header": {...}, "plaintext": "..."}
    jwe_check.py encrypt PUBLIC_KEY_B64 KEY_ID < plaintext   -> prints a compact JWE (self-test of decrypt)

Written by hand from RFC 7516 / RFC 7518 §5.2.5 with the `cryptography` package, as spec §6.6 asks:
the AAD is the *received* first segment (libraries that re-serialise the header reject the SDK's
spaced header). The tag is checked before decrypting; any mismatch exits with status 2 and a message.
"""
import base64
import hashlib
import hmac
import json
import os
import sys

from cryptography.hazmat.primitives import hashes, padding, serialization
from cryptography.hazmat.primitives.asymmetric import padding as asym_padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def b64u_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64u_encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


OAEP = asym_padding.OAEP(mgf=asym_padding.MGF1(algorithm=hashes.SHA1()), algorithm=hashes.SHA1(), label=None)


def tag_for(mac_key, aad, iv, ciphertext):
    al = (len(aad) * 8).to_bytes(8, "big")
    return hmac.new(mac_key, aad + iv + ciphertext + al, hashlib.sha512).digest()[:32]


def decrypt(private_key_path, compact):
    parts = compact.strip().split(".")
    if len(parts) != 5:
        sys.exit("expected 5 segments, got %d" % len(parts))
    header_b64, key_b64, iv_b64, ciphertext_b64, tag_b64 = parts
    header = json.loads(b64u_decode(header_b64))
    with open(private_key_path, "rb") as handle:
        private_key = serialization.load_pem_private_key(handle.read(), password=None)
    cek = private_key.decrypt(b64u_decode(key_b64), OAEP)
    if len(cek) != 64:
        sys.exit("content key has %d bytes, expected 64" % len(cek))
    mac_key, enc_key = cek[:32], cek[32:]
    iv, ciphertext = b64u_decode(iv_b64), b64u_decode(ciphertext_b64)
    expected = tag_for(mac_key, header_b64.encode("ascii"), iv, ciphertext)
    if not hmac.compare_digest(expected, b64u_decode(tag_b64)):
        print("authentication tag does not match", file=sys.stderr)
        sys.exit(2)
    decryptor = Cipher(algorithms.AES(enc_key), modes.CBC(iv)).decryptor()
    padded = decryptor.update(ciphertext) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    plaintext = unpadder.update(padded) + unpadder.finalize()
    print(json.dumps({"header": header, "headerSegment": header_b64, "plaintext": plaintext.decode("utf-8")}))


def encrypt(public_key_b64, key_id, plaintext):
    public_key = serialization.load_der_public_key(base64.b64decode(public_key_b64))
    header = ('{"alg":"RSA-OAEP", "enc":"A256CBC-HS512", "kid":"%s"}' % key_id).encode()
    header_b64 = b64u_encode(header)
    mac_key, enc_key, iv = os.urandom(32), os.urandom(32), os.urandom(16)
    padder = padding.PKCS7(128).padder()
    padded = padder.update(plaintext) + padder.finalize()
    encryptor = Cipher(algorithms.AES(enc_key), modes.CBC(iv)).encryptor()
    ciphertext = encryptor.update(padded) + encryptor.finalize()
    tag = tag_for(mac_key, header_b64.encode("ascii"), iv, ciphertext)
    encrypted_key = public_key.encrypt(mac_key + enc_key, OAEP)
    print(".".join([header_b64, b64u_encode(encrypted_key), b64u_encode(iv), b64u_encode(ciphertext), b64u_encode(tag)]))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "decrypt":
        decrypt(sys.argv[2], sys.stdin.read())
    elif len(sys.argv) == 4 and sys.argv[1] == "encrypt":
        encrypt(sys.argv[2], sys.argv[3], sys.stdin.buffer.read())
    else:
        sys.exit(__doc__)
