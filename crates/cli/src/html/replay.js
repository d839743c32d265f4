// The replay page of `mancala replay --html` (spec/replay-page.md).
//
// The page holds its data as JSON in <script type="application/json"> elements: `page-data` (the
// file, the list of records, the rules they cite, the board geometry of `replay --svg`) and one
// `record-data-N` per record, parsed only when that record is shown, so that a page of many
// records opens as fast as a page of one. Each record's positions are the JSON lines of
// `mancala replay --format json`, with the board as numbers and the `explain` text of each ply.
//
// Every text that comes from a record (tags, comments, names, messages) is put on the page with
// textContent or as an SVG text node, never as markup: it cannot become an element or a script.
'use strict';

(function () {
  const page = JSON.parse(document.getElementById('page-data').textContent);
  const G = page.geometry;
  const SVG = 'http://www.w3.org/2000/svg';
  const $ = (id) => document.getElementById(id);
  // Dash patterns of the laps, with the seven lap colours of replay.css: 28 distinct laps.
  const DASHES = ['', '9 4', '2 4', '12 4 2 4'];
  const LAP_COLOURS = 7;

  // ---- Text from the record ----------------------------------------------------------------

  // Control characters (C0 but tab and line ends, DEL, C1) and bidirectional controls of a
  // record are shown as escapes, \u{1b}, as the text output shows them (README: text for people
  // never carries the input's control characters).
  const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  function shown(text) {
    return String(text).replace(CONTROLS, (c) => '\\u{' + c.codePointAt(0).toString(16) + '}');
  }

  // An element with a text child: the only way record text reaches the page.
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = shown(text);
    if (cls) e.className = cls;
    return e;
  }

  // Text with its rule IDs as links to the rule shown below (only IDs the page holds).
  const RULE_ID = /\b([BGRSU][0-9]{1,2}[a-z]?)\b/g;
  function withRules(text, cls) {
    const p = el('p', null, cls);
    const s = shown(text);
    let at = 0;
    for (const m of s.matchAll(RULE_ID)) {
      if (!page.rules[m[1]]) continue;
      p.append(document.createTextNode(s.slice(at, m.index)));
      const a = el('a', m[1], 'rule-ref');
      a.href = '#rule-' + m[1];
      a.addEventListener('click', (e) => { e.preventDefault(); openRule(m[1]); });
      p.append(a);
      at = m.index + m[0].length;
    }
    p.append(document.createTextNode(s.slice(at)));
    return p;
  }

  // ---- Records ------------------------------------------------------------------------------

  const cache = new Map();
  function record(n) {
    if (!cache.has(n)) {
      const node = document.getElementById('record-data-' + n);
      const r = JSON.parse(node.textContent);
      r.holeIndex = new Map((r.layout ? r.layout.names : []).map((name, i) => [name, i]));
      r.seqs = lines(r);
      cache.set(n, r);
    }
    return cache.get(n);
  }

  // The positions of each line, in order, by line (0: the record's own; a variation's id): a
  // variation's are its parent's up to the ply it replaces, then its own (spec/notation.md §6.4).
  function lines(r) {
    const seqs = new Map();
    seqs.set(0, []);
    r.steps.forEach((s, i) => {
      if (!s.line) seqs.get(0).push(i);
    });
    for (const v of r.variations || []) {
      const parent = seqs.get(v.parent) || [];
      const at = parent.indexOf(v.replaces);
      const own = [];
      r.steps.forEach((s, i) => { if (s.line === v.id) own.push(i); });
      seqs.set(v.id, (at >= 0 ? parent.slice(0, at) : []).concat(own));
    }
    return seqs;
  }

  let rec = null; // the record shown
  let cur = 0; // the index of the position shown in rec.steps
  let line = 0; // the line being followed: 0, the record's own, or a variation's id
  let timer = null; // the running animation

  // The fragment of a position: #record-2-ply-17, #record-1-ply-40-round-2 for a round's set-up.
  // A variation's position: #record-1-variation-2-ply-5.
  function fragment(r, i) {
    const s = r.steps[i];
    let f = 'record-' + r.index;
    if (s.line) f += '-variation-' + s.line;
    f += '-ply-' + plyOf(r, i);
    if (s.kind === 'round') f += '-round-' + s.data.round;
    return '#' + f;
  }
  // The number of the last ply up to position `i` in its line.
  function plyOf(r, i) {
    const seq = r.seqs.get(r.steps[i].line || 0) || [];
    for (let k = seq.indexOf(i); k >= 0; k--) {
      const s = r.steps[seq[k]];
      if (s.kind === 'ply') return s.data.ply;
    }
    return 0;
  }
  function parseFragment(hash) {
    const m = /^#record-([0-9]+)(?:-variation-([0-9]+))?(?:-ply-([0-9]+)(?:-round-([0-9]+))?)?$/.exec(hash);
    if (!m) return null;
    const n = Number(m[1]);
    if (!page.records.some((x) => x.index === n)) return null;
    const r = record(n);
    const want = m[2] === undefined ? 0 : Number(m[2]);
    const ply = m[3] === undefined ? 0 : Number(m[3]);
    const round = m[4] === undefined ? null : Number(m[4]);
    const seq = r.seqs.get(want);
    if (!seq) return null;
    let found = seq.length ? seq[0] : 0;
    seq.forEach((i) => {
      const s = r.steps[i];
      if (plyOf(r, i) !== ply || (want && (s.line || 0) !== want && ply > 0)) return;
      if (round === null ? s.kind !== 'round' : s.kind === 'round' && s.data.round === round) found = i;
    });
    return { n: n, step: found, line: want };
  }

  // ---- The board ---------------------------------------------------------------------------

  function svg(tag, attrs, parent, cls) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (cls) e.setAttribute('class', cls);
    if (parent) parent.append(e);
    return e;
  }
  function svgText(parent, x, y, text, cls, size) {
    const t = svg('text', { x: x.toFixed(1), y: y.toFixed(1) }, parent, cls);
    if (size) t.setAttribute('font-size', size);
    t.textContent = shown(text);
    return t;
  }
  function around(x, y, r, deg) {
    const t = deg * Math.PI / 180;
    return [x + r * Math.cos(t), y + r * Math.sin(t)];
  }
  function badge(parent, xy, r, fillCls, text, size) {
    svg('circle', { cx: xy[0].toFixed(1), cy: xy[1].toFixed(1), r: r }, parent, 'badge ' + fillCls);
    svgText(parent, xy[0], xy[1] + size * 0.36, text, 'badge-text', size);
  }
  const lower = (p) => p.toLowerCase();

  // The places of the holes, as svg.rs's layout(): centre by hole index.
  function layout(r, top) {
    const rows = r.layout.rows;
    const centre = [];
    rows.forEach((row, y) => row.forEach((i, x) => {
      centre[i] = [G.left + G.pitch_x * (x + 0.5), top + G.r + 26 + G.pitch_y * y];
    }));
    const width = Math.max(G.left + G.pitch_x * rows[0].length + 40, G.min_width);
    return { rows: rows, centre: centre, top: top, width: width };
  }

  // The laps of a ply from its events, as svg.rs's laps(): origin, gathered holes, drops.
  function laps(r, events) {
    const out = [];
    for (const e of events) {
      const idx = (h) => r.holeIndex.get(h);
      if (e.event === 'lift' && idx(e.hole) !== undefined) {
        out.push({ origin: idx(e.hole), gathered: [], seeds: e.seeds, relay: e.relay, drops: [] });
      } else if (e.event === 'gather') {
        const g = e.holes.map(idx).filter((i) => i !== undefined);
        if (g.length) out.push({ origin: g[g.length - 1], gathered: g, seeds: e.seeds, relay: false, drops: [] });
      } else if (e.event === 'sow' && out.length && idx(e.hole) !== undefined) {
        out[out.length - 1].drops.push(idx(e.hole));
      }
    }
    return out;
  }

  // Draws board `b` (seeds, owners, marks, right, stores), and the path of `ply` (its events)
  // up to `upTo` seeds sown (all when undefined).
  function draw(r, b, ply, upTo) {
    const box = $('board');
    const title = $('board-label');
    while (box.lastChild !== title) box.lastChild.remove();
    const lay = layout(r, 58);
    const rows = lay.rows.length;
    const bottom = lay.top + G.pitch_y * rows + 20;
    const w = lay.width;
    const h = bottom + 40;
    box.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    const defs = svg('defs', {}, box);
    const owner = (i) => (b.owners ? b.owners[i] : (r.layout.rows[0].includes(i) ? 'A' : 'B'));
    const marks = new Map((b.marks || []).map((m) => [m[0], m]));
    // Stores, the side to move, the seeds captured in this ply.
    const captured = ply ? ply.data.captured : [0, 0];
    const storeLine = (p, y) => {
      const k = p === 'A' ? 0 : 1;
      svgText(box, 16, y, p, 'label ink-' + lower(p), 15);
      let t = 'store ' + b.stores[k];
      if (b.reserves[k] > 0) t += ', reserve ' + b.reserves[k];
      svgText(box, 36, y, t, 'store');
      if (captured[k] > 0 && upTo === undefined) {
        svgText(box, 36 + 7.6 * t.length + 8, y, '+' + captured[k] + ' captured in this ply', 'gain');
      }
      if (!b.over && b.to_move === p) {
        svg('path', { d: 'M ' + (w - 120) + ' ' + (y - 4.5) + ' l 10 -6 l 0 12 z' }, box, 'ink-' + lower(p));
        svgText(box, w - 104, y, p + ' to move', 'store ink-' + lower(p));
      }
    };
    storeLine('A', 24);
    if (b.over) svgText(box, w - 120, 24, 'round over', 'store');
    svg('rect', {
      x: G.left - 10, y: lay.top - 4, width: G.pitch_x * lay.rows[0].length + 20,
      height: bottom - lay.top, rx: 18,
    }, box, 'frame');
    [[0, 'A'], [rows - 1, 'B']].forEach(([row, p]) => {
      const cy = lay.centre[lay.rows[row][0]][1];
      svgText(box, 20, cy + 6, p, 'label ink-' + lower(p));
    });
    // Seeds shown: the board's, or the counts part way through the ply.
    const seeds = b.shown || b.seeds;
    r.layout.names.forEach((name, i) => {
      const [cx, cy] = lay.centre[i];
      const m = marks.get(i);
      const blocked = m && m[1] === 'blocked';
      svg('circle', { cx: cx.toFixed(1), cy: cy.toFixed(1), r: G.r }, box,
        'hole ' + (blocked ? 'blocked' : 'own-' + lower(owner(i))));
      if (blocked) {
        const k = G.r * 0.62;
        svg('path', { d: 'M ' + (cx - k) + ' ' + (cy - k) + ' L ' + (cx + k) + ' ' + (cy + k) +
          ' M ' + (cx - k) + ' ' + (cy + k) + ' L ' + (cx + k) + ' ' + (cy - k) }, box, 'cross');
      }
      const count = svgText(box, cx, cy + 6.5, String(seeds[i]), 'count');
      count.setAttribute('data-hole', name);
      const nameY = lay.rows[0].includes(i) ? cy - G.r - 13 : cy + G.r + 21;
      svgText(box, cx, nameY, name, 'name');
      if (m && !blocked) drawMark(box, m, cx, cy);
    });
    // A bar between neighbours of a row owned by different players (territories, S18, U21).
    lay.rows.forEach((row) => {
      for (let k = 0; k + 1 < row.length; k++) {
        if (owner(row[k]) === owner(row[k + 1])) continue;
        const [x0, y0] = lay.centre[row[k]];
        const x = (x0 + lay.centre[row[k + 1]][0]) / 2;
        svg('line', { x1: x, y1: y0 - G.r - 8, x2: x, y2: y0 + G.r + 8 }, box, 'bar');
      }
    });
    if (b.right) {
      const [cx, cy] = lay.centre[b.right.hole];
      badge(box, around(cx, cy, G.r + 2, -135), 10, 'ink-' + lower(b.to_move), b.right.kind, 10);
    }
    if (ply) drawPath(r, box, defs, lay, ply, upTo);
    if (ply && ply.best_arrow && upTo === undefined) drawBest(box, defs, lay, ply.best_arrow);
    storeLine('B', bottom + 26);
    box.setAttribute('data-step', String(cur));
  }

  // The better move of an assessed ply (`best`): a dashed arrow from the hole it lifts to the
  // hole its last seed falls in, on the position the ply left.
  function drawBest(box, defs, lay, best) {
    const marker = svg('marker', { id: 'arrow-best', viewBox: '0 0 10 10', refX: 9, refY: 5,
      markerWidth: 6, markerHeight: 6, orient: 'auto' }, defs);
    svg('path', { d: 'M 0 0 L 10 5 L 0 10 z' }, marker, 'best-fill');
    const [x0, y0] = lay.centre[best.from];
    const [x1, y1] = lay.centre[best.to];
    const len = Math.hypot(x1 - x0, y1 - y0);
    let d;
    if (len < 1) {
      d = 'M ' + (x0 - G.r) + ' ' + (y0 - G.r) + ' a ' + G.r + ' ' + G.r + ' 0 1 1 ' + (2 * G.r) + ' 0';
    } else {
      const ux = (x1 - x0) / len;
      const uy = (y1 - y0) / len;
      const cut = Math.min(G.r, len / 2 - 2);
      // Bowed to one side, so it stands apart from the ply's own arrows.
      const mx = (x0 + x1) / 2 - uy * 30;
      const my = (y0 + y1) / 2 + ux * 30;
      d = 'M ' + (x0 + ux * cut).toFixed(1) + ' ' + (y0 + uy * cut).toFixed(1) + ' Q ' + mx.toFixed(1) + ' ' +
        my.toFixed(1) + ' ' + (x1 - ux * cut).toFixed(1) + ' ' + (y1 - uy * cut).toFixed(1);
    }
    const path = svg('path', { d: d, 'marker-end': 'url(#arrow-best)', 'stroke-dasharray': '7 5' }, box, 'best-arrow');
    path.setAttribute('data-best', best.move);
  }

  function drawMark(box, m, cx, cy) {
    const [, kind, who] = m;
    const ring = 'ring-' + lower(who);
    const fill = 'ink-' + lower(who);
    if (kind === 'chosen') {
      svg('circle', { cx: cx, cy: cy, r: G.r + 4, 'stroke-width': 3 }, box, ring);
      badge(box, around(cx, cy, G.r, -45), 8, fill, '*', 12);
    } else if (kind === 'claim') {
      svg('circle', { cx: cx, cy: cy, r: G.r + 4, 'stroke-width': 3, 'stroke-dasharray': '6 3' }, box, ring);
      badge(box, around(cx, cy, G.r, -45), 8, fill, lower(who), 11);
    } else if (kind === 'uugg') {
      svg('circle', { cx: cx, cy: cy, r: G.r + 3, 'stroke-width': 2 }, box, ring);
      svg('circle', { cx: cx, cy: cy, r: G.r + 7, 'stroke-width': 2 }, box, ring);
      badge(box, around(cx, cy, G.r, -45), 8, fill, lower(who), 11);
    }
  }

  // The path of a ply as svg.rs draws it: the hole lifted (dashed ring), one arrow per step of
  // each lap, the seeds numbered in the order they fall, the captures ringed with the seeds
  // taken. `upTo` seeds only, while the ply is played seed by seed.
  function drawPath(r, box, defs, lay, ply, upTo) {
    const all = laps(r, ply.data.events);
    const total = all.reduce((n, l) => n + l.drops.length, 0);
    const numbered = total <= G.numbered_drops;
    const limit = upTo === undefined ? total : upTo;
    const received = new Map();
    let sown = 0;
    let lastHole = null;
    all.forEach((lap, k) => {
      if (sown >= limit && k > 0) return;
      const lc = 'lap' + (k % LAP_COLOURS);
      const dash = DASHES[Math.floor(k / LAP_COLOURS) % DASHES.length];
      const marker = svg('marker', { id: 'arrow' + k, viewBox: '0 0 10 10', refX: 9, refY: 5,
        markerWidth: 5, markerHeight: 5, orient: 'auto' }, defs);
      svg('path', { d: 'M 0 0 L 10 5 L 0 10 z' }, marker, 'lap-fill' + (k % LAP_COLOURS));
      const [ox, oy] = lay.centre[lap.origin];
      svg('circle', { cx: ox, cy: oy, r: G.r - 4 }, box, 'lifted ' + lc);
      lap.gathered.forEach((gi) => {
        const c = lay.centre[gi];
        badge(box, around(c[0], c[1], G.r, -135), 8, 'lap-fill' + (k % LAP_COLOURS), '-1', 9);
      });
      const shift = (k % 3) * 5 - 5;
      let prev = lap.origin;
      for (const next of lap.drops) {
        if (sown >= limit) break;
        sown += 1;
        if (k < G.drawn_laps && next !== prev) arrow(box, lay, prev, next, k, lc, dash, shift, r);
        const j = received.get(next) || 0;
        if (numbered && j < G.drop_angles.length) {
          const c = lay.centre[next];
          badge(box, around(c[0], c[1], G.r + 2, G.drop_angles[j]), 8.5, 'lap-fill' + (k % LAP_COLOURS), String(sown), 9);
        }
        received.set(next, j + 1);
        prev = next;
        lastHole = next;
      }
    });
    if (!numbered) {
      received.forEach((n, i) => {
        const c = lay.centre[i];
        badge(box, around(c[0], c[1], G.r + 2, 135), 10, 'ink-b', '+' + n, 9);
      });
    }
    if (upTo !== undefined && lastHole !== null) {
      const c = lay.centre[lastHole];
      svg('circle', { cx: c[0], cy: c[1], r: G.r + 1 }, box, 'just-sown');
    }
    if (upTo !== undefined && upTo < total) return;
    // Captures, one ring per hole and player, in the order taken.
    const taken = [];
    for (const e of ply.data.events) {
      if (e.event !== 'capture' || !r.holeIndex.has(e.hole)) continue;
      const i = r.holeIndex.get(e.hole);
      const t = taken.find((x) => x.i === i && x.p === e.player);
      if (t) t.n += e.seeds; else taken.push({ i: i, n: e.seeds, p: e.player });
    }
    for (const t of taken) {
      const [cx, cy] = lay.centre[t.i];
      svg('circle', { cx: cx, cy: cy, r: G.r + 7 }, box, 'capture-ring');
      badge(box, around(cx, cy, G.r + 4, -135), 11, 'capture-fill', '-' + t.n, 10);
    }
  }

  // One step of a lap, as svg.rs draws it: a straight arrow between holes, shifted by lap; an
  // arc outside the board over the holes of a row it passes (a wrap, Redu's skipped column).
  function arrow(box, lay, prev, next, k, lc, dash, shift, r) {
    const [x0, y0] = lay.centre[prev];
    const [x1, y1] = lay.centre[next];
    const dx = x1 - x0;
    const dy = y1 - y0;
    const attrs = { 'marker-end': 'url(#arrow' + k + ')' };
    if (dash) attrs['stroke-dasharray'] = dash;
    if (Math.abs(dy) < 1 && Math.abs(dx) > G.pitch_x * 1.5) {
      const up = lay.rows[0].includes(prev) ? -1 : 1;
      const lift = up * (G.r + 58 + (k % 3) * 6);
      attrs.d = 'M ' + (x0 + Math.sign(dx) * 8) + ' ' + (y0 + up * (G.r + 1)) + ' Q ' + ((x0 + x1) / 2) +
        ' ' + (y0 + lift) + ' ' + (x1 - Math.sign(dx) * 8) + ' ' + (y1 + up * (G.r + 3));
      svg('path', attrs, box, 'path ' + lc);
      return;
    }
    const len = Math.hypot(dx, dy);
    const ux = dx / len;
    const uy = dy / len;
    const side = r.layout.rows.length === 3 && Math.abs(dx) < 1 ? 16 : 0;
    const nx = -uy * shift + side;
    const ny = ux * shift;
    const cut = Math.min(G.r + 3, len / 2 - 2);
    attrs.d = 'M ' + (x0 + ux * cut + nx).toFixed(1) + ' ' + (y0 + uy * cut + ny).toFixed(1) +
      ' L ' + (x1 - ux * cut + nx).toFixed(1) + ' ' + (y1 - uy * cut + ny).toFixed(1);
    svg('path', attrs, box, 'path ' + lc);
  }

  // What the board says to a screen reader: every hole's count, the stores, who moves.
  function boardLabel(r, b) {
    const rows = r.layout.rows.map((row) => row.map((i) => r.layout.names[i] + ' ' + b.seeds[i]).join(', '));
    let t = 'Board: ' + rows.join('; ') + '. Stores: A ' + b.stores[0] + ', B ' + b.stores[1] + '.';
    if (!b.over) t += ' ' + b.to_move + ' to move.'; else t += ' The round is over.';
    return t;
  }

  // ---- Seed by seed ------------------------------------------------------------------------

  // The counts on the board after each seed of a ply, from the board before it: a lift or a
  // capture empties its seeds from a hole, a gather takes one from each hole, a sow adds one (as
  // explain.rs follows them). null when the events do not add up to the board after the ply (a
  // Redu penalty claim, which replays another ply): then there is nothing to play.
  function frames(r, before, after, events) {
    const seeds = before.seeds.slice();
    const out = [];
    for (const e of events) {
      const i = r.holeIndex.get(e.hole);
      if (e.event === 'lift' || e.event === 'capture') {
        if (i === undefined || seeds[i] < e.seeds) return null;
        seeds[i] -= e.seeds;
      } else if (e.event === 'gather') {
        for (const h of e.holes) {
          const j = r.holeIndex.get(h);
          if (j === undefined || seeds[j] < 1) return null;
          seeds[j] -= 1;
        }
      } else if (e.event === 'sow') {
        if (i === undefined) return null;
        seeds[i] += 1;
        out.push(seeds.slice());
      }
    }
    return seeds.every((n, k) => n === after.seeds[k]) ? out : null;
  }

  function stopAnimation() {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
      $('board').removeAttribute('data-animating');
      $('play').textContent = 'Seed by seed';
    }
  }

  // Plays the ply of the current position seed by seed, then shows the position after it.
  function animate() {
    stopAnimation();
    const s = rec.steps[cur];
    // The position before the ply: the one before it in its own line.
    const own = rec.seqs.get(s.line || 0) || [];
    const at = own.indexOf(cur);
    if (s.kind !== 'ply' || at <= 0) return;
    const before = rec.steps[own[at - 1]];
    const list = frames(rec, before.board, s.board, s.data.events);
    if (!list || list.length === 0) return;
    const delay = Math.max(40, Math.min(260, 3000 / list.length));
    let k = 0;
    $('board').setAttribute('data-animating', 'true');
    $('play').textContent = 'Stop';
    const tick = () => {
      if (k >= list.length) {
        stopAnimation();
        draw(rec, s.board, s);
        return;
      }
      const shownBoard = Object.assign({}, before.board, { shown: list[k], over: false });
      draw(rec, shownBoard, s, k + 1);
      k += 1;
      timer = setTimeout(tick, delay);
    };
    tick();
  }

  // ---- Showing a position ------------------------------------------------------------------

  function stepTitle(r, i) {
    const s = r.steps[i];
    const d = s.data;
    if (s.kind === 'start') return 'The start: round ' + s.board.round + ', ' + s.board.to_move + ' to move';
    if (s.kind === 'round') return 'Round ' + d.round + ' set up, ' + s.board.to_move + ' to move';
    let t = (s.line ? 'Variation ' + s.line + ', ply ' : 'Ply ') + d.ply + ': ' + d.player + ' plays ' + d.move;
    if (d.written !== d.move) t += ' (written ' + d.written + ', the same outcome)';
    return t;
  }

  function showExplain(s) {
    const box = $('explain');
    box.replaceChildren();
    const d = s.data;
    if (s.kind === 'ply') {
      for (const line of s.explain) {
        box.append(withRules(line.trim(), /^\s/.test(line) ? 'seed' : ''));
      }
    } else if (s.kind === 'round') {
      box.append(el('p', 'Round ' + d.round + ' set up: ' + decisionText(d.decision) + '.'));
      for (const n of d.notes || []) box.append(withRules(n.text + ' (' + n.rule + ')', 'round-note'));
    } else {
      box.append(el('p', 'The start of the record. Step forward to see the first ply.'));
    }
    if (s.round_over) {
      const o = s.round_over;
      box.append(withRules('Round ' + o.round + ' is over (' + o.rule + '): round totals A ' + o.totals[0] +
        ', B ' + o.totals[1] + '; holdings A ' + o.holdings[0] + ', B ' + o.holdings[1] + '; ' +
        (o.winner ? o.winner + ' holds more' : 'equal holdings') + '.', 'round-note'));
    }
    if (s.match_over) {
      const o = s.match_over;
      box.append(withRules('Match over: ' + (o.winner ? o.winner + ' wins' : 'drawn') + ' (' + o.rule + ': ' + o.reason + ').', 'round-note'));
    }
    if (s.kind === 'ply' && d.assessment) {
      box.append(el('p', 'Assessment' + assessmentWords(s).replace(/^;/, ':') + '.', 'assessment'));
    }
    $('explain-title').textContent = s.kind === 'ply' ? 'What ply ' + d.ply + ' did' : 'This position';
    const comments = $('comments');
    comments.replaceChildren(...(s.comments || []).map((c) => el('p', c, 't')));
    showCited(s);
  }

  function decisionText(d) {
    if (!d || d.kind === 'none') return 'no set-up decision';
    return d.kind + ' ' + (d.value || []).join(',');
  }

  // The rules a position cites, each readable on the page: its ID, title, text and sources.
  function showCited(s) {
    const ids = (s.cites || []).slice();
    for (const o of [s.round_over, s.match_over]) if (o && o.rule && !ids.includes(o.rule)) ids.push(o.rule);
    const box = $('cited');
    box.replaceChildren();
    const known = ids.filter((id) => page.rules[id]);
    if (known.length === 0) return;
    box.append(el('h3', 'Rules cited'));
    for (const id of known) box.append(ruleBox(page.rules[id]));
  }

  function ruleBox(rule) {
    const d = document.createElement('details');
    d.className = 'rule';
    d.id = 'rule-' + rule.id;
    d.append(el('summary', rule.id + ' · ' + rule.title + ' (' + rule.game + ', ' + rule.kind + ')'));
    d.append(el('p', rule.section, 'round-note'));
    d.append(el('div', rule.text, 'rule-text'));
    for (const src of rule.sources || []) {
      const q = el('blockquote', '«' + src.catalan + '»', 't');
      q.lang = 'ca';
      d.append(q);
      d.append(el('p', src.gloss));
    }
    return d;
  }

  function openRule(id) {
    const d = document.getElementById('rule-' + id);
    if (!d) return;
    d.open = true;
    d.querySelector('summary').focus();
  }

  function showFindings(r) {
    const box = $('findings');
    box.replaceChildren();
    for (const f of r.findings) {
      let where = 'line ' + f.line + ', column ' + f.column;
      if (f.ply) where += ', ply ' + f.ply;
      const p = withRules(f.message + ' (' + where + ')', 'problem t');
      p.setAttribute('role', 'alert');
      box.append(p);
    }
  }

  // Scrolls the move list (not the page: on a phone the list is below the board, which must stay
  // in view) so that the current ply shows.
  function keepInView(link) {
    const box = $('moves');
    if (box.scrollHeight <= box.clientHeight) return;
    const top = link.offsetTop; // #moves is positioned: the offset is within it
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + link.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top + link.offsetHeight - box.clientHeight;
    }
  }

  // Shows position `i` of the record shown; `how` says how we got there ('step' animates a ply
  // stepped into, when animation is on).
  function show(i, how, asked) {
    stopAnimation();
    cur = Math.max(0, Math.min(i, rec.steps.length - 1));
    const s = rec.steps[cur];
    // The line followed: the one asked for, else the one followed if it holds this position,
    // else the position's own.
    if (asked !== undefined && rec.seqs.has(asked)) line = asked;
    else if (!(rec.seqs.get(line) || []).includes(cur)) line = s.line || 0;
    const title = stepTitle(rec, cur);
    const seq = rec.seqs.get(line) || [];
    // The place in the line followed: the record's, or a variation's.
    $('status').textContent = shown(title) + ' (' + (seq.indexOf(cur) + 1) + ' of ' + seq.length + ')';
    $('board-label').textContent = boardLabel(rec, s.board);
    $('position').textContent = shown(s.data.position || '');
    showExplain(s);
    document.querySelectorAll('#moves a[aria-current]').forEach((a) => a.removeAttribute('aria-current'));
    const link = document.getElementById('move-' + cur);
    if (link) {
      link.setAttribute('aria-current', 'step');
      keepInView(link);
    }
    $('first').disabled = $('prev').disabled = seq.indexOf(cur) <= 0;
    $('last').disabled = $('next').disabled = seq.indexOf(cur) === seq.length - 1;
    showValue(s);
    $('play').disabled = s.kind !== 'ply';
    const want = fragment(rec, cur);
    if (location.hash !== want) history.replaceState(null, '', want);
    if (how === 'step' && s.kind === 'ply' && $('animate').checked) animate();
    else draw(rec, s.board, s.kind === 'ply' ? s : null);
  }

  // Shows record `n`: its header, its move list by round, then position `step`.
  function choose(n, step, want) {
    rec = record(n);
    line = 0;
    $('chooser').value = String(n);
    const h = rec.header;
    const sum = rec.summary || {};
    $('record-title').textContent = h
      ? 'Record ' + rec.index + ': ' + h.game + (h.options.length ? ' (' + h.options.map((o) => shown(o.join('='))).join(', ') + ')' : '')
      : 'Record ' + rec.index + ': unreadable';
    const tags = $('tags');
    tags.replaceChildren();
    const add = (k, v) => { tags.append(el('dt', k)); tags.append(el('dd', v, 't')); };
    add('File', (sum.file || page.file) + ', line ' + (sum.line || '?'));
    if (h) {
      add('Opener of round 1', h.opener);
      for (const [name, value] of h.tags.slice(2)) {
        if (name !== 'Options' && name !== 'Opener' && name !== 'Position') add(name, value);
      }
    }
    for (const p of ['A', 'B']) {
      if (rec.summary_of_assessments) add('Assessments of ' + p, rec.summary_of_assessments[p]);
    }
    add('Result', (sum.result || '?') + (sum.valid ? ' (valid, ' + sum.plies + (sum.plies === 1 ? ' ply)' : ' plies)')
      : ' (invalid: ' + sum.problems + (sum.problems === 1 ? ' problem)' : ' problems)')));
    showFindings(rec);
    buildMoves(rec);
    if (rec.steps.length === 0) {
      $('status').textContent = 'This record could not be read: nothing to show.';
      $('board').replaceChildren($('board-label'));
      return;
    }
    show(step, 'jump', want);
  }

  // The glyph of a judgement (spec/notation.md §6.3), and its words.
  const JUDGEMENTS = { '!!': 'brilliant', '!': 'good', '!?': 'interesting', '?!': 'dubious', '?': 'a mistake', '??': 'a blunder' };
  function glyph(a) {
    if (!a || !a.judgement) return '';
    const g = a.judgement.split(' ').find((w) => JUDGEMENTS[w.replace('~', '')]);
    return g || '';
  }

  // The move list: one list per round, each ply a link to its position; a variation is a
  // nested list after the ply it replaces, its plies links too. A link's accessible name begins
  // with its visible text (WCAG 2.5.3, label in name).
  function buildMoves(r) {
    const box = $('moves');
    box.replaceChildren();
    const parentOf = new Map((r.variations || []).map((v) => [v.id, v.parent]));
    let stack = []; // the lists open: {line, list}
    const listFor = (L) => {
      while (stack.length > 1 && stack[stack.length - 1].line !== L) {
        if (parentOf.get(L) === stack[stack.length - 1].line) break;
        stack.pop();
      }
      const top = stack[stack.length - 1];
      if (top.line === L) return top.list;
      const v = r.variations.find((x) => x.id === L);
      const li = el('li', null, 'variation');
      li.append(el('span', 'variation ' + L + ' (instead of ' + v.ply + '. ' + v.token + ')', 'variation-head'));
      const ol = document.createElement('ol');
      li.append(ol);
      top.list.append(li);
      stack.push({ line: L, list: ol });
      return ol;
    };
    const item = (i, parts, L) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.id = 'move-' + i;
      a.href = fragment(r, i);
      for (const [text, cls] of parts) a.append(el('span', text, cls));
      const visible = parts.map((p) => p[0]).join('');
      a.setAttribute('aria-label', visible.trim() + ': ' + stepTitle(r, i) + assessmentWords(r.steps[i]));
      // Shown at once; the address gets the fragment as a new history entry (Back returns).
      a.addEventListener('click', (e) => {
        e.preventDefault();
        history.pushState(null, '', a.getAttribute('href'));
        show(i, 'jump', L);
      });
      li.append(a);
      listFor(L).append(li);
    };
    r.steps.forEach((s, i) => {
      const L = s.line || 0;
      if (L === 0 && (s.kind === 'start' || s.kind === 'round')) {
        const round = s.kind === 'start' ? s.board.round : s.data.round;
        box.append(el('h3', 'Round ' + round));
        const list = document.createElement('ol');
        box.append(list);
        stack = [{ line: 0, list: list }];
        item(i, [[s.kind === 'start' ? 'start' : 'set-up', '']], L);
      } else if (s.kind === 'round') {
        item(i, [['set-up round ' + s.data.round, '']], L);
      } else {
        const d = s.data;
        const parts = [[d.ply + '.', ''], [' ' + d.player, 'who-' + lower(d.player)], [' ' + d.move, '']];
        const a = d.assessment;
        const g = glyph(a);
        if (g) parts.push([g, 'judgement ' + (g.startsWith('?') ? 'bad' : 'good')]);
        if (a && a.value) parts.push([' ' + a.value, 'value']);
        item(i, parts, L);
      }
    });
  }

  // The assessments of a ply in words, for its link's name and the explanation.
  function assessmentWords(s) {
    const a = s.data && s.data.assessment;
    if (!a) return '';
    let t = '';
    if (a.value) t += '; value ' + a.value + ' for ' + s.data.player;
    if (a.best) t += '; better: ' + a.best.move + ' (' + a.best.value + ')';
    if (a.lost) t += ', ' + a.lost + (a.lost === 1 ? ' seed' : ' seeds') + ' lost';
    const g = glyph(a);
    if (g) t += '; ' + g + ' ' + JUDGEMENTS[g];
    if (a.judgement && a.judgement.includes('missed-win')) t += ', a won round let go';
    return t;
  }

  // The value of the ply shown, as a number and a bar (for its mover: right of the middle is
  // good for him), or nothing when it has none.
  function showValue(s) {
    const box = $('value');
    box.replaceChildren();
    const a = s.kind === 'ply' && s.data.assessment;
    box.hidden = !(a && a.value);
    if (box.hidden) return;
    const m = /^~?([+-]?)([0-9]+|endless)$/.exec(a.value);
    let x = 0;
    if (m) x = m[2] === 'endless' ? (m[1] === '-' ? -1 : 1) : Math.max(-1, Math.min(1, Number(m[1] + m[2]) / 24));
    box.append(el('span', 'Value of ply ' + s.data.ply + ' for ' + s.data.player + ': ' + a.value + (glyph(a) ? ' ' + glyph(a) : '')));
    const bar = el('span', null, 'value-bar');
    bar.setAttribute('aria-hidden', 'true');
    const fill = el('span', null, 'value-fill ' + (x < 0 ? 'neg' : 'pos'));
    fill.style.left = (50 + Math.min(0, x) * 50) + '%';
    fill.style.width = (Math.abs(x) * 50) + '%';
    bar.append(fill);
    box.append(bar);
    if (a.best) box.append(el('span', 'Better: ' + a.best.move + ' (' + a.best.value + '), the dashed arrow', 'best'));
  }

  // ---- Controls ----------------------------------------------------------------------------

  // One position forward or back in the line followed.
  function step(delta) {
    if (!rec || rec.steps.length === 0) return;
    const seq = rec.seqs.get(line) || [];
    const k = seq.indexOf(cur) + delta;
    if (k < 0 || k >= seq.length) return;
    show(seq[k], delta === 1 ? 'step' : 'jump');
  }
  // The first or last position of the line followed.
  function end(last) {
    if (!rec || rec.steps.length === 0) return;
    const seq = rec.seqs.get(line) || [0];
    show(last ? seq[seq.length - 1] : seq[0], 'jump');
  }

  function fromHash() {
    const f = parseFragment(location.hash);
    if (f) {
      if (!rec || rec.index !== f.n) choose(f.n, f.step, f.line); else show(f.step, 'jump', f.line);
      return true;
    }
    return false;
  }

  function init() {
    $('file').textContent = shown(page.file);
    document.title = 'mancala replay: ' + shown(page.file);
    const chooser = $('chooser');
    for (const r of page.records) {
      const o = document.createElement('option');
      o.value = String(r.index);
      o.textContent = shown(r.title);
      chooser.append(o);
    }
    $('chooser-box').hidden = page.records.length < 2;
    chooser.addEventListener('change', () => choose(Number(chooser.value), 0));
    $('first').addEventListener('click', () => end(false));
    $('prev').addEventListener('click', () => step(-1));
    $('next').addEventListener('click', () => step(1));
    $('last').addEventListener('click', () => end(true));
    $('play').addEventListener('click', () => (timer !== null ? stopAnimation() : animate()));
    // Animation: on unless the reader asked for reduced motion; the choice is remembered.
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let saved = null;
    try { saved = localStorage.getItem('mancala-replay-animate'); } catch (e) { saved = null; }
    $('animate').checked = saved === null ? !reduced : saved === 'on';
    $('animate').addEventListener('change', () => {
      try { localStorage.setItem('mancala-replay-animate', $('animate').checked ? 'on' : 'off'); } catch (e) { /* a file page may have no storage */ }
      if (!$('animate').checked) show(cur, 'jump');
    });
    document.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const t = e.target;
      if (t && (t.tagName === 'SELECT' || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
      const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1),
        Home: () => end(false), End: () => end(true),
        s: () => animate(), S: () => animate() };
      if (keys[e.key] && rec) { e.preventDefault(); keys[e.key](); }
    });
    window.addEventListener('hashchange', fromHash);
    window.addEventListener('popstate', fromHash);
    if (page.records.length === 0) {
      $('status').textContent = 'The input holds no record.';
      return;
    }
    if (!fromHash()) choose(page.records[0].index, 0);
    // When the first position was shown, for measurements (performance.getEntriesByName).
    performance.mark('mancala-replay-shown');
  }

  init();
})();
