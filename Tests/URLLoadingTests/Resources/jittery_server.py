#!/usr/bin/env python3
"""A local HTTP server for URLLoadingTests (standard library only): answers every GET with 200 and
a small JSON body after 0 to 10 ms chosen at random, so loads a test cancels at random moments end
on both sides of the cancellation. Prints `PORT <n>` once listening; exits when stdin closes.
A client that went away before its answer is not an error (the tests cancel on purpose)."""
import os
import random
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # keep test output clean
        pass

    def do_GET(self):
        time.sleep(random.random() * 0.01)
        body = b'{"ok":true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def exit_when_parent_goes():
    sys.stdin.read()
    os._exit(0)


def main():
    server = QuietServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=exit_when_parent_goes, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
