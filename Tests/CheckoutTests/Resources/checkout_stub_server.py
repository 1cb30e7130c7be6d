#!/usr/bin/env python3
"""A stub Checkout API for URLSessionCheckoutAPI's tests. Standard library only.

Binds 127.0.0.1 on a free port and prints the port on the first line of stdout.

Tests script it over HTTP:
  POST /_control/enqueue  {"status": 200, "body": "<raw text>", "delay": 0.0}
       queues the response for the next non-control request (FIFO); with nothing queued the
       server answers 599 {"message": "no response queued"}.
  GET  /_control/requests
       returns the requests received so far: [{"method", "path", "headers", "body"}].
Everything else is answered from the queue and recorded.
"""

import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
QUEUE = []
REQUESTS = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # keep test output quiet
        pass

    def _body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length).decode("utf-8") if length else ""

    def _reply(self, status, text, delay=0.0):
        if delay:
            time.sleep(delay)
        data = text.encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout test)

    def _handle(self):
        body = self._body()
        if self.path == "/_control/enqueue":
            spec = json.loads(body)
            with LOCK:
                QUEUE.append(spec)
            self._reply(204, "")
            return
        if self.path == "/_control/requests":
            with LOCK:
                text = json.dumps(REQUESTS)
            self._reply(200, text)
            return
        with LOCK:
            REQUESTS.append(
                {
                    "method": self.command,
                    "path": self.path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": body,
                }
            )
            spec = QUEUE.pop(0) if QUEUE else None
        if spec is None:
            self._reply(599, json.dumps({"message": "no response queued"}))
            return
        self._reply(int(spec.get("status", 200)), spec.get("body", ""), float(spec.get("delay", 0.0)))

    do_GET = _handle
    do_POST = _handle
    do_PUT = _handle
    do_DELETE = _handle


def exit_when_stdin_closes():
    """The test holds our stdin open; when it closes it (or dies), we exit."""
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    # A parent may have started us with signals blocked (XCTest's threads do); unblock them so
    # that terminating us works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
