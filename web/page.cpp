// The web view's one page: HTML, CSS and script in a single string (no external fonts or
// scripts: it works offline). The server puts the board's first picture in it (web/board_svg.h),
// so the page shows a board before any script runs; the script then draws the same geometry with
// the book's values: every stored reply coloured by its value for the side to move, black's
// forbidden points crossed with their kind, the best move ringed. A click plays a move; the
// position lives in the address (#position=...&rule=...&size=...), so back, forward and links
// work; #...&play=h9 opens a position and plays a move, #...&key=End presses a key. Keys: left/right a move back/forward,
// Home the empty board, End the principal line's end.
#include "web/page.h"

namespace tengen::web {
namespace {

constexpr std::string_view kHead = R"PAGE(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tengen book</title>
<style>
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 8px; color: #222; background: #fafaf7; }
h2 { margin: 4px 0 8px; font-size: 20px; }
#wrap { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
#boardbox { flex: 1 1 340px; max-width: 600px; min-width: 0; }
#boardbox svg { width: 100%; height: auto; display: block; }
#panel { flex: 1 1 280px; min-width: 0; max-width: 480px; }
.grid { stroke: #3a2a10; stroke-width: 1; }
.star { fill: #3a2a10; }
.coord { font-size: 11px; fill: #555; text-anchor: middle; dominant-baseline: central; }
.black { fill: #111; stroke: #111; } .white { fill: #fafafa; stroke: #111; stroke-width: 1; }
.num { font-size: 13px; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.num.onblack { fill: #fff; } .num.onwhite { fill: #111; }
.reply { opacity: 0.9; pointer-events: none; }
.win { fill: #2e9e44; } .loss { fill: #d33b3b; } .draw { fill: #3b6fd3; }
.cannot { fill: #e0b020; } .claimed { fill: #999; } .damaged { fill: #700; }
.forbid { stroke: #c62828; stroke-width: 2.5; pointer-events: none; }
.forbid-kind { font-size: 10px; fill: #c62828; pointer-events: none; }
.best { fill: none; stroke: #1a7f37; stroke-width: 3; pointer-events: none; }
.ghost { opacity: 0.45; pointer-events: none; }
.hit { fill: transparent; cursor: pointer; }
#panel input[type=text] { width: 100%; box-sizing: border-box; font-family: monospace; }
#opening { font-size: 17px; font-weight: bold; min-height: 1.2em; }
#result { font-size: 17px; font-weight: bold; margin: 6px 0; }
#error { color: #c00; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 13px; margin: 8px 0; }
.legend .item { white-space: nowrap; }
.sw { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: -1px; }
.sw.win { background: #2e9e44; } .sw.loss { background: #d33b3b; } .sw.draw { background: #3b6fd3; }
.sw.cannot { background: #e0b020; } .sw.claimed { background: #999; } .sw.damaged { background: #700; }
.legend .item.long { white-space: normal; }
.x { color: #c62828; font-weight: bold; margin-right: 4px; }
button { margin: 2px; }
.moves { display: flex; flex-wrap: wrap; gap: 2px 6px; font-family: monospace; }
.moves span { white-space: nowrap; cursor: pointer; padding: 0 2px; border-radius: 3px; }
.moves span:hover, .moves span.at { background: #cde; }
.moves .n { color: #888; cursor: default; padding: 0; }
#variations div { margin: 2px 0; }
.keys { font-size: 12px; color: #666; }
</style>
</head>
<body>
<h2>tengen book</h2>
<div id="wrap">
<div id="boardbox">)PAGE";

constexpr std::string_view kTail = R"PAGE(</div>
<div id="panel">
  <div id="opening"></div>
  <div id="tomove"></div>
  <div id="result">loading the book's answer&hellip;</div>
  <div id="best"></div>
  <div>line: <span id="line" class="moves"></span> <button id="step">step</button></div>
  <div id="error"></div>
  <div>moves: <span id="moves" class="moves"></span></div>
  <div id="variations"></div>
  <div class="legend" id="legend">
    <span class="item"><span class="sw win"></span>win</span>
    <span class="item"><span class="sw loss"></span>loss</span>
    <span class="item"><span class="sw draw"></span>draw</span>
    <span class="item"><span class="sw cannot"></span>one side cannot win</span>
    <span class="item"><span class="sw claimed"></span>claimed, unverified</span>
    <span class="item long"><span class="x">&times;</span>forbidden to black: 3 double-three, 4 double-four, 6 overline</span>
    <span class="item"><span class="sw" style="border:3px solid #1a7f37;border-radius:50%;width:8px;height:8px"></span>best move</span>
  </div>
  <div>position (move list or BLACKS/WHITES):</div>
  <input id="pos" type="text" spellcheck="false">
  <div>
    <select id="rule"><option>renju</option><option>freestyle</option><option>standard</option></select>
    <select id="size"></select>
    <button id="go">show</button> <button id="back">&larr; back</button> <button id="fwd">forward &rarr;</button>
    <button id="clear">empty board</button>
  </div>
  <div>opening: <select id="openings"><option value="">(choose)</option></select></div>
  <p class="keys">Values are what the book has proved and its verifier checked; replies are coloured
  for the side to move. Click a point to play it. Keys: &larr; a move back, &rarr; a move forward
  (along the line), Home the empty board, End the line's end.</p>
</div>
</div>
<script>
"use strict";
const svg = document.querySelector("#boardbox svg");
svg.id = "board";
const NS = "http://www.w3.org/2000/svg";
const CELL = 32, MARGIN = 46;
let state = { position: "", rule: "renju", size: 15 };
let answer = null, lineStep = 0, redo = [];

function cols(n) { return "abcdefghijklmnopqrst".slice(0, n); }
function parse(name, n) { const c = cols(n).indexOf(name[0]); const r = parseInt(name.slice(1), 10); return [c, r - 1]; }
function name(c, r) { return cols(state.size)[c] + (r + 1); }
function isMoveList() { return state.position.indexOf("/") < 0; }
function movesOf(text) { return text.trim() ? text.trim().split(/[\s,]+/) : []; }
function readHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  return { position: h.get("position") || "", rule: h.get("rule") || "renju", size: parseInt(h.get("size") || "15", 10),
           play: h.get("play"), key: h.get("key") };
}
function writeHash() {
  location.hash = new URLSearchParams({ position: state.position, rule: state.rule, size: String(state.size) }).toString();
}
function go(position) { state.position = position; lineStep = 0; writeHash(); }
function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  (parent || svg).appendChild(e);
  return e;
}
// The same geometry as the server's picture (web/board_svg.cpp).
function geometry() {
  const n = state.size, span = (n - 1) * CELL, size = span + 2 * MARGIN;
  return { n, size, x: c => MARGIN + c * CELL, y: r => MARGIN + (n - 1 - r) * CELL };
}
function stars(n) {
  const s = [];
  if (n % 2 === 1) s.push([(n - 1) / 2, (n - 1) / 2]);
  if (n >= 13) for (const c of [3, n - 4]) for (const r of [3, n - 4]) s.push([c, r]);
  return s;
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
  svg.setAttribute("viewBox", "0 0 " + g.size + " " + g.size);
  svg.setAttribute("width", g.size); svg.setAttribute("height", g.size);
  el("rect", { x: MARGIN - CELL / 2 - 4, y: MARGIN - CELL / 2 - 4, width: (n - 1) * CELL + CELL + 8, height: (n - 1) * CELL + CELL + 8, rx: 4, fill: "#dcb35c" });
  for (let i = 0; i < n; i++) {
    el("line", { class: "grid", x1: g.x(0), y1: g.y(i), x2: g.x(n - 1), y2: g.y(i) });
    el("line", { class: "grid", x1: g.x(i), y1: g.y(0), x2: g.x(i), y2: g.y(n - 1) });
  }
  for (const [c, r] of stars(n)) el("circle", { class: "star", cx: g.x(c), cy: g.y(r), r: 3.5 });
  for (let i = 0; i < n; i++) {
    for (const y of [g.y(n - 1) - CELL / 2 - 12, g.y(0) + CELL / 2 + 12]) el("text", { class: "coord", x: g.x(i), y: y }).textContent = cols(n)[i];
    for (const x of [g.x(0) - CELL / 2 - 14, g.x(n - 1) + CELL / 2 + 14]) el("text", { class: "coord", x: x, y: g.y(i) }).textContent = String(i + 1);
  }
  if (!answer) return;
  const taken = new Set();
  for (const [list, color] of [[answer.black, "black"], [answer.white, "white"]])
    for (const p of list) {
      const [c, r] = parse(p, n); taken.add(p);
      el("circle", { class: color, cx: g.x(c), cy: g.y(r), r: CELL / 2 - 1, "data-p": p });
    }
  // Move numbers when the position is a plain move list (an opening code expands to three moves).
  if (answer.moves.length && isMoveList())
    answer.moves.forEach((m, i) => {
      const [c, r] = parse(m, n);
      el("text", { class: "num " + (i % 2 ? "onwhite" : "onblack"), x: g.x(c), y: g.y(r) }).textContent = String(i + 1);
    });
  for (const rep of answer.replies) {
    if (rep.move === answer.best_move) continue;  // the ring says it; its value is in the list
    const cls = rep.damaged ? "damaged" : resultClass(rep.result, rep.claimed, answer.to_move);
    if (!cls) continue;
    const [c, r] = parse(rep.move, n), s = 12;
    el("rect", { class: "reply " + cls, x: g.x(c) - s / 2, y: g.y(r) - s / 2, width: s, height: s, "data-p": rep.move, "data-result": rep.result });
  }
  answer.forbidden.forEach((f, i) => {
    const [c, r] = parse(f, n), s = 7, kind = answer.forbidden_kinds[i] || "";
    el("line", { class: "forbid", x1: g.x(c) - s, y1: g.y(r) - s, x2: g.x(c) + s, y2: g.y(r) + s, "data-p": f });
    el("line", { class: "forbid", x1: g.x(c) - s, y1: g.y(r) + s, x2: g.x(c) + s, y2: g.y(r) - s });
    const digit = kind === "double-three" ? "3" : kind === "double-four" ? "4" : "6";
    el("text", { class: "forbid-kind", x: g.x(c) + 9, y: g.y(r) - 7, "data-kind": kind }).textContent = digit;
  });
  if (answer.best_move) {
    const [c, r] = parse(answer.best_move, n);
    el("circle", { class: "best", cx: g.x(c), cy: g.y(r), r: CELL / 2 - 3, "data-p": answer.best_move });
  }
  // The principal line up to the step shown, as numbered ghosts.
  let color = answer.to_move;
  answer.line.slice(0, lineStep).forEach((p, i) => {
    const [c, r] = parse(p, n);
    el("circle", { class: color + " ghost", cx: g.x(c), cy: g.y(r), r: CELL / 2 - 1 });
    el("text", { class: "num " + (color === "black" ? "onblack" : "onwhite"), x: g.x(c), y: g.y(r) }).textContent = String(i + 1);
    color = color === "black" ? "white" : "black";
  });
  // Click targets on the empty points.
  for (let c = 0; c < n; c++) for (let r = 0; r < n; r++) {
    const p = name(c, r);
    if (taken.has(p)) continue;
    const hit = el("rect", { class: "hit", x: g.x(c) - CELL / 2, y: g.y(r) - CELL / 2, width: CELL, height: CELL, "data-p": p });
    hit.addEventListener("click", () => { redo = []; play(p); });
  }
}
function play(p) {
  if (!answer || answer.finished) return;
  if (answer.forbidden.indexOf(p) >= 0) { document.getElementById("error").textContent = p + " is forbidden to black"; return; }
  if (isMoveList()) go((state.position.trim() + " " + p).trim());
  else {
    const [b, w] = state.position.split("/");
    go(answer.to_move === "black" ? ((b ? b + "," : "") + p + "/" + w) : (b + "/" + (w ? w + "," : "") + p));
  }
}
// A row of clickable moves: numbers before them when `numbered`.
function moveRow(box, moves, numberFrom, onClick, marked) {
  box.textContent = "";
  moves.forEach((p, i) => {
    if (numberFrom > 0) { const k = document.createElement("span"); k.className = "n"; k.textContent = (numberFrom + i) + "."; box.appendChild(k); }
    const s = document.createElement("span"); s.textContent = p;
    if (marked(i)) s.className = "at";
    s.addEventListener("click", () => onClick(i));
    box.appendChild(s);
  });
}
function showVariations() {
  const box = document.getElementById("variations");
  box.textContent = "";
  if (!answer || !answer.replies.length) return;
  const groups = [["win", "wins for " + answer.to_move], ["draw", "draws"], ["loss", "losses for " + answer.to_move],
                  ["claimed", "claimed, unverified"], ["damaged", "damaged records"]];
  for (const [cls, label] of groups) {
    const moves = answer.replies.filter(r => (r.damaged ? "damaged" : resultClass(r.result, r.claimed, answer.to_move)) === cls).map(r => r.move);
    if (!moves.length) continue;
    const div = document.createElement("div");
    div.innerHTML = '<span class="sw ' + cls + '"></span>' + label + " (" + moves.length + "): ";
    const row = document.createElement("span"); row.className = "moves"; row.style.display = "inline-flex";
    moveRow(row, moves, 0, i => { redo = []; play(moves[i]); }, () => false);
    div.appendChild(row);
    box.appendChild(div);
  }
}
async function load() {
  const h = readHash();
  state.position = h.position; state.rule = h.rule; state.size = h.size;
  document.getElementById("pos").value = state.position;
  document.getElementById("rule").value = state.rule;
  document.getElementById("size").value = String(state.size);
  const q = new URLSearchParams({ position: state.position, rule: state.rule, size: String(state.size) });
  let res, body;
  try {
    res = await fetch("/api/query?" + q.toString());
    body = await res.json();
  } catch (e) {
    document.getElementById("error").textContent = "the server did not answer: " + e;
    return;
  }
  document.getElementById("error").textContent = res.ok ? "" : body.error;
  answer = res.ok ? body : null;
  document.getElementById("result").textContent = answer ? answer.text : "";
  document.getElementById("tomove").textContent = answer ? answer.to_move + " to move, " + answer.rule + " " + answer.size + "x" + answer.size : "";
  document.getElementById("best").textContent = answer && answer.best_move ? "best move: " + answer.best_move : "";
  const opening = answer && answer.opening;
  document.getElementById("opening").textContent = opening ? opening.code + " " + opening.name : "";
  const sel = document.getElementById("openings");
  sel.value = opening && Array.from(sel.options).some(o => o.value === opening.moves) ? opening.moves : "";
  moveRow(document.getElementById("line"), answer ? answer.line : [], 0, i => { lineStep = i + 1; load(); }, i => i < lineStep);
  const played = answer && isMoveList() ? answer.moves : [];
  moveRow(document.getElementById("moves"), played, 1, i => { redo = []; go(played.slice(0, i + 1).join(" ")); }, i => i === played.length - 1);
  showVariations();
  draw();
  if (h.play && answer) {
    // A link that plays a move: the same click a person makes on the point.
    const target = svg.querySelector('rect.hit[data-p="' + h.play + '"]');
    if (target) target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  } else if (h.key && answer) {
    // A link that presses a key (#...&key=End shows the line's end): the same as the key.
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: h.key, bubbles: true }));
  }
}
// Keys, as game viewers have them: a move back and forward, the start and the line's end.
document.addEventListener("keydown", e => {
  const tag = e.target && e.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || !answer || !isMoveList()) return;
  const moves = movesOf(state.position);
  if (e.key === "ArrowLeft" && moves.length) { redo.push(moves.pop()); go(moves.join(" ")); }
  else if (e.key === "ArrowRight") {
    const next = redo.length ? redo.pop() : answer.line[0];
    if (next) go(moves.concat([next]).join(" "));
  } else if (e.key === "Home") { redo = moves.reverse(); go(""); }
  else if (e.key === "End" && answer.line.length) {
    // A win's line ends in the five; the position before it shows the five as the best move.
    const upto = /-wins$/.test(answer.result) ? answer.line.length - 1 : answer.line.length;
    redo = []; go(moves.concat(answer.line.slice(0, upto)).join(" "));
  }
  else return;
  e.preventDefault();
});
window.addEventListener("hashchange", load);
document.getElementById("go").addEventListener("click", () => {
  state.rule = document.getElementById("rule").value;
  state.size = parseInt(document.getElementById("size").value, 10);
  redo = []; go(document.getElementById("pos").value.trim());
});
document.getElementById("back").addEventListener("click", () => window.history.back());
document.getElementById("fwd").addEventListener("click", () => window.history.forward());
document.getElementById("clear").addEventListener("click", () => { redo = []; go(""); });
document.getElementById("step").addEventListener("click", () => { if (answer && lineStep < answer.line.length) { lineStep++; load(); } });
for (let n = 5; n <= 20; n++) { const o = document.createElement("option"); o.textContent = String(n); document.getElementById("size").appendChild(o); }
fetch("/api/openings").then(r => r.json()).then(list => {
  const sel = document.getElementById("openings");
  for (const o of list) { const e = document.createElement("option"); e.value = o.moves; e.textContent = o.code + " " + o.name + " (" + o.text + ")"; sel.appendChild(e); }
  if (answer && answer.opening) sel.value = answer.opening.moves;
  sel.addEventListener("change", () => { if (sel.value) { state.rule = "renju"; state.size = 15; redo = []; go(sel.value); } });
});
load();
</script>
</body>
</html>
)PAGE";

}  // namespace

std::string page(std::string_view firstBoard) {
  std::string out;
  out.reserve(kHead.size() + firstBoard.size() + kTail.size());
  out.append(kHead).append(firstBoard).append(kTail);
  return out;
}

}  // namespace tengen::web
