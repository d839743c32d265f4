// The board drawn in a browser, one drawing for two pages: the replay page of `mancala replay
// --html` and the board of `mancala serve` (crates/diagram/src/web.rs embeds it in both).
//
// It draws with the geometry of `replay --svg` (crates/diagram): the holes with their counts,
// owners and marks, the stores, a ply's path with every seed numbered in the order it falls, its
// captures, and arrows for better moves. Positions come as numbers by hole index (`web.rs`:
// board, layout); a ply as the JSON of its trace (`events`).
//
// Every text that comes from a record (tags, comments, names, messages) is put on the page with
// textContent or as an SVG text node, never as markup: it cannot become an element or a script.
'use strict';

window.MancalaBoard = (function () {
  const SVG = 'http://www.w3.org/2000/svg';
  // Dash patterns of the laps, with the seven lap colours of the style: 28 distinct laps.
  const DASHES = ['', '9 4', '2 4', '12 4 2 4'];
  const LAP_COLOURS = 7;

  // ---- Text ------------------------------------------------------------------------------------

  // Control characters (C0 but tab and line ends, DEL, C1) and bidirectional controls are shown
  // as escapes, \u{1b}, as the text output shows them (docs/guide/exit-status.md: text for people never carries the
  // input's control characters).
  const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  function shown(text) {
    return String(text).replace(CONTROLS, (c) => '\\u{' + c.codePointAt(0).toString(16) + '}');
  }

  // An element with a text child: the only way outside text reaches the page.
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = shown(text);
    if (cls) e.className = cls;
    return e;
  }

  // A paragraph of `text` with its rule IDs as links: `known(id)` says whether an ID is a rule
  // the page can show, `open(id)` shows it.
  const RULE_ID = /\b([BGRSU][0-9]{1,2}[a-z]?)\b/g;
  function withRules(text, cls, known, open) {
    const p = el('p', null, cls);
    const s = shown(text);
    let at = 0;
    for (const m of s.matchAll(RULE_ID)) {
      if (!known(m[1])) continue;
      p.append(document.createTextNode(s.slice(at, m.index)));
      const a = el('a', m[1], 'rule-ref');
      a.href = '#rule-' + m[1];
      a.addEventListener('click', (e) => { e.preventDefault(); open(m[1]); });
      p.append(a);
      at = m.index + m[0].length;
    }
    p.append(document.createTextNode(s.slice(at)));
    return p;
  }

  // ---- SVG ---------------------------------------------------------------------------------------

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
  function place(G, rows, top) {
    const centre = [];
    rows.forEach((row, y) => row.forEach((i, x) => {
      centre[i] = [G.left + G.pitch_x * (x + 0.5), top + G.r + 26 + G.pitch_y * y];
    }));
    const width = Math.max(G.left + G.pitch_x * rows[0].length + 40, G.min_width);
    return { rows: rows, centre: centre, top: top, width: width };
  }

  // A board's layout (`web.rs`: rows of hole indexes, names by index) with the index of each name.
  function shape(layout) {
    return { layout: layout, holeIndex: new Map(layout.names.map((name, i) => [name, i])) };
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

  // Draws board `b` (seeds, owners, marks, right, stores) of shape `r` into the SVG element `box`
  // (whose <title> is kept), with the geometry `G`, and the path of `ply` (its `data.events`,
  // `data.captured`, `best_arrow`) up to `upTo` seeds sown (all when undefined). `extra` (the
  // board of `mancala serve`) may give each hole a class, attributes and a title (`hole(i)`), and arrows
  // to draw over the board (`arrows`: from, to, class, name).
  function draw(box, G, r, b, ply, upTo, extra) {
    const title = box.querySelector('title');
    while (box.lastChild && box.lastChild !== title) box.lastChild.remove();
    const lay = place(G, r.layout.rows, 58);
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
      const more = extra && extra.hole ? extra.hole(i) : null;
      const g = svg('g', { 'data-index': i }, box, 'hole-g' + (more && more.cls ? ' ' + more.cls : ''));
      if (more && more.attrs) for (const k in more.attrs) g.setAttribute(k, more.attrs[k]);
      // Its accessible name, as an SVG title (also shown when the pointer rests on the hole).
      if (more && more.title) svg('title', {}, g).textContent = shown(more.title);
      if (more) svg('circle', { cx: cx.toFixed(1), cy: cy.toFixed(1), r: G.r + 9 }, g, 'focus-ring');
      svg('circle', { cx: cx.toFixed(1), cy: cy.toFixed(1), r: G.r }, g,
        'hole ' + (blocked ? 'blocked' : 'own-' + lower(owner(i))));
      if (blocked) {
        const k = G.r * 0.62;
        svg('path', { d: 'M ' + (cx - k) + ' ' + (cy - k) + ' L ' + (cx + k) + ' ' + (cy + k) +
          ' M ' + (cx - k) + ' ' + (cy + k) + ' L ' + (cx + k) + ' ' + (cy - k) }, g, 'cross');
      }
      // The name before the count, so that a hole's text reads `1B 6`.
      const nameY = lay.rows[0].includes(i) ? cy - G.r - 13 : cy + G.r + 21;
      svgText(g, cx, nameY, name, 'name');
      const count = svgText(g, cx, cy + 6.5, String(seeds[i]), 'count');
      count.setAttribute('data-hole', name);
      if (m && !blocked) drawMark(box, G, m, cx, cy);
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
    if (ply) drawPath(box, G, r, defs, lay, ply, upTo);
    if (ply && ply.best_arrow && upTo === undefined) {
      const a = ply.best_arrow;
      bowedArrow(box, G, defs, lay, a.from, a.to, 'best', 'best-arrow', '7 5').setAttribute('data-best', a.move);
    }
    for (const a of (extra && extra.arrows) || []) {
      const path = bowedArrow(box, G, defs, lay, a.from, a.to, a.cls, a.cls + '-arrow', a.dash || '');
      if (a.name) path.setAttribute('data-move', a.name);
    }
    storeLine('B', bottom + 26);
  }

  // An arrow from hole `from` to hole `to`, bowed to one side so that it stands apart from a
  // ply's own arrows (a loop when both are the same hole): a better move of an assessed ply, a
  // line of the analysis. `kind` names its marker and the classes `kind-fill`, `cls` its path.
  function bowedArrow(box, G, defs, lay, from, to, kind, cls, dash) {
    const id = 'arrow-' + kind;
    if (!defs.querySelector('#' + id)) {
      const marker = svg('marker', { id: id, viewBox: '0 0 10 10', refX: 9, refY: 5,
        markerWidth: 6, markerHeight: 6, orient: 'auto' }, defs);
      svg('path', { d: 'M 0 0 L 10 5 L 0 10 z' }, marker, kind + '-fill');
    }
    const [x0, y0] = lay.centre[from];
    const [x1, y1] = lay.centre[to];
    const len = Math.hypot(x1 - x0, y1 - y0);
    let d;
    if (len < 1) {
      d = 'M ' + (x0 - G.r) + ' ' + (y0 - G.r) + ' a ' + G.r + ' ' + G.r + ' 0 1 1 ' + (2 * G.r) + ' 0';
    } else {
      const ux = (x1 - x0) / len;
      const uy = (y1 - y0) / len;
      const cut = Math.min(G.r, len / 2 - 2);
      const mx = (x0 + x1) / 2 - uy * 30;
      const my = (y0 + y1) / 2 + ux * 30;
      d = 'M ' + (x0 + ux * cut).toFixed(1) + ' ' + (y0 + uy * cut).toFixed(1) + ' Q ' + mx.toFixed(1) + ' ' +
        my.toFixed(1) + ' ' + (x1 - ux * cut).toFixed(1) + ' ' + (y1 - uy * cut).toFixed(1);
    }
    const attrs = { d: d, 'marker-end': 'url(#' + id + ')' };
    if (dash) attrs['stroke-dasharray'] = dash;
    return svg('path', attrs, box, cls);
  }

  function drawMark(box, G, m, cx, cy) {
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
  function drawPath(box, G, r, defs, lay, ply, upTo) {
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
        if (k < G.drawn_laps && next !== prev) arrow(box, G, lay, prev, next, k, lc, dash, shift, r);
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
  function arrow(box, G, lay, prev, next, k, lc, dash, shift, r) {
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
  function label(r, b) {
    const rows = r.layout.rows.map((row) => row.map((i) => r.layout.names[i] + ' ' + b.seeds[i]).join(', '));
    let t = 'Board: ' + rows.join('; ') + '. Stores: A ' + b.stores[0] + ', B ' + b.stores[1] + '.';
    if (!b.over) t += ' ' + b.to_move + ' to move.'; else t += ' The round is over.';
    return t;
  }

  // ---- Seed by seed ------------------------------------------------------------------------------

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

  // ---- Rules -------------------------------------------------------------------------------------

  // A rule of the rule book, readable where it is shown: its ID, title, text and sources.
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

  return {
    shown: shown, el: el, withRules: withRules, shape: shape, laps: laps, draw: draw,
    label: label, frames: frames, ruleBox: ruleBox,
  };
})();
