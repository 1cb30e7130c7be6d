// The inspector page's own parts: its style, its body and its script. Everything the page shows
// from the log is put in by the script as text (`textContent`), never as HTML.
// swift-format-ignore-file

extension InspectorPage {
    /// The page's style sheet.
    static let style = #"""
:root {
  --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --panel: #ffffff; --page: #f1f5f9;
  --blue: #2563eb; --red: #dc2626; --green: #059669; --amber: #b45309;
  --mono: "DejaVu Sans Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
* { box-sizing: border-box; }
html, body { height: 100%; margin: 0; }
body {
  font: 13px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink);
  background: var(--page); display: flex; flex-direction: column; overflow: hidden;
}
header { background: #111827; color: #f8fafc; padding: 10px 16px; display: flex; align-items: center; gap: 14px;
  flex-wrap: wrap; }
header .brand { font-weight: 700; letter-spacing: .02em; color: #93c5fd; }
header h1 { font-size: 15px; margin: 0; font-weight: 600; font-family: var(--mono); }
.chips { display: flex; gap: 6px; flex-wrap: wrap; }
.chip { padding: 2px 8px; border-radius: 999px; background: #1f2937; color: #cbd5e1; font-size: 12px;
  max-width: 320px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.chip.ok { background: #064e3b; color: #a7f3d0; }
.chip.warn { background: #78350f; color: #fde68a; }
.chip.bad { background: #7f1d1d; color: #fecaca; font-weight: 600; }
#privacy-banner { padding: 8px 16px; font-weight: 600; border-bottom: 1px solid var(--line); }
#privacy-banner.clear { background: #fff7ed; color: #9a3412; border-bottom-color: #fed7aa; }
#privacy-banner.masked { background: #eff6ff; color: #1e3a8a; border-bottom-color: #bfdbfe; }
#fatal { background: #fee2e2; color: #7f1d1d; padding: 10px 16px; font-weight: 600; }
#timeline-box { background: var(--panel); border-bottom: 1px solid var(--line); padding: 6px 8px 0; }
#timeline { width: 100%; display: block; cursor: pointer; touch-action: none; }
.timeline-bar { display: flex; justify-content: flex-end; align-items: center; gap: 10px; padding: 0 8px 4px;
  font-size: 11px; color: var(--muted); }
#zoom { border: 0; background: none; color: var(--blue); cursor: pointer; font: inherit; padding: 0; }
#controls { display: flex; align-items: center; gap: 10px; padding: 6px 16px 8px; background: var(--panel);
  border-bottom: 1px solid var(--line); }
#controls button { border: 1px solid var(--line); background: #f8fafc; border-radius: 6px; padding: 3px 10px;
  cursor: pointer; font-size: 12px; color: var(--ink); }
#controls button:hover { background: #e2e8f0; }
#slider { flex: 1; accent-color: var(--blue); }
#position { font-weight: 600; min-width: 130px; font-variant-numeric: tabular-nums; }
#when { color: var(--muted); font-family: var(--mono); font-size: 12px; min-width: 80px; }
.keys { color: var(--muted); font-size: 11px; }
kbd { font-family: var(--mono); font-size: 10px; border: 1px solid #cbd5e1; border-bottom-width: 2px;
  border-radius: 4px; padding: 0 4px; background: #f8fafc; }
main { flex: 1; display: grid; grid-template-columns: minmax(360px, 42%) 1fr; min-height: 0; }
#left { display: flex; flex-direction: column; border-right: 1px solid var(--line); background: var(--panel);
  min-height: 0; }
.search-box { padding: 8px 10px; border-bottom: 1px solid var(--line); display: flex; gap: 8px;
  align-items: center; }
#search { flex: 1; padding: 6px 10px; border: 1px solid #cbd5e1; border-radius: 6px; font: inherit; }
#search:focus { outline: 2px solid #93c5fd; border-color: var(--blue); }
#match-count { color: var(--muted); font-size: 12px; white-space: nowrap; }
#list { flex: 1; overflow-y: auto; position: relative; min-height: 0; }
#list-inner { position: relative; }
.row { position: absolute; left: 0; right: 0; height: 28px; display: flex; align-items: center; gap: 8px;
  padding: 0 10px; border-bottom: 1px solid #f1f5f9; cursor: pointer; white-space: nowrap; }
.row:hover { background: #f8fafc; }
.row.selected { background: #dbeafe; box-shadow: inset 3px 0 0 var(--blue); }
.row.after-divergence { background: #fff7f7; }
.row.diverged { background: #fee2e2; box-shadow: inset 3px 0 0 var(--red); }
.row.selected.diverged { background: #fecaca; }
.row .num { width: 46px; text-align: right; color: var(--muted); font-variant-numeric: tabular-nums;
  font-family: var(--mono); font-size: 12px; flex: none; }
.row .time { width: 62px; color: #94a3b8; font-family: var(--mono); font-size: 11px; flex: none; }
.row .words { overflow: hidden; text-overflow: ellipsis; flex: 1; min-width: 0; }
.tag { font-size: 11px; padding: 1px 6px; border-radius: 4px; background: #e0e7ff; color: #3730a3; flex: none;
  max-width: 150px; overflow: hidden; text-overflow: ellipsis; }
.badge { font-size: 11px; padding: 1px 6px; border-radius: 4px; flex: none; }
.badge.event { background: #ecfdf5; color: #047857; }
.badge.event.error { background: #fef2f2; color: #b91c1c; }
.badge.divergence { background: var(--red); color: white; font-weight: 600; }
#right { overflow-y: auto; min-height: 0; padding: 14px 18px 24px; }
#step-title { font-size: 16px; font-weight: 600; margin: 0 0 2px; }
#step-meta { color: var(--muted); font-size: 12px; font-family: var(--mono); margin-bottom: 10px; }
.note { padding: 8px 12px; border-radius: 6px; margin-bottom: 10px; }
.note.bad { background: #fee2e2; color: #7f1d1d; border: 1px solid #fca5a5; font-weight: 500; }
.note.warn { background: #fff7ed; color: #9a3412; border: 1px solid #fed7aa; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px;
  margin-bottom: 12px; }
.card h2 { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 8px; }
.journey { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 10px; }
.journey div span { display: block; }
.journey .label { font-size: 11px; color: var(--muted); }
.journey .value { font-weight: 600; font-size: 14px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#sections { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; }
#sections:empty { display: none; }
.section { font-size: 11px; padding: 2px 8px; border-radius: 999px; border: 1px solid var(--line);
  color: var(--muted); }
.section.complete { background: #ecfdf5; border-color: #a7f3d0; color: #065f46; }
.section.current { background: #dbeafe; border-color: #93c5fd; color: #1e3a8a; }
.section.hidden { opacity: .55; border-style: dashed; }
#events { display: flex; flex-wrap: wrap; gap: 6px; }
.event-chip { font-family: var(--mono); font-size: 12px; background: #ecfdf5; border: 1px solid #a7f3d0;
  color: #065f46; border-radius: 6px; padding: 2px 8px; }
.empty, .hint { color: var(--muted); font-size: 12px; margin: 4px 0; }
.tabs { display: flex; gap: 2px; border-bottom: 1px solid var(--line); margin-bottom: 8px; align-items: flex-end; }
.tabs button { border: 0; background: none; padding: 6px 14px; font: inherit; color: var(--muted); cursor: pointer;
  border-bottom: 2px solid transparent; }
.tabs button.active { color: var(--blue); border-bottom-color: var(--blue); font-weight: 600; }
.tabs label { margin-left: auto; font-size: 12px; color: var(--muted); padding-bottom: 6px; }
.panel { font-family: var(--mono); font-size: 12px; }
.change { display: flex; gap: 8px; align-items: baseline; padding: 3px 6px; border-radius: 4px; flex-wrap: wrap; }
.change:nth-child(odd) { background: #f8fafc; }
.change .mark { width: 12px; font-weight: 700; flex: none; }
.change.added .mark { color: var(--green); }
.change.removed .mark { color: var(--red); }
.change.changed .mark { color: var(--amber); }
.change .path { color: #334155; }
.change.removed .v { text-decoration: line-through; text-decoration-color: #fca5a5; }
.change .arrow { color: var(--muted); }
.change.book { opacity: .6; }
.v { word-break: break-word; }
.v.str { color: #0f766e; }
.v.num, .v.money { color: #1d4ed8; }
.v.bool { color: #7c3aed; }
.v.none { color: #94a3b8; }
.v.case { color: #9333ea; font-weight: 600; }
.v.redacted, .has-redacted { background: #fef3c7; color: #92400e; border-radius: 3px; padding: 0 4px;
  font-weight: 600; }
details.branch { margin-left: 0; }
details.branch > summary { cursor: pointer; padding: 1px 4px; border-radius: 4px; list-style: none; }
details.branch > summary::-webkit-details-marker { display: none; }
details.branch > summary::before { content: "▸"; display: inline-block; width: 14px; color: #94a3b8; }
details.branch[open] > summary::before { content: "▾"; }
.children { margin-left: 18px; border-left: 1px dotted #cbd5e1; padding-left: 8px; }
.leaf { padding: 1px 4px 1px 18px; border-radius: 4px; }
#panel-state > .leaf, #panel-state > details { margin-left: 0; }
.k { color: #475569; }
.sep { color: #94a3b8; }
.count { color: #94a3b8; margin-left: 8px; font-size: 11px; }
.redacted-inside { display: none; margin-left: 8px; font-size: 11px; color: #92400e; background: #fef3c7;
  border-radius: 3px; padding: 0 4px; }
details.branch:not([open]) > summary > .redacted-inside { display: inline; }
.mark-changed { background: #fef9c3; }
.mark-has-change > .k::after { content: " •"; color: #ca8a04; }
.words { font-family: system-ui, "DejaVu Sans", sans-serif; font-size: 13px; }
"""#

    /// The page's body, before the script fills it in.
    static let body = #"""
<header>
  <span class="brand">Checkout inspector</span>
  <h1 id="log-name"></h1>
  <div class="chips">
    <span class="chip" id="kind"></span>
    <span class="chip" id="step-count"></span>
    <span class="chip" id="verification"></span>
    <span class="chip" id="closed"></span>
    <span class="chip warn" id="torn" hidden></span>
    <span class="chip" id="app"></span>
    <span class="chip" id="log-id"></span>
    <span class="chip" id="recorded"></span>
    <span class="chip" id="personal-data"></span>
  </div>
</header>
<div id="privacy-banner" role="status" hidden></div>
<div id="fatal" hidden></div>
<section id="timeline-box">
  <canvas id="timeline" aria-label="Journey timeline"></canvas>
  <div class="timeline-bar"><span id="range"></span><button id="zoom"></button></div>
</section>
<div id="controls">
  <button id="prev" title="Previous step (←)">◀ prev</button>
  <button id="next" title="Next step (→)">next ▶</button>
  <span id="position"></span>
  <input type="range" id="slider" min="0" value="0" aria-label="Step">
  <span id="when"></span>
  <span class="keys"><kbd>←</kbd> <kbd>→</kbd> step · <kbd>Home</kbd> <kbd>End</kbd> · <kbd>/</kbd> search</span>
</div>
<main>
  <aside id="left">
    <div class="search-box">
      <input id="search" type="search" placeholder="Search actions and events (press /)" autocomplete="off">
      <span id="match-count"></span>
    </div>
    <div id="list" tabindex="0"><div id="list-inner"></div></div>
  </aside>
  <section id="right">
    <h2 id="step-title"></h2>
    <div id="step-meta"></div>
    <div id="divergence-note" class="note" hidden></div>
    <div class="card">
      <h2>Journey</h2>
      <div class="journey">
        <div><span class="label">view</span><span class="value" id="journey-view"></span></div>
        <div>
          <span class="label" id="journey-place-label">section</span><span class="value" id="journey-place"></span>
        </div>
        <div><span class="label">total</span><span class="value" id="journey-total"></span></div>
        <div id="journey-payment-box">
          <span class="label">payment</span><span class="value" id="journey-payment"></span>
        </div>
      </div>
      <div id="sections"></div>
    </div>
    <div class="card">
      <h2>Analytics events</h2>
      <div id="events"></div>
    </div>
    <nav class="tabs">
      <button data-tab="changes" class="active">Changes</button>
      <button data-tab="state">State</button>
      <button data-tab="action">Action</button>
      <label id="bookkeeping-toggle"><input type="checkbox" id="show-bookkeeping"> show bookkeeping</label>
    </nav>
    <div id="panel-changes" class="panel"></div>
    <div id="panel-state" class="panel" hidden></div>
    <div id="panel-action" class="panel" hidden></div>
  </section>
</main>
"""#

    /// The page's script: reads the embedded data and draws the inspector.
    static let script = #"""
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const fatal = (message) => {
    const box = $('fatal');
    box.textContent = 'The inspector could not show this log: ' + message;
    box.hidden = false;
  };
  window.addEventListener('error', (event) => fatal(String(event.message)));

  performance.mark('inspector-started');
  const D = JSON.parse($('inspector-data').textContent);
  performance.mark('inspector-parsed');
  const S = D.steps;
  const N = D.log.steps;
  const bookkeeping = new Set(D.bookkeeping);
  const divergence = D.verify.diverged || null;

  // ---- Values: the page's JSON back to plain objects (null prototypes: a key of the log is
  // only ever data), with shared values expanded and exact numbers kept as their text.
  function Num(text) { this.text = text; }
  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Num);
  // A shared value is decoded once and never changed: states that hold it share it, and a change
  // inside it copies the containers on its path first (see `thaw`).
  const frozen = new WeakSet();
  function decoder(values) {
    const shared = new Array(values.length);
    return function dec(x, freeze) {
      if (x === null || typeof x !== 'object') return x;
      let v;
      if (Array.isArray(x)) {
        v = new Array(x.length);
        for (let i = 0; i < x.length; i++) v[i] = dec(x[i], freeze);
      } else {
        const keys = Object.keys(x);
        if (keys.length === 1 && keys[0] === '~') {
          const i = x['~'];
          if (shared[i] === undefined) shared[i] = dec(values[i], true);
          return shared[i];
        }
        if (keys.length === 1 && keys[0] === '~n') return new Num(x['~n']);
        v = Object.create(null);
        for (const k of keys) v[k.charCodeAt(0) === 126 ? k.slice(1) : k] = dec(x[k], freeze);
      }
      if (freeze) frozen.add(v);
      return v;
    };
  }
  const dec = decoder(D.values);
  // The actions, parsed the first time one is shown (most of a long log's bytes are in them).
  // They come after this script in the page, so the page shows before they have been read;
  // until then the Action tab says so, and shows them once the document has loaded.
  let actionData = null;
  function actionAt(k) {
    if (!actionData) {
      const block = $('inspector-actions');
      if (!block || document.readyState === 'loading') return undefined;
      const parsed = JSON.parse(block.textContent);
      actionData = { list: parsed.action, dec: decoder(parsed.values) };
    }
    return actionData.dec(actionData.list[k - 1], false);
  }
  document.addEventListener('DOMContentLoaded', () => { if (tab === 'action') renderPanels(); });
  const shallow = (v) => (Array.isArray(v) ? v.slice() : Object.assign(Object.create(null), v));
  // A state of its own: containers copied, shared values kept.
  function clone(v) {
    if (v === null || typeof v !== 'object' || v instanceof Num || frozen.has(v)) return v;
    if (Array.isArray(v)) return v.map(clone);
    const o = Object.create(null);
    for (const k of Object.keys(v)) o[k] = clone(v[k]);
    return o;
  }
  // The container at `parent[key]`, copied first if it is shared.
  function thaw(parent, key) {
    const v = parent[key];
    if (v !== null && typeof v === 'object' && frozen.has(v)) return (parent[key] = shallow(v));
    return v;
  }
  function same(a, b) {
    if (a === b) return true;
    if (a instanceof Num && b instanceof Num) return a.text === b.text;
    if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
    if (isObj(a) && isObj(b)) {
      const ka = Object.keys(a);
      return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
    }
    return false;
  }
  const byCode = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const keysOf = (v) => (Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v).sort(byCode));

  // ---- States: a checkpoint every CP steps (the page's own, every 2,048 steps, and those made
  // here as needed); a step's state is its checkpoint's with the steps since applied.
  const CP = 256;
  const checkpoints = [clone(dec(D.initial, false))];
  for (const [step, state] of D.checkpoints || []) {
    if (step % CP === 0) checkpoints[step / CP] = dec(state, false);
  }
  const container = (next) => (typeof next === 'number' ? [] : Object.create(null));
  function setAt(root, path, value) {
    if (path.length === 0) return value;
    if (root === null || typeof root !== 'object' || root instanceof Num) root = container(path[0]);
    else if (frozen.has(root)) root = shallow(root);
    let o = root;
    for (let i = 0; i < path.length - 1; i++) {
      let next = thaw(o, path[i]);
      if (next === null || typeof next !== 'object' || next instanceof Num) {
        next = container(path[i + 1]);
        o[path[i]] = next;
      }
      o = next;
    }
    o[path[path.length - 1]] = value;
    return root;
  }
  function removeAt(root, path) {
    if (path.length === 0) return null;
    if (frozen.has(root)) root = shallow(root);
    let o = root;
    for (let i = 0; i < path.length - 1; i++) {
      o = thaw(o, path[i]);
      if (o === null || typeof o !== 'object' || o instanceof Num) return root;
    }
    const last = path[path.length - 1];
    if (Array.isArray(o)) o.splice(last, 1);
    else delete o[last];
    return root;
  }
  function getAt(root, path) {
    let o = root;
    for (const key of path) {
      if (o === null || typeof o !== 'object' || o instanceof Num) return undefined;
      o = o[key];
    }
    return o;
  }
  function applyStep(state, k) {
    for (const op of S.ops[k - 1]) {
      const path = D.paths[op[0]];
      state = op.length === 1 ? removeAt(state, path) : setAt(state, path, dec(op[1], false));
    }
    return state;
  }
  function stateAt(k) {
    const c = Math.floor(k / CP);
    if (checkpoints[c] === undefined) {
      let from = c - 1;
      while (checkpoints[from] === undefined) from--;
      let s = clone(checkpoints[from]);
      for (let i = from + 1; i <= c; i++) {
        for (let step = (i - 1) * CP + 1; step <= i * CP; step++) s = applyStep(s, step);
        checkpoints[i] = s;
        s = clone(s);
      }
    }
    let s = clone(checkpoints[c]);
    for (let step = c * CP + 1; step <= k; step++) s = applyStep(s, step);
    return s;
  }

  // ---- Plain text: enum cases by name, money as "45.95 GBP", no Codable internals.
  const isPositional = (k) => /^_\d+$/.test(k);
  const isEnum = (v) => {
    if (!isObj(v)) return false;
    const ks = Object.keys(v);
    return ks.length === 1 && ks[0][0] !== '_' && isObj(v[ks[0]]);
  };
  const isMoney = (v) => {
    if (!isObj(v)) return false;
    const ks = Object.keys(v).sort(byCode);
    return ks.length === 2 && ks[0] === 'amount' && ks[1] === 'currencyCode' &&
      typeof v.amount === 'string' && typeof v.currencyCode === 'string';
  };
  const isBranch = (v) => (Array.isArray(v) && v.length > 0) ||
    (isObj(v) && !isEnum(v) && !isMoney(v) && Object.keys(v).length > 0);
  const keyText = (k) => (typeof k === 'number' ? '[' + k + ']' : /^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k));
  const pathText = (path) => path.map((k, i) => (typeof k === 'number' || i === 0 ? keyText(k) : '.' + keyText(k)))
    .join('') || '.';
  function plain(v) {
    if (v === null || v === undefined) return 'none';
    if (v instanceof Num) return v.text;
    if (typeof v === 'string') {
      if (v === '[REDACTED]') return v;
      return /^[A-Za-z0-9_.@:/+\-?&=%#~]+$/.test(v) && !['none', 'true', 'false'].includes(v) ? v : JSON.stringify(v);
    }
    if (typeof v !== 'object') return String(v);
    if (Array.isArray(v)) return '[' + v.map(plain).join(', ') + ']';
    if (isMoney(v)) return v.amount + ' ' + v.currencyCode;
    if (isEnum(v)) {
      const name = Object.keys(v)[0];
      const args = v[name];
      const ks = keysOf(args);
      if (ks.length === 0) return name;
      return name + '(' + ks.map((a) => (isPositional(a) ? '' : a + ': ') + plain(args[a])).join(', ') + ')';
    }
    return '{' + keysOf(v).map((k) => keyText(k) + ': ' + plain(v[k])).join(', ') + '}';
  }
  const shorten = (text, limit) => {
    if (text.length <= limit) return text;
    const cut = text.slice(0, limit - 1);
    const at = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf(','), cut.lastIndexOf('/'));
    return (at > limit / 2 ? cut.slice(0, at + 1) : cut) + '…';
  };

  // ---- DOM helpers: text only (never HTML from the log).
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function valueNode(v) {
    const text = plain(v);
    let kind = 'v';
    if (v === '[REDACTED]') kind = 'v redacted';
    else if (typeof v === 'string') kind = 'v str';
    else if (typeof v === 'number' || v instanceof Num) kind = 'v num';
    else if (typeof v === 'boolean') kind = 'v bool';
    else if (v === null || v === undefined) kind = 'v none';
    else if (isEnum(v)) kind = 'v case';
    else if (isMoney(v)) kind = 'v money';
    const node = el('span', kind, shorten(text, 400));
    if (text.length > 400) node.title = text;
    if (v !== '[REDACTED]' && text.includes('[REDACTED]')) node.classList.add('has-redacted');
    return node;
  }

  // ---- Journeys, times, words, events.
  const journeyOf = (k) => D.journeys[k === 0 ? D.initialJourney : S.journey[k - 1]];
  const wordsOf = (k) => (k === 0 ? 'initial state' : D.words[S.words[k - 1]]);
  const eventsOf = (k) => (k === 0 ? [] : S.events[k - 1].map((i) => D.events[i]));
  const seqOf = (k) => (S.seq ? S.seq[k - 1] : S.firstSeq + k - 1);
  const times = new Float64Array(N + 1);
  times[0] = D.log.created;
  for (let k = 1; k <= N; k++) times[k] = times[k - 1] + S.time[k - 1];
  const since = (k) => (k === 0 ? '' : '+' + ((times[k] - times[1]) / 1000).toFixed(3) + 's');
  const JOURNEY_FIELDS = [['view', 0], [null, 2], ['payment', 4], ['total', 3]];

  // ---- Header.
  const kind = D.log.kind;
  document.title = D.log.name + ' · checkout inspector';
  $('log-name').textContent = D.log.name;
  $('kind').textContent = kind + ' checkout';
  $('step-count').textContent = N + (N === 1 ? ' step' : ' steps');
  $('app').textContent = 'app ' + D.log.app;
  $('log-id').textContent = 'log ' + D.log.logId;
  $('log-id').title = D.log.logId;
  $('recorded').textContent = 'recorded ' + new Date(D.log.created).toISOString().replace('T', ' ').slice(0, 19) +
    ' UTC';
  const closedChip = $('closed');
  closedChip.textContent = D.log.closed ? 'closed cleanly' : 'open: no footer';
  closedChip.classList.add(D.log.closed ? 'ok' : 'warn');
  if (!D.log.closed) closedChip.title = 'The recording did not close cleanly (the app was killed, or the file was ' +
    'copied mid-write): its complete records replay, but records lost after them cannot be detected.';
  if (D.log.torn) {
    $('torn').hidden = false;
    $('torn').textContent = 'torn last line skipped';
    $('torn').title = D.log.torn;
  }
  // ---- Personal data: whether the log holds it in clear, and whether this page masks it.
  const privacy = D.log.privacy || {};
  const personalChip = $('personal-data');
  const banner = $('privacy-banner');
  if (privacy.personalData === 'inClear') {
    personalChip.textContent = privacy.masked ? 'personal data masked' : 'personal data in clear';
    personalChip.classList.add(privacy.masked ? 'ok' : 'warn');
    banner.hidden = false;
    banner.classList.add(privacy.masked ? 'masked' : 'clear');
    banner.textContent = privacy.masked
      ? 'This log holds personal data in clear; this page shows it masked: each personal value is a marker ' +
        'such as \u2039email#1\u203a, and equal values share one.'
      : 'This log holds personal data in clear: names, addresses, email and phone as the customer gave them. ' +
        'Mind where this page goes; checkout inspect --mask-personal makes a page with markers instead.';
  } else if (privacy.personalData === 'pseudonymised') {
    const p = privacy.privacy || {};
    personalChip.textContent = 'pseudonymised \u00b7 scheme ' + (p.scheme === undefined ? 'unknown' : p.scheme) +
      (p.keyId === undefined ? '' : ' \u00b7 key ' + p.keyId);
    personalChip.classList.add('ok');
    personalChip.title = 'Its personal values are pseudonyms, not the customer\u2019s.';
  } else {
    personalChip.textContent = 'no personal data';
    personalChip.classList.add('ok');
  }

  const verification = $('verification');
  if (divergence) {
    verification.textContent = 'diverged at step ' + divergence.step;
    verification.classList.add('bad');
    verification.title = 'Recorded fingerprint ' + divergence.recorded + ', replayed ' + divergence.replayed +
      '; the last step that matched: ' + divergence.since;
  } else {
    verification.textContent = 'verified · ' + D.verify.checked + ' fingerprints match';
    verification.classList.add('ok');
  }

  // ---- The action list: virtual rows, filtered by the search.
  const list = $('list');
  const listInner = $('list-inner');
  const ROW = 28;
  let rows = null; // null: every step; else the matching steps, ascending
  let current = -1;
  const rowCount = () => (rows ? rows.length : N + 1);
  const rowStep = (i) => (rows ? rows[i] : i);
  function rowIndexOf(k) {
    if (!rows) return k;
    let lo = 0;
    let hi = rows.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (rows[mid] === k) return mid;
      if (rows[mid] < k) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
  function journeyTag(k) {
    if (k === 0) return null;
    const a = journeyOf(k - 1);
    const b = journeyOf(k);
    if (b[0] !== a[0]) return b[0];
    if (b[2] !== a[2] && b[2]) return b[2];
    if (b[4] !== a[4] && b[4]) return 'payment ' + b[4];
    if (b[3] !== a[3] && b[3]) return b[3];
    return null;
  }
  function renderRows() {
    listInner.style.height = rowCount() * ROW + 'px';
    const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 8);
    const last = Math.min(rowCount(), Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 8);
    listInner.textContent = '';
    for (let i = first; i < last; i++) {
      const k = rowStep(i);
      const row = el('div', 'row');
      row.style.top = i * ROW + 'px';
      row.dataset.step = String(k);
      if (k === current) row.classList.add('selected');
      if (divergence && k === divergence.step) row.classList.add('diverged');
      else if (divergence && k > divergence.step) row.classList.add('after-divergence');
      row.append(el('span', 'num', String(k)), el('span', 'time', since(k)));
      const words = el('span', 'words', wordsOf(k));
      words.title = wordsOf(k);
      row.append(words);
      const tag = journeyTag(k);
      if (tag) row.append(el('span', 'tag', tag));
      const events = eventsOf(k);
      if (events.length) {
        const names = events.map((e) => e[0]);
        const badge = el('span', 'badge event', events.length === 1 ? names[0] : events.length + ' events');
        if (names.includes('error_shown')) badge.classList.add('error');
        badge.title = names.join(', ');
        row.append(badge);
      }
      if (divergence && k === divergence.step) row.append(el('span', 'badge divergence', 'diverged'));
      listInner.append(row);
    }
  }
  list.addEventListener('scroll', () => renderRows());
  list.addEventListener('click', (event) => {
    const row = event.target.closest('.row');
    if (row) select(Number(row.dataset.step));
  });
  function scrollToCurrent() {
    const i = rowIndexOf(current);
    if (i < 0) return;
    const top = i * ROW;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
  }

  // ---- Search.
  const search = $('search');
  let haystack = null;
  function filter() {
    const query = search.value.trim().toLowerCase();
    if (!query) {
      rows = null;
      $('match-count').textContent = '';
    } else {
      if (!haystack) {
        haystack = new Array(N + 1);
        for (let k = 0; k <= N; k++) {
          haystack[k] = ('#' + k + ' ' + wordsOf(k) + ' ' + eventsOf(k).map((e) => e[0]).join(' ')).toLowerCase();
        }
      }
      const found = [];
      for (let k = 0; k <= N; k++) if (haystack[k].includes(query)) found.push(k);
      rows = found;
      $('match-count').textContent = found.length + (found.length === 1 ? ' step matches' : ' steps match');
    }
    // The list's new height first, so that the scroll position is clamped to it before the
    // visible rows are chosen: the filtered rows show at once, not after a scroll event.
    listInner.style.height = rowCount() * ROW + 'px';
    scrollToCurrent();
    renderRows();
  }
  let searchTimer = 0;
  search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(filter, 60);
  });

  // ---- The timeline: the journey's rows on a canvas, drawn once; the cursor over it.
  const canvas = $('timeline');
  const GUTTER = 92;
  const ROW_H = 22;
  const timelineRows = JOURNEY_FIELDS.filter(([name, index]) => index !== 4 || kind === 'native')
    .map(([name, index]) => ({ name: name || (journeyOf(N)[1] || 'section'), index, runs: [] }));
  for (const r of timelineRows) {
    let start = 0;
    let value = journeyOf(0)[r.index];
    for (let k = 1; k <= N + 1; k++) {
      const v = k <= N ? journeyOf(k)[r.index] : undefined;
      if (k > N || v !== value) {
        r.runs.push([start, k - 1, value]);
        start = k;
        value = v;
      }
    }
  }
  // A row with nothing in it (a web checkout whose page never says where it is) is left out.
  for (let i = timelineRows.length - 1; i >= 0; i--) {
    if (timelineRows[i].runs.every(([, , value]) => value === null || value === undefined)) timelineRows.splice(i, 1);
  }
  const eventSteps = [];
  for (let k = 1; k <= N; k++) if (S.events[k - 1].length) eventSteps.push(k);
  const COLORS = {
    loading: '#cbd5e1', nativeCheckout: '#60a5fa', webCheckout: '#60a5fa', confirmingDismissal: '#fbbf24',
    completed: '#34d399', dismissed: '#94a3b8', idle: '#e2e8f0', preparing: '#fcd34d', presenting: '#fbbf24',
    submitting: '#fb923c', actionRequired: '#c084fc', submittingDetails: '#f472b6',
    awaitingConfirmation: '#a78bfa', succeeded: '#34d399', declined: '#f87171', cancelled: '#94a3b8',
    failed: '#ef4444',
  };
  function colour(value) {
    if (value === null || value === undefined) return '#f1f5f9';
    const head = String(value).split(':')[0];
    if (COLORS[head]) return COLORS[head];
    let h = 0;
    for (let i = 0; i < value.length; i++) h = (h * 31 + value.charCodeAt(i)) >>> 0;
    return 'hsl(' + (h % 360) + ', 62%, 74%)';
  }
  const layer = document.createElement('canvas');
  // The timeline shows the whole log, or the steps around the selected one (long logs open so).
  const WINDOW = 120;
  let zoomed = N > 600;
  let geometry = null;
  const visibleRange = () => {
    if (!zoomed) return [0, N];
    const lo = Math.max(0, Math.min(current - WINDOW / 2, N - WINDOW));
    return [lo, Math.min(N, lo + WINDOW)];
  };
  function drawTimeline() {
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = (timelineRows.length + 1) * ROW_H + 8;
    canvas.style.height = height + 'px';
    canvas.width = layer.width = Math.round(width * ratio);
    canvas.height = layer.height = Math.round(height * ratio);
    const g = layer.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    const [lo, hi] = visibleRange();
    const count = hi - lo + 1;
    const span = Math.max(1, width - GUTTER - 10);
    const x = (k) => GUTTER + ((k - lo) / count) * span;
    geometry = { x, span, height, lo, hi, count };
    g.font = '11px system-ui, "DejaVu Sans", sans-serif';
    g.textBaseline = 'middle';
    timelineRows.forEach((r, i) => {
      const y = 4 + i * ROW_H;
      g.fillStyle = '#475569';
      g.fillText(r.name, 8, y + ROW_H / 2);
      for (const [a, b, value] of r.runs) {
        if (b < lo || a > hi) continue;
        const left = x(Math.max(a, lo));
        const w = Math.max(1, x(Math.min(b, hi) + 1) - left);
        g.fillStyle = colour(value);
        g.fillRect(left, y + 2, w - (w > 3 ? 1 : 0), ROW_H - 4);
        const label = value === null || value === undefined ? '' : String(value);
        if (label && w > 24) {
          g.save();
          g.beginPath();
          g.rect(left, y, w - 2, ROW_H);
          g.clip();
          g.fillStyle = '#0f172a';
          g.fillText(label, left + 4, y + ROW_H / 2);
          g.restore();
        }
      }
    });
    const y = 4 + timelineRows.length * ROW_H;
    g.fillStyle = '#475569';
    g.fillText('analytics', 8, y + ROW_H / 2);
    const stepWidth = span / count;
    for (const k of eventSteps) {
      if (k < lo || k > hi) continue;
      const names = eventsOf(k).map((e) => e[0]);
      g.fillStyle = names.includes('purchase') ? '#059669' : names.includes('error_shown') ? '#dc2626' : '#6366f1';
      const w = Math.max(2, Math.min(8, stepWidth - 2));
      g.fillRect(x(k) + Math.max(0, (stepWidth - w) / 2), y + 5, w, ROW_H - 10);
    }
    if (divergence && divergence.step <= hi) {
      const left = Math.max(GUTTER, x(divergence.step));
      g.fillStyle = 'rgba(220, 38, 38, 0.10)';
      g.fillRect(left, 0, GUTTER + span - left, height);
      if (divergence.step >= lo) {
        g.fillStyle = '#dc2626';
        g.fillRect(left, 0, 2, height);
      }
    }
    $('zoom').textContent = zoomed ? 'show the whole log' : 'zoom to the selected step';
    $('range').textContent = zoomed ? 'timeline: steps ' + lo + '–' + hi + ' of ' + N : 'timeline: the whole log';
  }
  function paintCursor() {
    if (!geometry) return;
    const [lo] = visibleRange();
    if (zoomed && lo !== geometry.lo) drawTimeline();
    const g = canvas.getContext('2d');
    const ratio = window.devicePixelRatio || 1;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, canvas.width, canvas.height);
    g.drawImage(layer, 0, 0);
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    const stepWidth = geometry.span / geometry.count;
    const left = geometry.x(current);
    g.fillStyle = 'rgba(37, 99, 235, 0.18)';
    g.fillRect(left, 0, Math.max(2, stepWidth), geometry.height);
    g.fillStyle = '#1d4ed8';
    g.fillRect(left + Math.max(2, stepWidth) / 2 - 1, 0, 2, geometry.height);
  }
  $('zoom').addEventListener('click', () => {
    zoomed = !zoomed;
    drawTimeline();
    paintCursor();
  });
  function stepAtX(clientX) {
    const rect = canvas.getBoundingClientRect();
    const k = geometry.lo + Math.floor(((clientX - rect.left - GUTTER) / geometry.span) * geometry.count);
    return Math.min(geometry.hi, Math.max(geometry.lo, k));
  }
  let dragging = false;
  canvas.addEventListener('pointerdown', (event) => {
    dragging = true;
    canvas.setPointerCapture(event.pointerId);
    select(stepAtX(event.clientX));
  });
  canvas.addEventListener('pointermove', (event) => {
    if (dragging) select(stepAtX(event.clientX));
  });
  canvas.addEventListener('pointerup', () => { dragging = false; });
  window.addEventListener('resize', () => {
    drawTimeline();
    paintCursor();
    renderRows();
  });

  // ---- The selected step: journey, events, changes, state, action.
  const slider = $('slider');
  slider.max = String(N);
  slider.addEventListener('input', () => select(Number(slider.value)));
  let tab = 'changes';
  for (const button of document.querySelectorAll('.tabs button')) {
    button.addEventListener('click', () => {
      tab = button.dataset.tab;
      renderPanels();
    });
  }
  $('show-bookkeeping').addEventListener('change', () => renderPanels());
  const openPaths = new Map();

  // An enum case, and the cases its only detail holds: `result` → `updateAccepted`; the details
  // of the innermost.
  function caseOf(value) {
    const names = [];
    let body = value;
    while (isEnum(body)) {
      const name = Object.keys(body)[0];
      names.push(name);
      body = body[name];
      const ks = keysOf(body);
      if (ks.length === 1 && isPositional(ks[0]) && isEnum(body[ks[0]])) body = body[ks[0]];
      else break;
    }
    return { names, body };
  }
  // A case's details as the tree shows them: one unlabelled container's own members, or
  // unlabelled details named `value` (`value 1`, `value 2`…), never Codable's `_0`.
  function detailsOf(body) {
    const ks = keysOf(body);
    const positional = ks.filter(isPositional);
    if (ks.length === 1 && positional.length === 1 && isBranch(body[ks[0]])) return body[ks[0]];
    const named = Object.create(null);
    for (const k of ks) {
      const label = positional.length === 1 ? 'value' : 'value ' + (Number(k.slice(1)) + 1);
      named[isPositional(k) ? label : k] = body[k];
    }
    return named;
  }

  function tree(container, value, path, changed, depth) {
    for (const k of keysOf(value)) {
      const child = value[k];
      const childPath = path.concat([k]);
      const id = JSON.stringify(childPath);
      const mark = changed.get(id);
      // Containers open as branches; an enum case with details too, unless it reads on one line.
      const shape = isEnum(child) ? caseOf(child) : null;
      const isCaseBranch = shape !== null && keysOf(shape.body).length > 0 && plain(child).length > 60;
      if (isBranch(child) || isCaseBranch) {
        const details = el('details', 'branch');
        const open = openPaths.has(id) ? openPaths.get(id) : depth < 3 || mark !== undefined;
        details.open = open;
        details.addEventListener('toggle', () => openPaths.set(id, details.open));
        const summary = el('summary');
        summary.append(el('span', 'k', typeof k === 'number' ? '[' + k + ']' : k));
        let body = child;
        if (shape) {
          summary.append(el('span', 'sep', ': '), el('span', 'v case', shape.names.join('.')));
          body = detailsOf(shape.body);
        } else {
          summary.append(el('span', 'count', Array.isArray(child) ? child.length + ' items' : keysOf(child).length +
            ' fields'));
        }
        if (mark) summary.classList.add(mark);
        // A closed branch still says that it holds a redacted secret.
        if (plain(body).includes('[REDACTED]')) summary.append(el('span', 'redacted-inside', '[REDACTED] inside'));
        details.append(summary);
        const children = el('div', 'children');
        tree(children, body, childPath, changed, depth + 1);
        details.append(children);
        container.append(details);
      } else {
        const leaf = el('div', 'leaf');
        if (mark) leaf.classList.add(mark);
        leaf.append(el('span', 'k', typeof k === 'number' ? '[' + k + ']' : k), el('span', 'sep', ': '),
          valueNode(child));
        container.append(leaf);
      }
    }
  }

  // Leaf-level lines for one change: containers compared member by member, enum cases whole.
  function leafChanges(path, before, after, out) {
    if (same(before, after)) return;
    const bothBranches = isBranch(before) && isBranch(after) && Array.isArray(before) === Array.isArray(after);
    if (bothBranches) {
      const ks = new Set([...keysOf(before), ...keysOf(after)]);
      for (const k of [...ks].sort((a, b) => (typeof a === 'number' ? a - b : byCode(a, b)))) {
        leafChanges(path.concat([k]), before[k], after[k], out);
      }
      return;
    }
    if (before === undefined && isBranch(after) && plain(after).length > 90) {
      for (const k of keysOf(after)) leafChanges(path.concat([k]), undefined, after[k], out);
      return;
    }
    out.push([path, before, after]);
  }

  function renderChanges(k, before, after) {
    const box = $('panel-changes');
    box.textContent = '';
    if (k === 0) {
      box.append(el('p', 'empty', 'The initial state, from the log\'s header. Step through the log to see what ' +
        'each action changed.'));
      return;
    }
    const showBookkeeping = $('show-bookkeeping').checked;
    let hidden = 0;
    let shown = 0;
    for (const op of S.ops[k - 1]) {
      const path = D.paths[op[0]];
      const lines = [];
      leafChanges(path, getAt(before, path), op.length === 1 ? undefined : getAt(after, path), lines);
      const isBook = bookkeeping.has(op[0]);
      for (const [p, b, a] of lines) {
        if (isBook && !showBookkeeping) {
          hidden++;
          continue;
        }
        shown++;
        const row = el('div', 'change ' + (b === undefined ? 'added' : a === undefined ? 'removed' : 'changed'));
        if (isBook) row.classList.add('book');
        row.append(el('span', 'mark', b === undefined ? '+' : a === undefined ? '−' : '~'), el('span', 'path',
          pathText(p)));
        if (b !== undefined) row.append(valueNode(b));
        if (b !== undefined && a !== undefined) row.append(el('span', 'arrow', '→'));
        if (a !== undefined) row.append(valueNode(a));
        box.append(row);
      }
    }
    if (shown === 0) box.append(el('p', 'empty', S.ops[k - 1].length === 0 ? 'No change: the state after this ' +
      'step is the state before it.' : 'Only bookkeeping changed.'));
    if (hidden > 0) box.append(el('p', 'hint', hidden + ' bookkeeping change' + (hidden === 1 ? '' : 's') +
      ' hidden (request ids, in-flight counters, pending updates).'));
  }

  function renderJourney(k, state) {
    const j = journeyOf(k);
    $('journey-view').textContent = j[0];
    $('journey-place-label').textContent = j[1];
    $('journey-place').textContent = j[2] || '—';
    $('journey-total').textContent = j[3] || '—';
    $('journey-payment').textContent = j[4] || '—';
    $('journey-payment-box').hidden = kind !== 'native';
    const sections = $('sections');
    sections.textContent = '';
    const list = kind === 'native' ? getAt(state, ['native', 'sections']) : null;
    if (Array.isArray(list)) {
      for (const status of list) {
        if (!isObj(status)) continue;
        const words = !status.isVisible ? ['hidden'] : [status.isComplete && 'complete', status.isCurrent && 'current',
          status.isEditable ? 'editable' : 'locked'].filter(Boolean);
        const chip = el('span', 'section ' + words.join(' '));
        chip.append(el('b', null, String(status.section)), el('span', null, ' ' + words.join(', ')));
        sections.append(chip);
      }
    }
    const events = $('events');
    events.textContent = '';
    const list2 = eventsOf(k);
    if (list2.length === 0) events.append(el('span', 'empty', 'no analytics event at this step'));
    for (const [name, params] of list2) {
      const chip = el('span', 'event-chip');
      chip.append(el('b', null, name));
      for (const [key, value] of params) chip.append(el('span', null, ' ' + key + '=' + value));
      events.append(chip);
    }
  }

  function renderPanels() {
    const k = current;
    const after = stateAt(k);
    const before = k > 0 ? stateAt(k - 1) : after;
    $('step-title').textContent = (k === 0 ? 'Initial state' : 'Step ' + k) + ' · ' + wordsOf(k);
    $('step-meta').textContent = k === 0 ? 'before the first action' : 'seq ' + seqOf(k) + ' · ' +
      new Date(times[k]).toISOString().replace('T', ' ').slice(0, 23) + ' UTC · ' + since(k);
    const note = $('divergence-note');
    if (divergence && k === divergence.step) {
      note.hidden = false;
      note.className = 'note bad';
      note.textContent = 'Diverged here: the replayed state does not match the recording (recorded fingerprint ' +
        divergence.recorded + ', replayed ' + divergence.replayed + '). The last step that matched is step ' +
        divergence.since + '. From here on, the states shown may not be what the customer saw.';
    } else if (divergence && k > divergence.step) {
      note.hidden = false;
      note.className = 'note warn';
      note.textContent = 'After the divergence at step ' + divergence.step + ': this state may not be what the ' +
        'customer saw.';
    } else {
      note.hidden = true;
    }
    renderJourney(k, after);
    const changed = new Map();
    if (k > 0) {
      for (const op of S.ops[k - 1]) {
        const path = D.paths[op[0]];
        changed.set(JSON.stringify(path), 'mark-changed');
        for (let i = 1; i < path.length; i++) {
          const id = JSON.stringify(path.slice(0, i));
          if (!changed.has(id)) changed.set(id, 'mark-has-change');
        }
      }
    }
    for (const button of document.querySelectorAll('.tabs button')) {
      button.classList.toggle('active', button.dataset.tab === tab);
    }
    for (const name of ['changes', 'state', 'action']) $('panel-' + name).hidden = name !== tab;
    $('bookkeeping-toggle').hidden = tab !== 'changes';
    if (tab === 'changes') renderChanges(k, before, after);
    if (tab === 'state') {
      const box = $('panel-state');
      box.textContent = '';
      if (isObj(after) || Array.isArray(after)) tree(box, after, [], changed, 0);
      else box.append(valueNode(after));
    }
    if (tab === 'action') {
      const box = $('panel-action');
      box.textContent = '';
      if (k === 0) {
        box.append(el('p', 'empty', 'No action: this is the state the log starts from.'));
      } else {
        const action = actionAt(k);
        box.append(el('p', 'words', wordsOf(k)));
        if (action === undefined) {
          box.append(el('p', 'empty', 'The actions are still loading…'));
          return;
        }
        const holder = el('div', 'tree');
        if (isObj(action) || Array.isArray(action)) tree(holder, { action }, [], new Map(), -8);
        else holder.append(valueNode(action));
        box.append(holder);
      }
    }
  }

  let frame = 0;
  function select(k, immediate) {
    k = Math.min(N, Math.max(0, k | 0));
    if (k === current && !immediate) return;
    if (dragging && zoomed) dragging = false; // a zoomed timeline moves under the pointer
    current = k;
    slider.value = String(k);
    $('position').textContent = k === 0 ? 'initial state (step 0 of ' + N + ')' : 'step ' + k + ' of ' + N;
    $('when').textContent = since(k);
    renderRows();
    scrollToCurrent();
    paintCursor();
    if (immediate) {
      renderPanels();
    } else if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        renderPanels();
      });
    }
  }
  function move(delta) {
    if (!rows) return select(current + delta);
    if (rows.length === 0) return;
    let i = rowIndexOf(current);
    if (i < 0) {
      i = rows.findIndex((k) => k > current);
      if (i < 0) i = rows.length;
      if (delta > 0) i -= 1;
    }
    select(rows[Math.min(rows.length - 1, Math.max(0, i + delta))]);
  }
  $('prev').addEventListener('click', () => move(-1));
  $('next').addEventListener('click', () => move(1));
  document.addEventListener('keydown', (event) => {
    if (event.target === search) {
      if (event.key === 'Escape') {
        search.value = '';
        filter();
        search.blur();
      } else if (event.key === 'Enter') {
        filter();
        if (rows && rows.length) select(rows.find((k) => k > current) ?? rows[0]);
      }
      return;
    }
    if (event.target === slider && event.key.startsWith('Arrow')) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const page = Math.max(1, Math.floor(list.clientHeight / ROW) - 1);
    switch (event.key) {
      case 'ArrowLeft': case 'ArrowUp': case 'k': move(-1); break;
      case 'ArrowRight': case 'ArrowDown': case 'j': move(1); break;
      case 'PageUp': move(-page); break;
      case 'PageDown': move(page); break;
      case 'Home': select(rows && rows.length ? rows[0] : 0); break;
      case 'End': select(rows && rows.length ? rows[rows.length - 1] : N); break;
      case '/': search.focus(); break;
      default: return;
    }
    event.preventDefault();
  });

  current = divergence ? divergence.step : N;
  stateAt(current);
  performance.mark('inspector-states');
  drawTimeline();
  performance.mark('inspector-timeline');
  select(current, true);
  performance.mark('inspector-rendered');
  document.body.dataset.ready = 'true';
})();
"""#
}
