"""The recording page (``kamisado record --page OUT.html``): one self-contained offline
page that scores a match by taps on a phone.

The board is the viewing page's, put together from the same pieces of
:mod:`kamisado_notation.drawing.svg` (:func:`~.svg.board_pieces`,
:func:`~.svg.tower_pieces`); the rules are ``recording_rules.js``, a small script held to
the package's engine by differential tests. The match lives in the browser's
``localStorage`` and is saved after every tap, so a reload or a closed tab loses
nothing; it leaves as ``.kmr`` text (download, copy, the phone's share sheet) and a
partial ``.kmr`` is loaded back to go on with it."""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.board import Colour, Side
from ..engine.position import Tower
from .svg import board_pieces, tower_pieces

__all__ = ["recording_page"]

#: The rules' script, beside this module (shipped as package data).
RULES_SCRIPT = Path(__file__).with_name("recording_rules.js")


def _pieces() -> dict[str, object]:
    """The board's drawing for the script: the frame both ways up, the squares'
    centres, and every tower (each side, colour and ring count). (The squares' Chinese
    characters are left out: a phone without the font would show empty boxes.)"""
    ways = [board_pieces(flip=flip) for flip in (False, True)]
    towers = [Tower(side, colour, rings) for side in Side for colour in Colour for rings in range(4)]
    return {
        "size": ways[0].size,
        "frame": [w.frame for w in ways],
        "centres": [w.flat_centres() for w in ways],
        "towers": tower_pieces(towers),
    }


def recording_page(*, title: str = "Kamisado: record a match") -> str:
    """The page's HTML text (UTF-8, no outside resource)."""
    data = json.dumps(_pieces(), separators=(",", ":")).replace("</", "<\\/")
    rules = RULES_SCRIPT.read_text(encoding="utf-8")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{_STYLE}</style></head>\n<body>\n{_BODY}\n"
        f'<script type="application/json" id="pieces">{data}</script>\n'
        f"<script>\n{rules}\n</script>\n<script>\n{_SCRIPT}\n</script>\n</body></html>\n"
    )


_STYLE = """
:root{--ink:#141414;--paper:#fff;--soft:#f3f1ec;--line:#d8d3c8;--accent:#b8860b;--bad:#c00000;--muted:#555}
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--soft)}
main{max-width:560px;margin:0 auto;padding:0 0 1rem}
.players{display:flex;align-items:baseline;gap:.5rem;margin:0;padding:.4rem .5rem;font-weight:600;white-space:nowrap}
.players .who{overflow:hidden;text-overflow:ellipsis;min-width:0;flex:1 1 0}
.players .gold{text-align:right}
.players .black::before{content:"";display:inline-block;width:.8em;height:.8em;margin-right:.3em;border-radius:50%;background:#111;vertical-align:-.05em}
.players .gold::after{content:"";display:inline-block;width:.8em;height:.8em;margin-left:.3em;border-radius:50%;background:#d4a017;border:1px solid #7a5c00;vertical-align:-.05em}
.players .score{font-variant-numeric:tabular-nums;padding:0 .4rem;border:1px solid var(--line);border-radius:4px;background:var(--paper)}
#board{margin:0;background:var(--paper);touch-action:manipulation;user-select:none;-webkit-user-select:none}
#board svg{display:block;width:100%;height:auto}
.lit{fill:rgba(255,255,255,.75);stroke:#111;stroke-width:3}
.can{fill:none;stroke:#fff;stroke-width:4;stroke-dasharray:8 5}
.chosen{fill:none;stroke:#fff;stroke-width:5}
.from,.to{fill:none;stroke:#111;stroke-width:3;stroke-dasharray:6 4}
.status{min-height:2.8em;margin:.3rem .5rem;font-size:.95rem}
.status .said{display:block;font-weight:600}
.bar{display:flex;flex-wrap:wrap;gap:.4rem;margin:.4rem .5rem}
.bar button,.bar label.button{font:inherit;min-width:44px;min-height:44px;padding:0 .8rem;border:1px solid var(--line);border-radius:6px;background:var(--paper);color:var(--ink);cursor:pointer;display:inline-flex;align-items:center}
.bar button.main{background:var(--ink);color:var(--paper);font-weight:600;flex:1 1 0}
.bar button:disabled{opacity:.4}
#fill-bar[hidden],#setup[hidden],#play[hidden]{display:none}
.entries{margin:.4rem .5rem;padding:.4rem .6rem;background:var(--paper);border:1px solid var(--line);border-radius:6px;font-variant-numeric:tabular-nums}
.entries h2{font-size:1rem;margin:.4rem 0 .2rem}
.entries table{border-collapse:collapse;width:100%;font-size:.85rem}
.entries th{text-align:right;font-weight:normal;color:var(--muted);padding-right:.3rem;width:2rem}
.entries td{padding:.1rem .3rem;width:50%}
.entries .forced{color:var(--muted);font-style:italic}
.entries .result{font-weight:600;color:var(--accent)}
form#setup{margin:.6rem .5rem;padding:.6rem;background:var(--paper);border:1px solid var(--line);border-radius:6px}
form#setup label{display:block;margin:.4rem 0}
form#setup input,form#setup select{font:inherit;width:100%;min-height:44px;padding:0 .5rem;border:1px solid var(--line);border-radius:5px}
.note{color:var(--muted);font-size:.9rem;margin:.3rem .5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
"""

_BODY = """<main>
<form id="setup" hidden>
<h1>Record a match</h1>
<label>Black <input id="in-black" autocomplete="off"></label>
<label>Gold <input id="in-gold" autocomplete="off"></label>
<label>Event <input id="in-event" autocomplete="off"></label>
<label>Match <select id="in-match"><option>Standard</option><option>Long</option><option>Marathon</option><option>Single</option></select></label>
<div class="bar"><button type="submit" class="main" id="start">Start</button>
<label class="button" for="load">Load .kmr</label></div>
<p class="note">The match is kept in this browser after every move; export it as .kmr at any time.</p>
</form>
<section id="play" hidden>
<p class="players"><span class="who black" id="black-name"></span> <span class="score" id="score"></span> <span class="who gold" id="gold-name"></span></p>
<figure id="board"><svg id="svg" role="img" aria-label="Kamisado board"><g id="frame"></g><g id="under"></g><g id="towers"></g><g id="over"></g></svg></figure>
<p class="status" id="status" aria-live="polite"></p>
<div class="bar" id="fill-bar" hidden><button type="button" class="main" id="fill-left">Fill left</button><button type="button" class="main" id="fill-right">Fill right</button></div>
<div class="bar"><button type="button" id="undo">Undo</button><button type="button" id="flip">Flip</button><button type="button" id="download">Download .kmr</button><button type="button" id="copy">Copy</button><button type="button" id="share">Share</button></div>
<div class="entries" id="entries"></div>
<div class="bar"><label class="button" for="load">Load .kmr</label><button type="button" id="new">New match</button></div>
</section>
<input type="file" id="load" accept=".kmr,.txt,text/plain" class="visually-hidden">
</main>"""

_SCRIPT = r"""
(function () {
"use strict";
var R = KamisadoRules, P = JSON.parse(document.getElementById("pieces").textContent);
var KEY = "kamisado-recording";
var state = {rec: null, flip: 0, chosen: null, said: ""};
function $(id) { return document.getElementById(id); }
function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]; }); }
var NS = "http://www.w3.org/2000/svg";
$("svg").setAttribute("viewBox", "0 0 " + P.size + " " + P.size);

function save() {
  var rec = state.rec;
  localStorage.setItem(KEY, JSON.stringify({text: rec.text()}));
}

function load() {
  var kept = localStorage.getItem(KEY);
  if (!kept) { return null; }
  try { return R.readRecord(JSON.parse(kept).text); } catch (e) { return null; }
}

function start(rec) {
  state.rec = rec; state.chosen = null;
  $("setup").hidden = true; $("play").hidden = false;
  save(); draw();
}

function header(name) {
  var h = state.rec.headers.filter(function (x) { return x[0] === name; })[0];
  return h ? h[1] : "";
}

function centre(sq) { var c = P.centres[state.flip]; return [c[2 * sq], c[2 * sq + 1]]; }
function place(drawing, sq) { var c = centre(sq); return '<g transform="translate(' + c[0] + "," + c[1] + ')">' + drawing + "</g>"; }
function letter(t) { var l = R.LETTERS[t.colour]; return (t.side === 0 ? l.toLowerCase() : l) + "+++".slice(0, t.rings); }
function ring(sq, cls, r) { var c = centre(sq); return '<circle class="' + cls + '" cx="' + c[0] + '" cy="' + c[1] + '" r="' + r + '"/>'; }

function towersToChoose() {
  var p = state.rec.position, seen = {};
  state.rec.legalMoves().forEach(function (m) { seen[m.origin] = true; });
  return Object.keys(seen).map(Number);
}

function movesFrom(origin) {
  return state.rec.legalMoves().filter(function (m) { return m.origin === origin; });
}

function origin() {
  var rec = state.rec, p = rec.position;
  if (rec.over() || rec.needsFill()) { return null; }
  if (p.tower !== null) { return p.where[p.toMove][p.tower]; }
  return state.chosen;
}

function lastMove() {
  var rounds = state.rec.rounds;
  for (var r = rounds.length - 1; r >= 0; r--) {
    var entries = rounds[r].entries;
    for (var k = entries.length - 1; k >= 0; k--) {
      var e = entries[k];
      if (e.move && e.move.distance > 0 && e.forced !== "back") { return r === rounds.length - 1 ? e.move : null; }
    }
  }
  return null;
}

function draw() {
  var rec = state.rec, p = rec.position;
  $("frame").innerHTML = P.frame[state.flip];
  var towers = [];
  for (var sq = 0; sq < 64; sq++) { if (p.board[sq]) { towers.push(place(P.towers[letter(p.board[sq])], sq)); } }
  $("towers").innerHTML = towers.join("");
  var under = [], over = [], from = origin(), last = lastMove();
  if (last) { under.push(ring(last.origin, "from", 27)); over.push(ring(last.target, "to", 30)); }
  if (from !== null) {
    over.push(ring(from, "chosen", 29));
    movesFrom(from).forEach(function (m) { over.push(ring(m.target, "lit", m.push.length ? 30 : 12)); });
  } else if (!rec.over() && !rec.needsFill()) {
    towersToChoose().forEach(function (s) { over.push(ring(s, "can", 30)); });
  }
  $("under").innerHTML = under.join("");
  $("over").innerHTML = over.join("");
  $("black-name").textContent = header("Black") || "Black";
  $("gold-name").textContent = header("Gold") || "Gold";
  $("score").textContent = rec.score[0] + " – " + rec.score[1];
  $("fill-bar").hidden = !rec.needsFill();
  $("undo").disabled = !rec.choices.length;
  $("status").innerHTML = (state.said ? '<span class="said">' + esc(state.said) + "</span>" : "") + esc(status());
  entries();
}

function status() {
  var rec = state.rec, p = rec.position;
  if (rec.over()) { return "The match is over: " + R.SIDES[rec.score[0] >= rec.target ? 0 : 1] + " wins " + rec.result() + ". Export the record."; }
  if (rec.needsFill()) {
    var w = rec.results[rec.results.length - 1].winner;
    return R.SIDES[w] + " won round " + rec.rounds.length + " and chooses the fill.";
  }
  var side = R.SIDES[p.toMove];
  if (p.tower === null) {
    return state.chosen === null ? side + " to move, any tower: tap the tower, then its square." : side + ": tap the square (or another tower).";
  }
  return side + " to move: the " + R.COLOURS[p.tower].toLowerCase() + " tower. Tap its square.";
}

function entries() {
  var rec = state.rec, html = [];
  rec.rounds.forEach(function (rnd, r) {
    html.push("<h2>Round " + rnd.number + (rnd.fill ? ", fill " + rnd.fill : "") + "</h2><table>");
    var cell = function (e) { return "<td" + (e && e.forced ? ' class="forced"' : "") + ">" + (e ? esc(e.text) : "") + "</td>"; };
    for (var k = 0; k < rnd.entries.length; k += 2) {
      html.push("<tr><th>" + (k / 2 + 1) + ".</th>" + cell(rnd.entries[k]) + cell(rnd.entries[k + 1]) + "</tr>");
    }
    html.push("</table>");
    var result = rec.results[r];
    if (result) {
      html.push('<p class="result">' + R.SIDES[result.winner] + " wins the round (" + (result.by === "deadlock" ? "deadlock" : "home row") + "): +" + result.points + "</p>");
    }
  });
  $("entries").innerHTML = html.join("");
}

function said(before, ended) {
  // what the rules wrote by themselves after the scorer's move
  var rec = state.rec, entries = rec.round().entries, words = [];
  entries.slice(before).forEach(function (e) {
    if (e.forced === "back") { words.push("Push: " + e.text + " written."); }
    if (e.forced === "forfeit") { words.push("Blocked: " + e.text + " (forfeit) written."); }
  });
  var result = rec.results.length === rec.rounds.length ? rec.results[rec.results.length - 1] : null;
  if (result && ended) {
    words.push(R.SIDES[result.winner] + " wins round " + rec.rounds.length + ": +" + result.points + " (" + rec.score[0] + "–" + rec.score[1] + ").");
  }
  return words.join(" ");
}

function squareAt(event) {
  var svg = $("svg"), box = svg.getBoundingClientRect(), x = (event.clientX - box.left) * P.size / box.width, y = (event.clientY - box.top) * P.size / box.height;
  var best = null, dist = Infinity;
  for (var sq = 0; sq < 64; sq++) {
    var c = centre(sq), d = Math.abs(c[0] - x) + Math.abs(c[1] - y);
    if (d < dist) { dist = d; best = sq; }
  }
  return dist < 64 ? best : null;
}

function tap(sq) {
  var rec = state.rec, from = origin();
  if (sq === null || rec.over() || rec.needsFill()) { return; }
  var move = from === null ? null : movesFrom(from).filter(function (m) { return m.target === sq; })[0];
  if (move) {
    var before = rec.round().entries.length, results = rec.results.length;
    rec.play(move);
    state.chosen = null;
    state.said = said(before + 1, rec.results.length > results);
    save(); draw();
    return;
  }
  if (rec.position.tower === null && towersToChoose().indexOf(sq) >= 0) {
    state.chosen = state.chosen === sq ? null : sq;
    draw();
  }
}

$("svg").addEventListener("click", function (e) { tap(squareAt(e)); });
$("undo").addEventListener("click", function () {
  var undone = state.rec.undo();
  state.chosen = null;
  state.said = undone ? "Undone: " + (undone.fill ? "the fill from the " + undone.fill : R.entryText(undone.move)) + "." : "";
  save(); draw();
});
$("flip").addEventListener("click", function () { state.flip = 1 - state.flip; draw(); });
["left", "right"].forEach(function (how) {
  $("fill-" + how).addEventListener("click", function () {
    state.rec.fill(how);
    state.said = "Round " + state.rec.rounds.length + ", filled from the " + how + ".";
    save(); draw();
  });
});

function fileName() {
  var names = [header("Black"), header("Gold")].filter(Boolean).join("-vs-").replace(/[^\w.-]+/g, "_");
  return (names || "kamisado-match") + ".kmr";
}
$("download").addEventListener("click", function () {
  var a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([state.rec.text()], {type: "text/plain"}));
  a.download = fileName();
  document.body.appendChild(a); a.click(); a.remove();
});
$("copy").addEventListener("click", function () {
  var text = state.rec.text();
  var done = function () { state.said = "The record is copied."; draw(); };
  if (navigator.clipboard && navigator.clipboard.writeText) { navigator.clipboard.writeText(text).then(done, fallback); } else { fallback(); }
  function fallback() {
    var area = document.createElement("textarea");
    area.value = text; document.body.appendChild(area); area.select();
    try { document.execCommand("copy"); } catch (e) { /* shown below */ }
    area.remove(); done();
  }
});
$("share").addEventListener("click", function () {
  var text = state.rec.text(), file = typeof File === "function" ? new File([text], fileName(), {type: "text/plain"}) : null;
  if (navigator.share) {
    var data = file && navigator.canShare && navigator.canShare({files: [file]}) ? {files: [file], title: fileName()} : {title: fileName(), text: text};
    navigator.share(data).catch(function () {});
  } else {
    state.said = "This browser has no share sheet: use Download or Copy."; draw();
  }
});
$("load").addEventListener("change", function () {
  var file = this.files[0];
  if (!file) { return; }
  file.text().then(function (text) {
    try {
      var rec = R.readRecord(text);
      state.said = "Loaded " + file.name + ": round " + rec.rounds.length + ".";
      start(rec);
    } catch (e) {
      alert(file.name + ": " + e.message);
    }
  });
  this.value = "";
});
$("new").addEventListener("click", function () {
  if (!confirm("Start a new match? Export this one first if you need it.")) { return; }
  localStorage.removeItem(KEY);
  $("play").hidden = true; $("setup").hidden = false;
});
$("setup").addEventListener("submit", function (e) {
  e.preventDefault();
  var headers = [["Event", $("in-event").value.trim()], ["Black", $("in-black").value.trim()], ["Gold", $("in-gold").value.trim()]]
    .filter(function (h) { return h[1]; }).map(function (h) { return [h[0], h[1].replace(/[\r\n]+/g, " ")]; });
  var format = $("in-match").value;
  headers.push(["Match", format]);
  state.said = "";
  start(new R.Recorder(headers, R.TARGETS[format.toLowerCase()]));
});

var kept = load();
if (kept) { state.said = "Going on with the match kept in this browser."; start(kept); } else { $("setup").hidden = false; }
window.kamisadoRecording = state;  // (for the tests and the curious)
})();
"""
