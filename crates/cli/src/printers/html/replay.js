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
  const $ = (id) => document.getElementById(id);

  // ---- Text from the record ----------------------------------------------------------------

  // The drawing and the text helpers are the board's (crates/diagram/src/web/board.js), shared
  // with `mancala serve`.
  const MB = window.MancalaBoard;
  const shown = MB.shown;
  const el = MB.el;
  const lower = (p) => p.toLowerCase();

  // Text with its rule IDs as links to the rule shown below (only IDs the page holds).
  function withRules(text, cls) {
    return MB.withRules(text, cls, (id) => Boolean(page.rules[id]), openRule);
  }

  // ---- Records ------------------------------------------------------------------------------

  const cache = new Map();
  function record(n) {
    if (!cache.has(n)) {
      const node = document.getElementById('record-data-' + n);
      const r = JSON.parse(node.textContent);
      r.holeIndex = MB.shape(r.layout || { names: [] }).holeIndex;
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

  // Draws board `b` of the record shown, with the path of `ply` up to `upTo` seeds.
  function draw(r, b, ply, upTo) {
    const box = $('board');
    MB.draw(box, G, r, b, ply, upTo);
    box.setAttribute('data-step', String(cur));
  }

  // ---- Seed by seed ------------------------------------------------------------------------

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
    const list = MB.frames(rec, before.board, s.board, s.data.events);
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
    for (const id of known) box.append(MB.ruleBox(page.rules[id]));
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
    $('board-label').textContent = MB.label(rec, s.board);
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
