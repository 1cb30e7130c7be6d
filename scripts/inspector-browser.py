#!/usr/bin/env python3
"""Drives headless Chromium over the DevTools protocol (on a pipe: Python's standard library only)
to check and measure `checkout inspect` pages.

    inspector-browser.py check [--screenshots DIR] PAGE.html...
        Opens each page as a user would and prints one JSON object per page with what its DOM
        shows: the step count, the verification, the journey and analytics events after pressing
        End (and the step after pressing ArrowLeft then), the state and action tabs' text, whether
        the redaction marker is visible in the state tree, the divergence markers, the list after searching "purchase", script
        errors, content-security-policy violations and any network request the page made. With --screenshots, writes DIR/NAME.png (1440x900) of
        each page as it opens.

    inspector-browser.py measure [--runs N] PAGE.html
        Opens the page N times (5 by default) in one running browser and prints the time from
        navigation start to the page's first full render (its `inspector-rendered` mark) of
        each run, and their median, in milliseconds.

Exits 2 when Chromium cannot be started, 1 when a page never finishes rendering.
"""
import base64
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """A headless Chromium whose DevTools protocol runs on file descriptors 3 and 4."""

    def __init__(self):
        path = chromium_path()
        if path is None:
            print("inspector-browser: chromium not found (scripts/bootstrap installs it)", file=sys.stderr)
            sys.exit(2)
        self.profile = tempfile.mkdtemp(prefix="inspector-chromium-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def child_setup():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        arguments = [
            path, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--hide-scrollbars",
            "--mute-audio", "--user-data-dir=" + self.profile, "--window-size=1440,900", "about:blank",
        ]
        self.process = subprocess.Popen(
            arguments, preexec_fn=child_setup, pass_fds=(3, 4),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page.enable", "Runtime.enable", "Network.enable", "Log.enable"):
            self.call(domain)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False})

    def close(self):
        try:
            self.call("Browser.close", session=False, wait=False)
        except OSError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise EOFError("chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=True, wait=True, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        if not wait:
            return None
        deadline = time.monotonic() + timeout
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluating {expression!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def press(self, key, code, key_code):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent",
                      {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": key_code})

    def open(self, url, timeout=120):
        # Polls for the page's own "ready" mark; the timeout only bounds a page that never gets
        # there (a passing run waits as long as rendering takes), so it allows a loaded machine.
        self.events = []
        self.call("Page.navigate", {"url": url})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready = self.evaluate("document.readyState === 'complete' && document.body !== null && "
                                  "document.body.dataset.ready === 'true' && location.href === " + json.dumps(url))
            if ready:
                return True
            time.sleep(0.02)
        return False


def page_url(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


FACTS = r"""(() => {
  const text = (id) => { const e = document.getElementById(id); return e ? e.textContent : null; };
  return {
    title: document.title,
    stepCount: text('step-count'),
    verification: text('verification'),
    personalData: text('personal-data'),
    privacyBanner: document.getElementById('privacy-banner').hidden ? null : text('privacy-banner'),
    position: text('position'),
    view: text('journey-view'), place: text('journey-place'), total: text('journey-total'),
    payment: text('journey-payment'),
    divergedRows: [...document.querySelectorAll('.row.diverged')].map((r) => Number(r.dataset.step)),
    listedSteps: [...document.querySelectorAll('.row')].map((r) => Number(r.dataset.step)),
    matchCount: text('match-count'),
    events: [...document.querySelectorAll('#events .event-chip')].map((e) => e.textContent),
    divergenceNote: document.getElementById('divergence-note').hidden ? null : text('divergence-note'),
    fatal: document.getElementById('fatal').hidden ? null : text('fatal'),
    injected: window.__injected === undefined ? null : String(window.__injected),
    bodyText: document.body.innerText,
  };
})()"""


# Where a render's time went, in milliseconds from navigation start: the HTML read and parsed
# (`domInteractive`), the data parsed, the timeline drawn, the first full render.
STAGES = r"""(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]));
  return Object.assign({ responseEnd: Math.round(navigation.responseEnd),
    domInteractive: Math.round(navigation.domInteractive) }, marks);
})()"""


def problems(events, url):
    errors, requests = [], []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            errors.append(details.get("exception", {}).get("description") or details.get("text"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            errors.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            errors.append(params["entry"].get("text"))
        elif method == "Network.requestWillBeSent":
            request = params.get("request", {}).get("url", "")
            if request != url and not request.startswith("data:"):
                requests.append(request)
    return errors, requests


def check(pages, screenshots):
    browser = Browser()
    status = 0
    try:
        for page in pages:
            url = page_url(page)
            started = time.monotonic()
            ready = browser.open(url)
            facts = {"page": page, "ready": ready}
            if ready:
                facts["renderMs"] = browser.evaluate(
                    "performance.getEntriesByName('inspector-rendered')[0].startTime")
                facts["opened"] = browser.evaluate(FACTS)
                if screenshots:
                    os.makedirs(screenshots, exist_ok=True)
                    name = os.path.splitext(os.path.basename(page))[0] + ".png"
                    shot = browser.call("Page.captureScreenshot", {"format": "png"})
                    with open(os.path.join(screenshots, name), "wb") as file:
                        file.write(base64.b64decode(shot["data"]))
                    facts["screenshot"] = os.path.join(screenshots, name)
                # A user's keys: End (the last step), then ArrowLeft (one step back).
                browser.evaluate("document.activeElement && document.activeElement.blur()")
                browser.press("End", "End", 35)
                browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
                facts["end"] = browser.evaluate(FACTS)
                browser.evaluate("document.querySelector('.tabs button[data-tab=state]').click()")
                facts["stateTabRedacted"] = browser.evaluate(
                    "document.getElementById('panel-state').innerText.includes('[REDACTED]')")
                facts["stateTabText"] = browser.evaluate("document.getElementById('panel-state').innerText")
                browser.evaluate("document.querySelector('.tabs button[data-tab=action]').click()")
                facts["actionTabText"] = browser.evaluate("document.getElementById('panel-action').innerText")
                browser.evaluate("document.querySelector('.tabs button[data-tab=changes]').click()")
                browser.press("ArrowLeft", "ArrowLeft", 37)
                browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
                facts["afterArrowLeft"] = browser.evaluate(FACTS)["position"]
                # The search: `/` focuses it, typing filters the list.
                browser.press("/", "Slash", 191)
                browser.call("Input.insertText", {"text": "purchase"})
                # The search filters after a short pause in typing: wait until it has (the match
                # count is empty only while there is no query), not for a fixed time.
                # Then two frames, so that any scroll the filtering caused has been handled.
                browser.evaluate("new Promise((done) => { const frames = () => "
                                 "requestAnimationFrame(() => requestAnimationFrame(done)); "
                                 "const ready = () => "
                                 "document.getElementById('match-count').textContent ? frames() : "
                                 "setTimeout(ready, 10); ready(); })")
                facts["searchPurchase"] = browser.evaluate(FACTS)
            else:
                status = 1
            facts["errors"], facts["requests"] = problems(browser.events, url)
            facts["seconds"] = round(time.monotonic() - started, 3)
            print(json.dumps(facts), flush=True)
    finally:
        browser.close()
    return status


def measure(page, runs):
    browser = Browser()
    try:
        url = page_url(page)
        times, stages = [], []
        for _ in range(runs):
            browser.call("Page.navigate", {"url": "about:blank"})
            if not browser.open(url, timeout=120):
                print(json.dumps({"page": page, "ready": False}))
                return 1
            times.append(browser.evaluate("performance.getEntriesByName('inspector-rendered')[0].startTime"))
            stages.append(browser.evaluate(STAGES))
        errors, requests = problems(browser.events, url)
        print(json.dumps({"page": page, "runsMs": [round(t, 1) for t in times],
                          "medianMs": round(statistics.median(times), 1), "maxMs": round(max(times), 1),
                          "stagesMs": stages[times.index(statistics.median_low(times))],
                          "errors": errors, "requests": requests}))
        return 0
    finally:
        browser.close()


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "check":
        screenshots = None
        pages = arguments[1:]
        if pages[0] == "--screenshots":
            screenshots, pages = pages[1], pages[2:]
        return check(pages, screenshots)
    if len(arguments) >= 2 and arguments[0] == "measure":
        runs = 5
        rest = arguments[1:]
        if rest[0] == "--runs":
            runs, rest = int(rest[1]), rest[2:]
        return measure(rest[0], runs)
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
