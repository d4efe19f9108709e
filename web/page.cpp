// The web view's one page: HTML, CSS and script in a single string (no external fonts or
// scripts: it works offline). The board is SVG; every stored reply is coloured by its value for
// the side to move, black's forbidden points are crossed, the best move ringed; a click plays a
// move; the position lives in the address (#position=...&rule=...&size=...), so back and forward
// and links work; #...&play=h9 opens a position and plays a move.
#include "web/page.h"

namespace tengen::web {

std::string_view page() {
  return R"PAGE(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>tengen book</title>
<style>
body { font-family: sans-serif; margin: 16px; color: #222; background: #fafaf7; }
#wrap { display: flex; gap: 24px; flex-wrap: wrap; }
svg { background: #e8c47c; border-radius: 4px; }
.grid { stroke: #5a4320; stroke-width: 1; }
.coord { font-size: 11px; fill: #5a4320; text-anchor: middle; dominant-baseline: central; }
.black { fill: #111; } .white { fill: #fff; stroke: #333; stroke-width: 1; }
.num { font-size: 10px; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.num.onblack { fill: #fff; } .num.onwhite { fill: #000; }
.reply { opacity: 0.85; pointer-events: none; }
.win { fill: #2e9e44; } .loss { fill: #d33b3b; } .draw { fill: #3b6fd3; }
.cannot { fill: #e0b020; } .claimed { fill: #999; } .damaged { fill: #700; }
.forbid { stroke: #c00; stroke-width: 2.5; pointer-events: none; }
.best { fill: none; stroke: #0a0; stroke-width: 3; pointer-events: none; }
.ghost { opacity: 0.45; pointer-events: none; }
.hit { fill: transparent; cursor: pointer; }
#panel { min-width: 300px; max-width: 420px; }
#panel input[type=text] { width: 100%; font-family: monospace; }
#result { font-size: 18px; font-weight: bold; margin: 8px 0; }
#error { color: #c00; }
.legend span { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 10px; vertical-align: middle; }
button { margin: 2px; }
#line span { cursor: pointer; padding: 0 2px; } #line span.at { background: #cde; }
#panel div { overflow-wrap: anywhere; }
</style>
</head>
<body>
<h2>tengen book</h2>
<div id="wrap">
<svg id="board" width="560" height="560" role="img" aria-label="board"></svg>
<div id="panel">
  <div>position (move list or BLACKS/WHITES):</div>
  <input id="pos" type="text" spellcheck="false">
  <div>
    <select id="rule"><option>renju</option><option>freestyle</option><option>standard</option></select>
    <select id="size"></select>
    <button id="go">show</button> <button id="back">&larr; back</button> <button id="fwd">forward &rarr;</button>
    <button id="clear">empty board</button>
  </div>
  <div>opening: <select id="openings"><option value="">(choose)</option></select></div>
  <div id="tomove"></div>
  <div id="result"></div>
  <div id="best"></div>
  <div>line: <span id="line"></span> <button id="step">step</button></div>
  <div id="error"></div>
  <div class="legend">replies, for the side to move:
    <span class="win" style="background:#2e9e44"></span>win <span style="background:#d33b3b"></span>loss
    <span style="background:#3b6fd3"></span>draw <span style="background:#e0b020"></span>one side cannot win
    <span style="background:#999"></span>claimed, unverified</div>
  <p>Values are what the book has proved and its verifier checked. Click a point to play it.</p>
</div>
</div>
<script>
"use strict";
const svg = document.getElementById("board");
const NS = "http://www.w3.org/2000/svg";
let state = { position: "", rule: "renju", size: 15 };
let answer = null, lineStep = 0;

function cols(n) { return "abcdefghijklmnopqrst".slice(0, n); }
function parse(name, n) { const c = cols(n).indexOf(name[0]); const r = parseInt(name.slice(1), 10); return [c, r - 1]; }
function name(c, r) { return cols(state.size)[c] + (r + 1); }
function readHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  return { position: h.get("position") || "", rule: h.get("rule") || "renju", size: parseInt(h.get("size") || "15", 10), play: h.get("play") };
}
function writeHash() {
  location.hash = new URLSearchParams({ position: state.position, rule: state.rule, size: String(state.size) }).toString();
}
function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  (parent || svg).appendChild(e);
  return e;
}
function geometry() {
  const n = state.size, margin = 28, cell = (560 - 2 * margin) / (n - 1);
  return { n, margin, cell, x: c => margin + c * cell, y: r => margin + (n - 1 - r) * cell };
}
function resultClass(result, claimed, mover) {
  const other = mover === "black" ? "white" : "black";
  if (result === mover + "-wins") return "win";
  if (result === other + "-wins") return "loss";
  if (result === "draw") return "draw";
  if (claimed) return "claimed";
  return null;
}
function draw() {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const g = geometry(), n = g.n;
  for (let i = 0; i < n; i++) {
    el("line", { class: "grid", x1: g.x(0), y1: g.y(i), x2: g.x(n - 1), y2: g.y(i) });
    el("line", { class: "grid", x1: g.x(i), y1: g.y(0), x2: g.x(i), y2: g.y(n - 1) });
    el("text", { class: "coord", x: g.x(i), y: g.y(0) + 16 }).textContent = cols(n)[i];
    el("text", { class: "coord", x: g.x(0) - 16, y: g.y(i) }).textContent = String(i + 1);
  }
  if (!answer) return;
  const taken = new Set();
  for (const [list, color] of [[answer.black, "black"], [answer.white, "white"]])
    for (const p of list) {
      const [c, r] = parse(p, n); taken.add(p);
      el("circle", { class: color, cx: g.x(c), cy: g.y(r), r: g.cell * 0.45, "data-p": p });
    }
  // Move numbers when the position is a plain move list (an opening code expands to three moves).
  if (answer.moves.length && state.position.indexOf("/") < 0)
    answer.moves.forEach((m, i) => {
      const [c, r] = parse(m, n);
      el("text", { class: "num " + (i % 2 ? "onwhite" : "onblack"), x: g.x(c), y: g.y(r) }).textContent = String(i + 1);
    });
  for (const rep of answer.replies) {
    const cls = rep.damaged ? "damaged" : resultClass(rep.result, rep.claimed, answer.to_move);
    if (!cls) continue;
    const [c, r] = parse(rep.move, n), s = g.cell * 0.42;
    el("rect", { class: "reply " + cls, x: g.x(c) - s / 2, y: g.y(r) - s / 2, width: s, height: s, "data-p": rep.move, "data-result": rep.result });
  }
  for (const f of answer.forbidden) {
    const [c, r] = parse(f, n), s = g.cell * 0.28;
    el("line", { class: "forbid", x1: g.x(c) - s, y1: g.y(r) - s, x2: g.x(c) + s, y2: g.y(r) + s, "data-p": f });
    el("line", { class: "forbid", x1: g.x(c) - s, y1: g.y(r) + s, x2: g.x(c) + s, y2: g.y(r) - s });
  }
  if (answer.best_move) {
    const [c, r] = parse(answer.best_move, n);
    el("circle", { class: "best", cx: g.x(c), cy: g.y(r), r: g.cell * 0.47, "data-p": answer.best_move });
  }
  // The principal line up to the step shown, as numbered ghosts.
  let color = answer.to_move;
  answer.line.slice(0, lineStep).forEach((p, i) => {
    const [c, r] = parse(p, n);
    el("circle", { class: color + " ghost", cx: g.x(c), cy: g.y(r), r: g.cell * 0.45 });
    el("text", { class: "num " + (color === "black" ? "onblack" : "onwhite"), x: g.x(c), y: g.y(r) }).textContent = String(i + 1);
    color = color === "black" ? "white" : "black";
  });
  // Click targets on the empty points.
  for (let c = 0; c < n; c++) for (let r = 0; r < n; r++) {
    const p = name(c, r);
    if (taken.has(p)) continue;
    const hit = el("rect", { class: "hit", x: g.x(c) - g.cell / 2, y: g.y(r) - g.cell / 2, width: g.cell, height: g.cell, "data-p": p });
    hit.addEventListener("click", () => play(p));
  }
}
function play(p) {
  if (!answer || answer.finished) return;
  if (answer.forbidden.indexOf(p) >= 0) { document.getElementById("error").textContent = p + " is forbidden to black"; return; }
  if (state.position.indexOf("/") < 0) state.position = (state.position.trim() + " " + p).trim();
  else {
    const [b, w] = state.position.split("/");
    state.position = answer.to_move === "black" ? ((b ? b + "," : "") + p + "/" + w) : (b + "/" + (w ? w + "," : "") + p);
  }
  lineStep = 0;
  writeHash();
}
async function load() {
  const h = readHash();
  state.position = h.position; state.rule = h.rule; state.size = h.size;
  document.getElementById("pos").value = state.position;
  document.getElementById("rule").value = state.rule;
  document.getElementById("size").value = String(state.size);
  const q = new URLSearchParams({ position: state.position, rule: state.rule, size: String(state.size) });
  const res = await fetch("/api/query?" + q.toString());
  const body = await res.json();
  document.getElementById("error").textContent = res.ok ? "" : body.error;
  answer = res.ok ? body : null;
  document.getElementById("result").textContent = answer ? answer.text : "";
  document.getElementById("tomove").textContent = answer ? answer.to_move + " to move, " + answer.rule + " " + answer.size + "x" + answer.size : "";
  document.getElementById("best").textContent = answer && answer.best_move ? "best move: " + answer.best_move : "";
  const line = document.getElementById("line");
  line.textContent = "";
  if (answer) answer.line.forEach((p, i) => {
    const s = document.createElement("span"); s.textContent = p; if (i < lineStep) s.className = "at";
    s.addEventListener("click", () => { lineStep = i + 1; draw(); load(); });
    line.appendChild(s);
  });
  draw();
  if (h.play && answer) {
    // A link that plays a move: the same click a person makes on the point.
    const target = svg.querySelector('rect.hit[data-p="' + h.play + '"]');
    if (target) target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
}
window.addEventListener("hashchange", load);
document.getElementById("go").addEventListener("click", () => {
  state.position = document.getElementById("pos").value.trim();
  state.rule = document.getElementById("rule").value;
  state.size = parseInt(document.getElementById("size").value, 10);
  lineStep = 0; writeHash();
});
document.getElementById("back").addEventListener("click", () => window.history.back());
document.getElementById("fwd").addEventListener("click", () => window.history.forward());
document.getElementById("clear").addEventListener("click", () => { state.position = ""; lineStep = 0; writeHash(); });
document.getElementById("step").addEventListener("click", () => { if (answer && lineStep < answer.line.length) { lineStep++; load(); } });
for (let n = 5; n <= 20; n++) { const o = document.createElement("option"); o.textContent = String(n); document.getElementById("size").appendChild(o); }
fetch("/api/openings").then(r => r.json()).then(list => {
  const sel = document.getElementById("openings");
  for (const o of list) { const e = document.createElement("option"); e.value = o.moves; e.textContent = o.code + " " + o.name + " (" + o.text + ")"; sel.appendChild(e); }
  sel.addEventListener("change", () => { if (sel.value) { state = { position: sel.value, rule: "renju", size: 15 }; lineStep = 0; writeHash(); } });
});
load();
</script>
</body>
</html>
)PAGE";
}

}  // namespace tengen::web
