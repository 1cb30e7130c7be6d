#!/usr/bin/env python3
"""A stub of the Worldline Connect Client API for the WorldlineTests (standard library only).

Serves the spec's sample JSON from Sources/CheckoutSandbox/Resources/WorldlineSandbox under
/client/v1/{customerId}/..., records every request so a test can check paths, queries, headers and
bodies, and serves versioned assets with ETags. Started by the tests with `--port 0`; prints
`PORT <n>` once listening, and exits when its stdin closes (so it never outlives the test process).

Behaviour switches, chosen by the test through the customer id or the request:
  customer "forbidden"          -> every call answers 403 with the spec's error body
  customer "broken"             -> every call answers 500 with an HTML body (not an error body)
  customer "empty"              -> every call answers 200 with an empty body
  customer "nothing…"           -> empty product and group lists
  customer "applepay…"          -> the product list also has Apple Pay (302)
  customer "malformed"          -> products list with one bad product; product 1 without fields' formElement
  IIN bin starting 4111/5555    -> 200 SUPPORTED (with co-brands for 4111)
  IIN bin starting 2222         -> 200 EXISTING_BUT_NOT_ALLOWED
  IIN bin starting 9999         -> 500 with an error body
  IIN bin starting 8888         -> 404 with an HTML body
  IIN bin starting 7777         -> held until POST /__release_iin?bin=<that bin> (for the pending test);
                                   a release that comes first is kept for the lookup
  any other bin                 -> 404 with the unknown-IIN error body
  product 302 networks, product 303 networks -> sample networks / `[]` (undecodable)
  third-party status of payment p-1 -> AUTHORIZED, of any other payment -> WAITING
Control endpoints (not part of the API):
  GET  /__requests?customer=C   -> JSON list of recorded requests for customer C (or asset namespace C)
  POST /__assets/bump?namespace=N&path=P -> next GET of that asset returns new content and ETag
  POST /__release_iin?bin=B     -> lets one held IIN lookup of bin B proceed
"""
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
# The spec's sample JSON lives with Worldline's sandbox in CheckoutSandbox, so the stub and the sandbox serve the same.
FIXTURES = os.path.join(HERE, "..", "..", "..", "Sources", "CheckoutSandbox", "Resources", "WorldlineSandbox")

LOCK = threading.Lock()
REQUESTS = []  # dicts
ASSET_VERSIONS = {}  # (namespace, path) -> int
IIN_PERMITS = {}  # bin -> threading.Semaphore: a held lookup of that bin proceeds once per release


def iin_permit(bin_):
    with LOCK:
        return IIN_PERMITS.setdefault(bin_, threading.Semaphore(0))


def fixture(name):
    with open(os.path.join(FIXTURES, name + ".json"), "rb") as handle:
        return handle.read()


MALFORMED_PRODUCTS = json.dumps({"paymentProducts": [
    {"id": 1, "paymentMethod": "card", "displayHints": {"logo": "/l1.png", "displayOrder": 2}},
    {"id": 2, "displayHints": {"logo": "/l2.png"}},
    {"id": 3, "paymentMethod": "card", "displayHints": {"logo": "/l3.png", "displayOrder": 1}},
]}).encode()
MALFORMED_PRODUCT = json.dumps({"id": 1, "paymentMethod": "card", "displayHints": {"logo": "/l1.png"},
                                "fields": [{"id": "cardNumber", "displayHints": {"mask": "{{9999}}"}}]}).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # keep test output clean
        pass

    def reply(self, status, body=b"", content_type="application/json", headers=None):
        self.send_response(status)
        if status != 304:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body and status != 304:
            self.wfile.write(body)

    def record(self, namespace, parts, body):
        with LOCK:
            REQUESTS.append({
                "namespace": namespace,
                "method": self.command,
                "path": parts.path,
                "query": [[k, v] for k, v in parse_qsl(parts.query, keep_blank_values=True)],
                "headers": {k: v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            })

    def do_GET(self):
        self.route(b"")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.route(self.rfile.read(length) if length else b"")

    def route(self, body):
        parts = urlsplit(self.path)
        segments = [s for s in parts.path.split("/") if s]
        query = dict(parse_qsl(parts.query))
        if segments[:1] == ["__requests"]:
            with LOCK:
                selected = [r for r in REQUESTS if r["namespace"] == query.get("customer")]
            return self.reply(200, json.dumps(selected).encode())
        if segments[:2] == ["__assets", "bump"]:
            key = (query.get("namespace"), query.get("path"))
            with LOCK:
                ASSET_VERSIONS[key] = ASSET_VERSIONS.get(key, 1) + 1
            return self.reply(200, b"{}")
        if segments[:1] == ["__release_iin"]:
            iin_permit(query.get("bin", "")).release()
            return self.reply(200, b"{}")
        if segments[:1] == ["assets"] and len(segments) >= 3:
            return self.asset(segments[1], "/" + "/".join(segments[2:]), parts, body)
        if segments[:2] != ["client", "v1"] or len(segments) < 4:
            return self.reply(404, b"not found", "text/plain")
        customer = segments[2]
        self.record(customer, parts, body)
        return self.api(customer, segments[3:], body)

    def asset(self, namespace, path, parts, body):
        self.record(namespace, parts, body)
        if path.endswith("missing.png"):
            return self.reply(404, b"no such asset", "text/plain")
        with LOCK:
            version = ASSET_VERSIONS.get((namespace, path), 1)
        etag = '"%s-v%d"' % (path.replace("/", "_"), version)
        if self.headers.get("If-None-Match") == etag:
            return self.reply(304, headers={"ETag": etag})
        content = ("PNG %s version %d" % (path, version)).encode()
        return self.reply(200, content, "image/png", {"ETag": etag, "Last-Modified": "Sat, 21 Nov 2026 10:00:0%d GMT" % version})

    def api(self, customer, route, body):
        if customer == "forbidden":
            return self.reply(403, fixture("error_403"))
        if customer == "broken":
            return self.reply(500, b"<html>Internal Server Error</html>", "text/html")
        if customer == "empty":
            return self.reply(200, b"")
        if customer.startswith("nothing") and route in (["products"], ["productgroups"]):
            key = "paymentProducts" if route == ["products"] else "paymentProductGroups"
            return self.reply(200, json.dumps({key: []}).encode())
        method = self.command
        if method == "GET" and route == ["products"]:
            if customer == "malformed":
                return self.reply(200, MALFORMED_PRODUCTS)
            if customer.startswith("applepay"):
                products = json.loads(fixture("products"))
                products["paymentProducts"].append({"id": 302, "paymentMethod": "mobile", "displayHints": {
                    "displayOrder": 1, "label": "Apple Pay", "logo": "/templates/master/global/css/img/ppimages/pp_logo_302_v1.png"},
                    "paymentProduct302SpecificData": {"networks": ["visa", "masterCard"]}})
                return self.reply(200, json.dumps(products).encode())
            return self.reply(200, fixture("products"))
        if method == "GET" and route == ["productgroups"]:
            return self.reply(200, fixture("productgroups"))
        if method == "GET" and route == ["productgroups", "cards"]:
            return self.reply(200, fixture("productgroup_cards"))
        if method == "GET" and len(route) == 2 and route[0] == "products":
            if customer == "malformed":
                return self.reply(200, MALFORMED_PRODUCT)
            name = "product_" + route[1]
            if os.path.exists(os.path.join(FIXTURES, name + ".json")):
                return self.reply(200, fixture(name))
            return self.reply(404, json.dumps({"errorId": "e-404", "errors": [{"code": "1002", "httpStatusCode": 404,
                              "id": "UNKNOWN_PRODUCT_ID", "message": "UNKNOWN_PRODUCT_ID", "propertyName": "productId"}]}).encode())
        if method == "GET" and len(route) == 3 and route[0] == "products" and route[2] == "networks":
            return self.reply(200, fixture("networks_302") if route[1] == "302" else b"[]")
        if method == "GET" and len(route) == 3 and route[0] == "products" and route[2] == "directory":
            return self.reply(200, fixture("directory_809"))
        if method == "GET" and route == ["crypto", "publickey"]:
            return self.reply(200, PUBLIC_KEY)
        if method == "GET" and len(route) == 3 and route[0] == "payments" and route[2] == "thirdpartystatus":
            return self.reply(200, json.dumps({"thirdPartyStatus": "AUTHORIZED" if route[1] == "p-1" else "WAITING"}).encode())
        if method == "GET" and route == ["services", "privacypolicy"]:
            return self.reply(200, json.dumps({"htmlContent": "<p>Privacy policy</p>"}).encode())
        if method == "GET" and route == ["services", "convert", "amount"]:
            return self.reply(200, fixture("convert_amount"))
        if method == "POST" and route == ["services", "getIINdetails"]:
            bin_ = json.loads(body or b"{}").get("bin", "")
            if bin_.startswith("7777"):
                iin_permit(bin_).acquire(timeout=30)
                return self.reply(200, fixture("iin_supported"))
            if bin_.startswith("4111"):
                return self.reply(200, fixture("iin_supported"))
            if bin_.startswith("5555"):
                return self.reply(200, json.dumps({"paymentProductId": 3, "countryCode": "NL", "isAllowedInContext": True}).encode())
            if bin_.startswith("2222"):
                return self.reply(200, fixture("iin_not_allowed"))
            if bin_.startswith("9999"):
                return self.reply(500, json.dumps({"errorId": "e-500", "errors": [{"code": "9999", "httpStatusCode": 500,
                                  "message": "Internal error"}]}).encode())
            if bin_.startswith("8888"):
                return self.reply(404, b"<html>Not Found</html>", "text/html")
            return self.reply(404, fixture("iin_unknown_404"))
        return self.reply(404, b"no route", "text/plain")


def public_key_body():
    """A freshly generated RSA-2048 key when `cryptography` is available (its private key is
    written next to the port line's path for decrypting tests), else the spec's sample key."""
    out = os.environ.get("WORLDLINE_STUB_PRIVATE_KEY_OUT")
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa
    except ImportError:
        return fixture("publickey")
    import base64
    import uuid
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    spki = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    if out:
        with open(out, "wb") as handle:
            handle.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return json.dumps({"keyId": str(uuid.uuid4()), "publicKey": base64.b64encode(spki).decode()}).encode()


PUBLIC_KEY = public_key_body()


def exit_when_parent_goes():
    sys.stdin.read()
    os._exit(0)


class QuietServer(ThreadingHTTPServer):
    """Stays quiet when a client went away before its answer was written (a test cancelled the
    call, such as the held IIN lookup): the socket's BrokenPipeError or ConnectionResetError is
    not a failure, and a traceback in the test output would look like one. Anything else is
    still printed."""

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def main():
    port = 0
    if "--port" in sys.argv:
        port = int(sys.argv[sys.argv.index("--port") + 1])
    server = QuietServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    threading.Thread(target=exit_when_parent_goes, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
