// The rules of Kamisado for the recording page: the board, the legal moves (Sumo
// ranges and pushes), forfeits, deadlocks, round ends, rings and points, the fill between
// rounds, and a match's record written and read in the colour form. The package's
// Python engine is the reference: tests/drawing/test_recording_rules.py holds this module to it
// (perft and random matches, move for move). No DOM here: node runs it as it is.
var KamisadoRules = (function () {
  "use strict";
  var COLOURS = ["Brown", "Green", "Red", "Yellow", "Pink", "Purple", "Blue", "Orange"];
  var LETTERS = "NGRYKPBO";
  var SIDES = ["Black", "Gold"];
  var DIRECTIONS = ["Forward", "Left", "Right", "Back"];
  var ROWS = [ // rank 8 first
    "Orange Blue Purple Pink Yellow Red Green Brown",
    "Red Orange Pink Green Blue Yellow Brown Purple",
    "Green Pink Orange Red Purple Brown Yellow Blue",
    "Pink Purple Blue Orange Brown Green Red Yellow",
    "Yellow Red Green Brown Orange Blue Purple Pink",
    "Blue Yellow Brown Purple Red Orange Pink Green",
    "Purple Brown Yellow Blue Green Pink Orange Red",
    "Brown Green Red Yellow Pink Purple Blue Orange"
  ];
  var SQUARE_COLOURS = [];
  for (var sq0 = 0; sq0 < 64; sq0++) {
    SQUARE_COLOURS.push(COLOURS.indexOf(ROWS[7 - (sq0 >> 3)].split(" ")[sq0 & 7]));
  }
  var RANGE = [7, 5, 3, 1];        // S1, DS1, TS1
  var MAX_PUSH = [0, 1, 2, 3];     // S7
  var RING_POINTS = [1, 2, 4, 8];  // a round won by a tower with 0..3 rings
  var TOWER_VALUE = [0, 1, 3, 7];
  var GOAL_RANK = [0, 7];          // Black goes to rank 1, Gold to rank 8
  var TARGETS = {single: 1, standard: 3, long: 7, marathon: 15};

  // RAYS[side][sq][direction]: the squares outwards, nearest first (Black mirrored)
  var STEPS = [[0, 1], [-1, 1], [1, 1], [0, -1]];
  var RAYS = [0, 1].map(function (side) {
    var sign = side === 1 ? 1 : -1, out = [];
    for (var sq = 0; sq < 64; sq++) {
      out.push(STEPS.map(function (st) {
        var df = st[0] * sign, dr = st[1] * sign, f = (sq & 7) + df, r = (sq >> 3) + dr, ray = [];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) { ray.push(r * 8 + f); f += df; r += dr; }
        return ray;
      }));
    }
    return out;
  });

  function squareName(sq) { return "abcdefgh"[sq & 7] + ((sq >> 3) + 1); }

  // A position: board[sq] = {side, colour, rings} or null; where[side][colour] = sq;
  // toMove; tower (the colour that must move, null for a free choice); lastMover; winner;
  // history (the moves played, for the deadlock's ring).
  function Position(board, where, toMove, tower, lastMover) {
    this.board = board; this.where = where; this.toMove = toMove; this.tower = tower;
    this.lastMover = lastMover; this.winner = findWinner(where); this.history = [];
  }

  function findWinner(where) {
    for (var c = 0; c < 8; c++) { if (where[0][c] >= 0 && where[0][c] < 8) { return 0; } }
    for (c = 0; c < 8; c++) { if (where[1][c] >= 56) { return 1; } }
    return null;
  }

  function initial() {
    var board = [], where = [[], []];
    for (var sq = 0; sq < 64; sq++) { board.push(null); }
    for (var f = 0; f < 8; f++) {
      var b = 56 + f, g = f;
      board[b] = {side: 0, colour: SQUARE_COLOURS[b], rings: 0}; where[0][SQUARE_COLOURS[b]] = b;
      board[g] = {side: 1, colour: SQUARE_COLOURS[g], rings: 0}; where[1][SQUARE_COLOURS[g]] = g;
    }
    return new Position(board, where, 0, null, 1);
  }

  function fromString(text) {
    var fields = text.trim().split(/\s+/), ranks = fields[0].split("/"), board = [], where = [[], []];
    for (var sq = 0; sq < 64; sq++) { board.push(null); }
    for (var i = 0; i < 8; i++) {
      var row = ranks[i], file = 0, j = 0;
      while (j < row.length) {
        var ch = row[j++];
        if (ch !== ".") {
          var rings = 0;
          while (row[j] === "+") { rings++; j++; }
          var side = ch === ch.toLowerCase() ? 0 : 1, colour = LETTERS.indexOf(ch.toUpperCase()), at = (7 - i) * 8 + file;
          board[at] = {side: side, colour: colour, rings: rings}; where[side][colour] = at;
        }
        file++;
      }
    }
    var toMove = fields[1] === "b" ? 0 : 1;
    var tower = fields[2] === "-" ? null : LETTERS.indexOf(fields[2]);
    var last = fields.length > 3 ? (fields[3] === "b" ? 0 : 1) : 1 - toMove;
    return new Position(board, where, toMove, tower, last);
  }

  function toString(p) {
    var ranks = [];
    for (var r = 7; r >= 0; r--) {
      var row = "";
      for (var f = 0; f < 8; f++) {
        var t = p.board[r * 8 + f];
        row += t ? (t.side === 0 ? LETTERS[t.colour].toLowerCase() : LETTERS[t.colour]) + "+++".slice(0, t.rings) : ".";
      }
      ranks.push(row);
    }
    var out = ranks.join("/") + " " + (p.toMove === 0 ? "b" : "g") + " " + (p.tower === null ? "-" : LETTERS[p.tower]);
    return p.lastMover === p.toMove ? out + " " + (p.lastMover === 0 ? "b" : "g") : out;
  }

  function copy(p) {
    var q = new Position(p.board.map(function (t) { return t ? {side: t.side, colour: t.colour, rings: t.rings} : null; }),
      [p.where[0].slice(), p.where[1].slice()], p.toMove, p.tower, p.lastMover);
    q.winner = p.winner; q.history = p.history.slice();
    return q;
  }

  // A move: {side, tower, origin, target, direction, distance, push: [squares]}
  function pushLine(p, side, origin, rings) {
    var line = [], ray = RAYS[side][origin][0];
    for (var k = 0; k < ray.length; k++) {
      var t = p.board[ray[k]];
      if (!t) { return line.length ? line : []; }
      if (t.side === side || t.rings >= rings) { return []; }  // S9, S8
      line.push(ray[k]);
      if (line.length > MAX_PUSH[rings]) { return []; }  // S7
    }
    return [];  // S5, S6
  }

  function towerMoves(p, side, colour) {
    var origin = p.where[side][colour], t = p.board[origin], moves = [];
    for (var d = 0; d < 3; d++) {
      var ray = RAYS[side][origin][d], reach = Math.min(ray.length, RANGE[t.rings]);
      for (var n = 0; n < reach && !p.board[ray[n]]; n++) {
        moves.push({side: side, tower: colour, origin: origin, target: ray[n], direction: d, distance: n + 1, push: []});
      }
    }
    if (t.rings) {
      var pushed = pushLine(p, side, origin, t.rings);
      if (pushed.length) {
        moves.push({side: side, tower: colour, origin: origin, target: pushed[0], direction: 0, distance: 1, push: pushed});
      }
    }
    return moves;
  }

  function legalMoves(p) {
    if (p.winner !== null) { return []; }
    var out = [];
    for (var c = 0; c < 8; c++) {
      if (p.tower === null || p.tower === c) { out = out.concat(towerMoves(p, p.toMove, c)); }
    }
    return out;
  }

  function canMove(p, side, colour) {
    var origin = p.where[side][colour], t = p.board[origin], rays = RAYS[side][origin];
    for (var d = 0; d < 3; d++) { if (rays[d].length && !p.board[rays[d][0]]) { return true; } }
    return t.rings > 0 && pushLine(p, side, origin, t.rings).length > 0;
  }

  function hasMoves(p) {
    if (p.winner !== null) { return false; }
    for (var c = 0; c < 8; c++) {
      if ((p.tower === null || p.tower === c) && canMove(p, p.toMove, c)) { return true; }
    }
    return false;
  }

  // M8: following the forced forfeits until a (side, tower) pair repeats
  function deadlock(p) {
    if (p.winner !== null) { return null; }
    var side = p.toMove, colour = p.tower, seen = {};
    for (;;) {
      var key = side + ":" + colour;
      if (seen[key]) { return p.lastMover; }
      seen[key] = true;
      if (colour === null) {
        for (var c = 0; c < 8; c++) { if (canMove(p, side, c)) { return null; } }
      } else {
        if (canMove(p, side, colour)) { return null; }
        colour = SQUARE_COLOURS[p.where[side][colour]];
      }
      side = 1 - side;
    }
  }

  function forfeitMove(p) {
    if (p.tower === null) { return {side: p.toMove, tower: null, origin: -1, target: -1, direction: null, distance: 0, push: []}; }
    var sq = p.where[p.toMove][p.tower];
    return {side: p.toMove, tower: p.tower, origin: sq, target: sq, direction: null, distance: 0, push: []};
  }

  function apply(p, m) {
    p.history.push(m);
    var side = m.side;
    if (m.distance === 0) {
      p.toMove = 1 - side;
      if (m.tower !== null) { p.tower = SQUARE_COLOURS[m.origin]; }
      return;
    }
    var board = p.board;
    if (m.push.length) {
      var step = side === 1 ? 8 : -8;
      for (var k = m.push.length - 1; k >= 0; k--) {
        var sq = m.push[k], t = board[sq];
        board[sq + step] = t; p.where[1 - side][t.colour] = sq + step; board[sq] = null;
      }
      p.tower = SQUARE_COLOURS[m.push[m.push.length - 1] + step];  // S3: the pusher again
    } else {
      p.toMove = 1 - side;
      p.tower = SQUARE_COLOURS[m.target];
      if ((m.target >> 3) === GOAL_RANK[side]) { p.winner = side; }  // M7
    }
    var mover = board[m.origin];
    board[m.origin] = null; board[m.target] = mover; p.where[side][m.tower] = m.target;
    p.lastMover = side;
  }

  function perft(p, depth) {
    if (depth <= 0) { return 1; }
    if (p.winner !== null) { return 0; }
    var moves = legalMoves(p);
    if (!moves.length) {
      if (deadlock(p) !== null) { return 0; }
      moves = [forfeitMove(p)];
    }
    if (depth === 1) { return moves.length; }
    var total = 0;
    for (var i = 0; i < moves.length; i++) {
      var q = copy(p);
      apply(q, moves[i]);
      total += perft(q, depth - 1);
    }
    return total;
  }

  // How a round ended: {winner, by, tower, points}, or null while it goes on
  function roundResult(p) {
    if (p.winner !== null) {
      var side = p.winner, goal = GOAL_RANK[side];
      for (var c = 0; c < 8; c++) {
        var sq = p.where[side][c];
        if ((sq >> 3) === goal) {
          return {winner: side, by: "home-row", tower: c, points: RING_POINTS[p.board[sq].rings]};
        }
      }
    }
    var loser = deadlock(p);
    if (loser === null) { return null; }
    var winner = 1 - loser, colour = null;
    for (var i = p.history.length - 1; i >= 0; i--) {
      if (p.history[i].distance !== 0) { colour = SQUARE_COLOURS[p.history[i].target]; break; }
    }
    if (colour === null) { colour = p.tower !== null ? p.tower : 0; }
    return {winner: winner, by: "deadlock", tower: colour, points: RING_POINTS[p.board[p.where[winner][colour]].rings]};
  }

  function placeRing(p, result) {
    var t = p.board[p.where[result.winner][result.tower]];
    if (t.rings < 3) { t.rings += 1; }
  }

  // F3/F4: each side takes his towers row by row from his home row, within a row from
  // his own left (fill left) or right, and places them from his own left or right
  function lineup(p, side, how) {
    var ranks = side === 1 ? [0, 1, 2, 3, 4, 5, 6, 7] : [7, 6, 5, 4, 3, 2, 1, 0];
    var files = side === 1 ? [0, 1, 2, 3, 4, 5, 6, 7] : [7, 6, 5, 4, 3, 2, 1, 0];
    if (how === "right") { files = files.slice().reverse(); }
    var order = [];
    ranks.forEach(function (r) {
      files.forEach(function (f) { var t = p.board[r * 8 + f]; if (t && t.side === side) { order.push(t); } });
    });
    return how === "left" ? order : order.reverse();  // from his own left
  }

  function fill(p, how, challenger) {
    var board = [], where = [[], []];
    for (var sq = 0; sq < 64; sq++) { board.push(null); }
    [0, 1].forEach(function (side) {
      lineup(p, side, how).forEach(function (t, i) {
        var at = side === 1 ? i : 63 - i;
        board[at] = {side: t.side, colour: t.colour, rings: t.rings}; where[side][t.colour] = at;
      });
    });
    return new Position(board, where, challenger, null, 1 - challenger);
  }

  // ------------------------------------------------------------- the record's words

  function entryText(m, back) {
    if (back) { return COLOURS[back.tower] + " Back 1 " + COLOURS[SQUARE_COLOURS[back.target]]; }
    if (m.distance === 0) {
      return m.tower === null ? "..." : COLOURS[m.tower] + " 0 " + COLOURS[SQUARE_COLOURS[m.origin]];
    }
    return COLOURS[m.tower] + " " + DIRECTIONS[m.direction] + " " + m.distance + " " + COLOURS[SQUARE_COLOURS[m.target]];
  }

  function sameMove(a, b) { return a.origin === b.origin && a.target === b.target && a.distance === b.distance; }

  // ------------------------------------------------------------- a match recorded

  // The recorder: the scorer's choices (moves and fills) replayed, so that undo is
  // replaying all but the last. Forced entries (forfeits, back-entries) are its own.
  function Recorder(headers, target) {
    this.headers = headers;  // [[name, value]] in order, Result left out
    this.target = target;
    this.choices = [];
    this.comments = {};  // "round:entry" -> [text]
    this.replay();
  }

  Recorder.prototype.replay = function () {
    this.position = initial();
    this.score = [0, 0];
    this.results = [];
    this.rounds = [{number: 1, fill: null, entries: []}];
    this.settle();
    var choices = this.choices;
    this.choices = [];
    for (var i = 0; i < choices.length; i++) { this.apply(choices[i]); }
    this.choices = choices;
  };

  Recorder.prototype.round = function () { return this.rounds[this.rounds.length - 1]; };
  Recorder.prototype.over = function () { return this.score[0] >= this.target || this.score[1] >= this.target; };
  Recorder.prototype.needsFill = function () { return this.results.length === this.rounds.length && !this.over(); };
  Recorder.prototype.legalMoves = function () {
    return this.over() || this.needsFill() ? [] : legalMoves(this.position);
  };

  Recorder.prototype.settle = function () {
    var p = this.position, entries = this.round().entries;
    while (p.winner === null && !hasMoves(p)) {
      if (deadlock(p) !== null) { break; }
      var f = forfeitMove(p);
      apply(p, f);
      entries.push({move: f, text: entryText(f), forced: "forfeit"});
    }
    var result = roundResult(p);
    if (result && this.results.length < this.rounds.length) {
      placeRing(p, result);
      this.score[result.winner] += result.points;
      this.results.push(result);
    }
  };

  Recorder.prototype.apply = function (choice) {
    if (choice.fill) {
      var last = this.results[this.results.length - 1], challenger = 1 - last.winner;
      this.position = fill(this.position, choice.fill, challenger);
      this.rounds.push({number: this.rounds.length + 1, fill: choice.fill, entries: []});
      if (challenger === 1) { this.round().entries.push({move: null, text: "...", forced: "placeholder"}); }
      this.settle();
    } else {
      var m = choice.move, entries = this.round().entries;
      apply(this.position, m);
      entries.push({move: m, text: entryText(m)});
      if (m.push.length) {
        var onto = m.push[m.push.length - 1] + (m.side === 1 ? 8 : -8), pushed = this.position.board[onto];
        var back = {side: 1 - m.side, tower: pushed.colour, origin: m.push[m.push.length - 1], target: onto, direction: 3, distance: 1, push: []};
        entries.push({move: back, text: entryText(m, back), forced: "back"});
      }
      this.settle();
    }
    this.choices.push(choice);
  };

  Recorder.prototype.play = function (move) {
    var legal = this.legalMoves().filter(function (m) { return sameMove(m, move); });
    if (legal.length !== 1) { throw new Error("not a legal move: " + entryText(move)); }
    this.apply({move: legal[0]});
  };

  Recorder.prototype.fill = function (how) {
    if (!this.needsFill()) { throw new Error("no fill is awaited"); }
    this.apply({fill: how});
  };

  // Take back the last choice (a move with what it forced, or a fill); the choice, or null
  Recorder.prototype.undo = function () {
    if (!this.choices.length) { return null; }
    var undone = this.choices.pop();
    this.replay();
    var rounds = this.rounds;
    Object.keys(this.comments).forEach(function (k) {  // the comments of entries now gone
      var at = k.split(":").map(Number);
      if (at[0] >= rounds.length || at[1] >= rounds[at[0]].entries.length) { delete this.comments[k]; }
    }, this);
    return undone;
  };

  Recorder.prototype.result = function () {
    return this.over() ? this.score[0] + "-" + this.score[1] : null;
  };

  // The record in the colour form, as the package's writer lays it out (rows aligned)
  Recorder.prototype.text = function () {
    var out = this.headers.map(function (h) { return "[" + h[0] + ' "' + h[1].replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"]'; });
    if (this.over()) { out.push('[Result "' + this.result() + '"]'); }
    var comments = this.comments;
    this.rounds.forEach(function (rnd, r) {
      out.push("");
      out.push("Round " + rnd.number + (rnd.fill ? " fill " + rnd.fill : ""));
      var cells = rnd.entries.map(function (e, k) {
        return e.text + (comments[r + ":" + k] || []).map(function (c) { return " {" + c + "}"; }).join("");
      });
      var width = 0;
      for (var k = 0; k < cells.length; k += 2) { width = Math.max(width, cells[k].length); }
      for (k = 0; k < cells.length; k += 2) {
        var head = (k / 2 + 1) + ". " + cells[k];
        out.push(k + 1 < cells.length ? head + " ".repeat(width - cells[k].length + 3) + cells[k + 1] : head);
      }
    });
    return out.join("\n") + "\n";
  };

  // A record in the colour form or in coordinates (the page's own, `kamisado record`'s)
  // read back: its headers, fills and the moves written, replayed. Throws an Error
  // naming the line of the first thing it cannot read or play.
  function readRecord(text) {
    var headers = [], target = 3, rounds = [], lines = text.replace(/\r\n?/g, "\n").split("\n");
    lines.forEach(function (line, i) {
      var plain = line.replace(/\{[^}]*\}/g, function (c) { return c.replace(/\s/g, "\u0000"); }).replace(/#.*$/, "").trim();
      var header = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(plain);
      if (header) {
        var value = header[2].replace(/\\(.)/g, "$1");
        if (header[1] === "Match" && TARGETS[value.toLowerCase()]) { target = TARGETS[value.toLowerCase()]; }
        if (header[1] === "Target" && +value > 0) { target = +value; }
        if (header[1] !== "Result") { headers.push([header[1], value]); }
        return;
      }
      var round = /^Round\s+(\d+)(?:\s+fill\s+(left|right))?$/i.exec(plain);
      if (round) { rounds.push({fill: round[2] ? round[2].toLowerCase() : null, entries: []}); return; }
      if (!plain || /^Lineup\b/i.test(plain)) { return; }
      if (!rounds.length) { rounds.push({fill: null, entries: []}); }
      var words = plain.split(/\s+/), entries = rounds[rounds.length - 1].entries;
      for (var k = 0; k < words.length;) {
        var w = words[k];
        if (/^\d+\.$/.test(w)) { k++; continue; }
        if (w.indexOf("{") === 0) {
          if (entries.length) { entries[entries.length - 1].comments.push(w.slice(1, -1).replace(/\u0000/g, " ")); }
          k++; continue;
        }
        if (w === "...") { entries.push({text: w, line: i + 1, comments: []}); k++; continue; }
        if (/^[a-h][1-8]-[a-h][1-8]\*?$/.test(w)) { entries.push({text: w, line: i + 1, comments: []}); k++; continue; }
        var n = words[k + 1] === "0" ? 3 : 4;
        entries.push({text: words.slice(k, k + n).join(" "), line: i + 1, comments: []});
        k += n;
      }
    });
    var rec = new Recorder(headers, target);
    rounds.forEach(function (rnd, r) {
      if (r > 0) {
        if (!rec.needsFill()) { throw new Error("round " + (r + 1) + " starts before round " + r + " has ended"); }
        rec.fill(rnd.fill || "left");
      }
      var at = 0;
      rnd.entries.forEach(function (e) {
        var written = rec.round().entries;
        if (at < written.length) {  // the recorder wrote it by itself
          if (written[at].text !== e.text && !(e.text.indexOf("-") > 0)) {
            throw new Error("line " + e.line + ": " + e.text + " where the rules write " + written[at].text);
          }
        } else {
          var found = rec.legalMoves().filter(function (m) {
            return entryText(m) === e.text || squareName(m.origin) + "-" + squareName(m.target) + (m.push.length ? "*" : "") === e.text;
          });
          if (found.length !== 1) { throw new Error("line " + e.line + ": " + e.text + " is no legal move here"); }
          rec.play(found[0]);
        }
        e.comments.forEach(function (c) {
          var key = (rec.rounds.length - 1) + ":" + at;
          (rec.comments[key] = rec.comments[key] || []).push(c);
        });
        at++;
      });
    });
    return rec;
  }

  var api = {
    COLOURS: COLOURS, LETTERS: LETTERS, SIDES: SIDES, DIRECTIONS: DIRECTIONS, SQUARE_COLOURS: SQUARE_COLOURS,
    TARGETS: TARGETS, squareName: squareName, initial: initial, fromString: fromString, toString: toString,
    copy: copy, legalMoves: legalMoves, hasMoves: hasMoves, deadlock: deadlock, forfeitMove: forfeitMove,
    apply: apply, perft: perft, roundResult: roundResult, placeRing: placeRing, lineup: lineup, fill: fill,
    entryText: entryText, Recorder: Recorder, readRecord: readRecord
  };
  if (typeof module !== "undefined" && module.exports) { module.exports = api; }
  return api;
})();
