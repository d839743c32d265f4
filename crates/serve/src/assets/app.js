// The page of `mancala serve` (spec/serve.md §4): a board to play, enter and analyse games of
// the five games.
//
// The page holds the game: a tree of nodes (the start, then plies and round set-ups; a node's
// first child is its main line, the others are side lines), the node shown, the tags, and the
// game in the address. The server computes everything about the rules (api/ of crates/serve):
// a node's position comes with its legal moves, the holes they start from and the holes they
// sow; a move played comes with its trace and explanation. Texts from the server or a record go
// on the page with textContent only (MancalaBoard.el), never as markup.
'use strict';

(function () {
  const MB = window.MancalaBoard;
  const $ = (id) => document.getElementById(id);
  const el = MB.el;
  const lower = (p) => p.toLowerCase();
  const other = (p) => (p === 'A' ? 'B' : 'A');

  // ---- The server ---------------------------------------------------------------------------

  // A call of the API: the answer's JSON, or an Error whose `refusal` is the server's
  // {message, rules, status}.
  async function api(path, body, signal) {
    const init = body === undefined ? {} : {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal: signal,
    };
    const res = await fetch(path, init);
    const data = await res.json();
    if (!res.ok) {
      const e = new Error(data.error ? data.error.message : 'HTTP ' + res.status);
      e.refusal = data.error || { message: e.message, rules: [], status: res.status };
      throw e;
    }
    return data;
  }

  // ---- State ----------------------------------------------------------------------------------

  let games = null; // /api/games
  let G = null; // the board's geometry
  const rules = new Map(); // rule ID -> rule, as fetched
  const state = {
    game: 'bechi', options: {}, opener: 'B',
    start: null, // the start position string, when not the start of round 1 (the Position tag)
    nodes: new Map(), nextId: 0, cur: 0,
    tags: { PlayerA: '', PlayerB: '', Event: '', Date: '', Source: '' },
    extraTags: [], // tags of an imported record the page has no field for: [name, value], kept
    lenient: false, // the record was read leniently (R25, R26): its export is checked so too
    pick: null, // a move being chosen: {hole, candidates}
    fill: [], // holes chosen for a Bechi fill (B16)
  };
  const node = (id) => state.nodes.get(id);
  const current = () => node(state.cur);

  function newNode(parent, fields) {
    const n = Object.assign({ id: state.nextId++, parent: parent, children: [] }, fields);
    state.nodes.set(n.id, n);
    if (parent !== null) node(parent).children.push(n.id);
    return n;
  }

  function gameInfo(name) {
    return games.games.find((g) => g.name === name);
  }

  // The path from the start to node `id`, the start first.
  function path(id) {
    const out = [];
    for (let n = node(id); n; n = n.parent === null ? null : node(n.parent)) out.unshift(n);
    return out;
  }

  // The positions of the round before node `id` on its path, oldest first: the history an
  // analysis needs (a line back to one of them repeats a position).
  function history(id) {
    const nodes = path(id);
    const out = [];
    for (let k = nodes.length - 2; k >= 0; k--) {
      const n = nodes[k];
      out.unshift(n.view.position);
      if (n.kind !== 'ply') break; // the start or a round's set-up: the round begins there
    }
    return out;
  }

  // The node's position with its legal moves: fetched once, when first shown.
  async function full(n) {
    if (!n.view.moves) {
      n.view = await api('/api/position', { position: n.view.position, options: state.options });
    }
    return n.view;
  }

  // ---- The board ------------------------------------------------------------------------------

  let shape = null; // MB.shape of the board shown
  let timer = null; // the running animation
  let analysisShown = null; // the analysis of the position shown: {position, data}

  // What the player can do with hole `i` now: start a move, go on with one, or fill it.
  function holeRole(i, v) {
    const s = state;
    const name = v.layout.names[i];
    const seeds = v.board.seeds[i];
    let label = name + ' ' + seeds + (seeds === 1 ? ' seed' : ' seeds');
    let cls = '';
    if (s.fillRequest && s.fillRequest.holes.includes(i)) {
      cls = s.fill.includes(i) ? 'fillable filled' : 'fillable';
      label += s.fill.includes(i) ? ', chosen to fill' : ', can be filled';
    } else if (s.pick) {
      if (s.pick.hole === i) { cls = 'selected'; label += ', chosen: choose how to go on'; }
      else if (s.pick.targets && s.pick.targets.includes(i)) { cls = 'target'; label += ', the next seed may go here'; }
    } else if (v.moves && v.moves.some((m) => m.holes.includes(i))) {
      cls = 'legal';
      label += ', a move starts here';
    }
    return { cls: cls, attrs: { role: 'button', tabindex: '-1' }, title: label };
  }

  // Draws the position of the node shown, with the path of its ply (up to `upTo` seeds, when
  // played seed by seed), the analysis's arrows, and the holes the player can click.
  function drawBoard(upTo, before) {
    const n = current();
    const v = n.view;
    shape = MB.shape(v.layout);
    const arrows = [];
    if (analysisShown && analysisShown.position === v.position && upTo === undefined) {
      analysisShown.data.lines.forEach((l, k) => {
        (l.arrows || []).forEach((a, j) => {
          if (j > 0 && k > 0) return;
          arrows.push({ from: a.from, to: a.to, cls: j > 0 ? 'reply' : (k === 0 ? 'line' : 'alt'), name: a.move });
        });
      });
    }
    const preview = state.pick && state.pick.preview;
    let ply = n.kind === 'ply' ? { data: { events: n.events, captured: n.captured } } : null;
    if (preview && preview.events) ply = { data: { events: preview.events, captured: preview.captured } };
    MB.draw($('board'), G, shape, before || v.board, ply, upTo, {
      hole: (i) => holeRole(i, v),
      arrows: arrows,
    });
    $('board-label').textContent = 'Board. ' + MB.label(shape, v.board);
    const holes = Array.from(document.querySelectorAll('#board .hole-g'));
    const focusable = holes.filter((h) => /legal|target|selected|fillable/.test(h.getAttribute('class')));
    const first = focusable[0] || holes[0];
    if (first) first.setAttribute('tabindex', '0');
    if (focusHole !== null) {
      const h = holes.find((x) => Number(x.getAttribute('data-index')) === focusHole);
      if (h) { holes.forEach((x) => x.setAttribute('tabindex', '-1')); h.setAttribute('tabindex', '0'); h.focus(); }
    }
  }
  let focusHole = null; // the hole to keep the focus on after a redraw

  // Plays the ply of the node shown seed by seed, then shows the position after it.
  function animate() {
    stopAnimation();
    const n = current();
    if (n.kind !== 'ply') return;
    const before = node(n.parent).view.board;
    const list = MB.frames(MB.shape(n.view.layout), before, n.view.board, n.events);
    if (!list || list.length === 0) return;
    const delay = Math.max(40, Math.min(220, 2500 / list.length));
    let k = 0;
    $('board').setAttribute('data-animating', 'true');
    const tick = () => {
      if (k >= list.length) {
        stopAnimation();
        drawBoard();
        return;
      }
      drawBoard(k + 1, Object.assign({}, before, { shown: list[k], over: false }));
      k += 1;
      timer = setTimeout(tick, delay);
    };
    tick();
  }
  function stopAnimation() {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
      $('board').removeAttribute('data-animating');
    }
  }

  // ---- Showing the node -----------------------------------------------------------------------

  function status(text) {
    $('status').textContent = text;
  }

  function statusOf(v) {
    if (v.match_over) {
      const m = v.match_over;
      return 'Match over: ' + (m.winner ? m.winner + ' wins' : 'drawn') + ' (' + m.rule + ': ' + m.reason + ').';
    }
    if (v.round_over) {
      const o = v.round_over;
      return 'Round ' + v.round + ' is over: A ' + o.totals[0] + ', B ' + o.totals[1] + ' (' + o.rule + ').';
    }
    let t = 'Round ' + v.round + ': ' + v.to_move + ' to move';
    if (v.moves) {
      if (v.moves.length === 1 && v.moves[0].move === 'pass') t += ' (a forced pass)';
      else if (v.moves.length === 1 && v.moves[0].move === 'open') t += ' (the opening)';
    }
    if (engineSide() === v.to_move) t += ', the engine thinks';
    return t + '.';
  }

  // Shows the current node: the board, what its ply did, the choices, the round panel, the move
  // list, the address, the export; starts the engine or the analysis where they are on.
  async function show(opts) {
    opts = opts || {};
    stopAnimation();
    state.pick = null;
    state.fill = [];
    state.fillRequest = null;
    hideRefusal();
    const n = current();
    try {
      await full(n);
    } catch (e) {
      refuse(e);
      return;
    }
    if (n !== current()) return;
    const v = n.view;
    $('game-title').textContent = v.title + optionWords(v.options);
    status(statusOf(v));
    $('position').textContent = v.position;
    showExplain(n);
    showChoices();
    showRoundPanel();
    buildMoves();
    updateButtons();
    writeAddress();
    scheduleExport();
    if (opts.animate && n.kind === 'ply' && $('animate').checked) animate();
    else drawBoard();
    analysisFollow();
    engineFollow();
  }

  function optionWords(o) {
    const keys = Object.keys(o || {});
    return keys.length ? ' (' + keys.map((k) => k + '=' + o[k]).join(', ') + ')' : '';
  }

  function showExplain(n) {
    const box = $('explain');
    box.replaceChildren();
    const rulesAt = [];
    if (n.kind === 'ply') {
      $('explain-title').textContent = 'What ply ' + plyNumber(n) + ' did: ' + n.player + ' played ' + n.move;
      for (const line of n.explain) box.append(withRules(line.trim(), /^\s/.test(line) ? 'seed' : ''));
      rulesAt.push(...n.cites);
    } else if (n.kind === 'round') {
      $('explain-title').textContent = 'Round ' + n.round + ' set up';
      box.append(el('p', 'Round ' + n.round + ' set up: ' + n.marker + (n.set_up ? ' (' + n.set_up + ')' : '') + '.'));
      if (n.engineNote) box.append(el('p', n.engineNote));
    } else {
      $('explain-title').textContent = 'The start';
      box.append(el('p', 'Click a highlighted hole to play, or use the keyboard: Tab to the board, the arrow keys, Enter.'));
    }
    for (const note of (n.before || []).concat(n.notes || [])) {
      if (note.annotation) box.append(el('p', 'Annotation ' + note.annotation, 'note'));
    }
    $('comment').value = commentOf(n);
    const v = n.view;
    if (v.right_line) box.append(withRules(v.right_line, 'round-note'));
    if (v.round_over) {
      const o = v.round_over;
      box.append(withRules('Round ' + v.round + ' is over (' + o.rule + '): round totals A ' + o.totals[0] + ', B ' + o.totals[1] +
        '; holdings A ' + o.holdings[0] + ', B ' + o.holdings[1] + '; ' + (o.winner ? o.winner + ' holds more' : 'equal holdings') + '.', 'round-note'));
      if (!rulesAt.includes(o.rule)) rulesAt.push(o.rule);
    }
    if (v.match_over) {
      const m = v.match_over;
      box.append(withRules('Match over: ' + (m.winner ? m.winner + ' wins' : 'drawn') + ' (' + m.rule + ': ' + m.reason + ').', 'round-note'));
      if (!rulesAt.includes(m.rule)) rulesAt.push(m.rule);
    }
    showCited(rulesAt);
  }

  // The comments after node `n` (§6.1 of the notation), as one text.
  function commentOf(n) {
    return (n.notes || []).filter((x) => x.comment !== undefined).map((x) => x.comment).join(' ');
  }

  // The comment field edits the comments after the node shown; its annotations stay.
  function editComment() {
    const n = current();
    const text = $('comment').value.replace(/\s+/g, ' ').trim();
    const kept = (n.notes || []).filter((x) => x.comment === undefined);
    n.notes = text ? kept.concat([{ comment: text }]) : kept;
    scheduleExport();
  }

  // A note as the notation writes it: `{text}` (\, } and [ escaped) or `(key value)`.
  function noteText(x) {
    return x.comment !== undefined ? '{' + x.comment.replace(/[\\}[]/g, (c) => '\\' + c) + '}' : x.annotation;
  }

  function plyNumber(n) {
    return path(n.id).filter((x) => x.kind === 'ply').length;
  }

  // ---- Rules ------------------------------------------------------------------------------------

  function withRules(text, cls) {
    return MB.withRules(text, cls, (id) => /^[BGRSU][0-9]/.test(id), openRule);
  }

  async function fetchRules(ids) {
    const missing = ids.filter((id) => !rules.has(id));
    if (missing.length) {
      const got = await api('/api/rules?ids=' + missing.join(','));
      for (const id in got.rules) rules.set(id, got.rules[id]);
    }
  }

  async function showCited(ids, box) {
    box = box || $('cited');
    box.replaceChildren();
    if (!ids.length) return;
    try { await fetchRules(ids); } catch (e) { return; }
    const known = ids.filter((id) => rules.has(id));
    if (!known.length) return;
    box.append(el('h3', 'Rules cited'));
    for (const id of known) box.append(MB.ruleBox(rules.get(id)));
  }

  // Opens rule `id` where it is shown on the page, or shows it under the explanation.
  async function openRule(id) {
    let d = document.getElementById('rule-' + id);
    if (!d) {
      try { await fetchRules([id]); } catch (e) { return; }
      if (!rules.has(id)) return;
      d = MB.ruleBox(rules.get(id));
      $('cited').append(d);
    }
    d.open = true;
    d.querySelector('summary').focus();
  }

  // ---- Refusals -----------------------------------------------------------------------------------

  function refuse(e) {
    const r = e.refusal || { message: String(e.message || e), rules: [] };
    const box = $('refusal');
    box.replaceChildren(withRules(r.message, 't'));
    if (r.rules && r.rules.length) {
      const ids = r.rules.slice();
      const b = el('button', 'Read ' + ids[ids.length - 1], 'small');
      b.type = 'button';
      b.addEventListener('click', () => openRule(ids[ids.length - 1]));
      box.append(b);
      showCited(ids);
    }
    box.hidden = false;
  }
  function hideRefusal() {
    $('refusal').hidden = true;
    $('refusal').replaceChildren();
  }

  // ---- Choosing a move ------------------------------------------------------------------------------

  // A move in words, for the list of choices: its token, then what it does.
  function moveWords(m, v) {
    const names = v.layout.names;
    let t = '';
    if (m.move === 'pass') t = 'pass (no move: the turn passes)';
    else if (m.move === 'open') t = 'open the round (the opening)';
    else if (/^x[0-9]+[AB]$/.test(m.move)) t = 'take the seed of your right in ' + m.move.slice(1);
    else {
      const cap = /^x([0-9]+[AB]):/.exec(m.move);
      if (cap) t = 'take the seed of your right in ' + cap[1] + ', then ';
      const sign = /[+]/.test(m.move) ? 'counterclockwise' : (/-/.test(m.move.replace(/^x[0-9]+[AB]:/, '')) ? 'clockwise' : '');
      if (sign) t += sign + ', ';
      if (/o/.test(m.move.replace(/^x[0-9]+[AB]:/, ''))) t += 'starting opposite, ';
      t += 'sows ' + (m.path || []).map((i) => names[i]).join(' ');
    }
    const cap = m.captured || [0, 0];
    if (cap[0] + cap[1] > 0) t += '; captures ' + (cap[0] + cap[1]);
    if (m.right) t += '; gives the right ' + m.right;
    if (m.over) t += '; ends the round';
    else if (m.next && m.next === v.to_move && m.move !== 'pass') t += '; moves again';
    return t;
  }

  // Clicking hole `i`: the moves that start there; none is a refusal with the rule, one is
  // played, several are a choice made on the board (the next hole a seed goes to) or from the list.
  async function clickHole(i) {
    const n = current();
    const v = n.view;
    if (state.fillRequest) return toggleFill(i);
    if (!v.moves || timer !== null) return;
    if (v.round_over) return;
    if (state.pick && state.pick.targets && state.pick.targets.includes(i)) return narrow(i);
    const candidates = v.moves.filter((m) => m.holes.includes(i));
    if (candidates.length === 0) {
      // What the rules say about this hole: the server plays its token and names the rule.
      try {
        await api('/api/play', { position: v.position, options: state.options, move: v.layout.names[i] });
        refuse({ refusal: { message: v.layout.names[i] + ' starts no move here.', rules: [] } });
      } catch (e) {
        refuse(e);
      }
      return;
    }
    hideRefusal();
    if (candidates.length === 1) return play(candidates[0].move);
    state.pick = { hole: i, candidates: candidates, prefix: 0 };
    narrowTargets();
    showChoices();
    focusHole = i;
    drawBoard();
    focusHole = null;
  }

  // The holes where the candidates' paths first part: clicking one keeps the candidates whose
  // next seed goes there.
  function narrowTargets() {
    const p = state.pick;
    const paths = p.candidates.map((m) => m.path || []);
    let k = p.prefix;
    for (;;) {
      const at = paths.map((x) => x[k]);
      if (at.some((x) => x === undefined)) { p.targets = null; return; }
      const distinct = Array.from(new Set(at));
      if (distinct.length > 1) { p.targets = distinct; p.prefix = k; return; }
      k += 1;
    }
  }

  function narrow(i) {
    const p = state.pick;
    p.candidates = p.candidates.filter((m) => (m.path || [])[p.prefix] === i);
    if (p.candidates.length === 1) return play(p.candidates[0].move);
    p.prefix += 1;
    narrowTargets();
    showChoices();
    focusHole = i;
    drawBoard();
    focusHole = null;
  }

  function cancelPick() {
    state.pick = null;
    showChoices();
    drawBoard();
  }

  // The list of choices: the moves of the hole chosen, or the moves without a hole (pass, open).
  function showChoices() {
    const n = current();
    const v = n.view;
    const box = $('choices');
    const list = $('choices-list');
    list.replaceChildren();
    let moves = [];
    if (state.pick) {
      moves = state.pick.candidates;
      const names = v.layout.names;
      $('choices-text').textContent = moves.length + ' moves start from ' + names[state.pick.hole] +
        (state.pick.targets ? ': click a hole ringed in green for the next seed, or choose one here.' : ': choose one.');
    } else if (v.moves && !v.round_over) {
      moves = v.moves.filter((m) => m.holes.length === 0);
      $('choices-text').textContent = moves.length ? v.to_move + ' may:' : '';
    }
    for (const m of moves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('data-move', m.move);
      b.append(el('span', m.move, 'token'), document.createTextNode(': ' + moveWords(m, v)));
      b.addEventListener('click', () => play(m.move));
      const preview = () => { if (state.pick) { state.pick.preview = m; drawBoard(); } };
      const unpreview = () => { if (state.pick && state.pick.preview === m) { state.pick.preview = null; drawBoard(); } };
      b.addEventListener('mouseenter', preview);
      b.addEventListener('focus', preview);
      b.addEventListener('mouseleave', unpreview);
      b.addEventListener('blur', unpreview);
      list.append(b);
    }
    if (state.pick) {
      const c = el('button', 'Cancel (Escape)');
      c.type = 'button';
      c.addEventListener('click', cancelPick);
      list.append(c);
    }
    box.hidden = list.childElementCount === 0;
  }

  // ---- Playing -------------------------------------------------------------------------------------

  let busy = false;

  // Plays `token` at the node shown: the server checks it and says what it did; the ply becomes
  // the node's child (its main line if it has none, a side line otherwise), or the child already
  // there is shown.
  async function play(token) {
    if (busy) return;
    const n = current();
    const known = n.children.map(node).find((c) => c.kind === 'ply' && c.move === token);
    if (known) {
      state.cur = known.id;
      return show({ animate: true });
    }
    busy = true;
    try {
      const r = await api('/api/play', { position: n.view.position, options: state.options, move: token });
      const again = n.children.map(node).find((c) => c.kind === 'ply' && c.move === r.move);
      const child = again || newNode(n.id, {
        kind: 'ply', move: r.move, player: r.player, events: r.events, captured: r.captured,
        explain: r.explain, cites: r.cites, view: r.after,
      });
      state.cur = child.id;
    } catch (e) {
      busy = false;
      refuse(e);
      return;
    }
    busy = false;
    await show({ animate: true });
  }

  // ---- Between rounds ----------------------------------------------------------------------------------

  // The round panel: the scores, the poorer player's set-up decision (the holes to fill, B16;
  // the seeds of his holes, G23), the next round, or the end of the match.
  function showRoundPanel() {
    const n = current();
    const v = n.view;
    const box = $('round-panel');
    box.replaceChildren();
    box.hidden = !v.round_over;
    if (!v.round_over) return;
    const o = v.round_over;
    box.append(el('p', 'Round ' + v.round + ' is over: totals A ' + o.totals[0] + ', B ' + o.totals[1] +
      '; holdings A ' + o.holdings[0] + ', B ' + o.holdings[1] + '.'));
    if (v.match_over) {
      const m = v.match_over;
      box.append(withRules('The match is over: ' + (m.winner ? m.winner + ' wins' : 'drawn') + ' (' + m.rule + ': ' + m.reason + ').'));
      return;
    }
    const existing = n.children.map(node).find((c) => c.kind === 'round');
    const d = v.decision || { kind: 'none' };
    for (const note of v.next_round_notes || []) box.append(withRules(note.text + ' (' + note.rule + ')', 'round-note'));
    const go = el('button', 'Set up round ' + (v.round + 1));
    go.type = 'button';
    go.id = 'next-round';
    if (existing) {
      go.textContent = 'Go to round ' + (v.round + 1) + ' (' + existing.marker + ')';
      go.addEventListener('click', () => { state.cur = existing.id; show(); });
      box.append(go);
      return;
    }
    if (d.kind === 'fill') {
      state.fillRequest = { holes: holesOf(v, d.player), count: d.holes, player: d.player };
      box.append(withRules(d.player + ', the poorer player, fills ' + d.holes + ' of his holes with 6 seeds (B16): click them on the board, then set up the round.'));
      go.addEventListener('click', () => nextRound({ kind: 'fill', value: state.fill.map((i) => v.layout.names[i]) }));
    } else if (d.kind === 'layout') {
      box.append(withRules(d.player + ', the poorer player, lays out his ' + d.seeds + ' seeds in his ' + d.holes + ' holes, at least one in each (G23, G24):'));
      const row = el('div', null, 'row');
      const even = spread(d.seeds, d.holes);
      for (let k = 0; k < d.holes; k++) {
        const label = el('label', 'hole ' + (k + 1) + ' ');
        const input = document.createElement('input');
        input.type = 'number';
        input.min = '1';
        input.value = String(even[k]);
        input.className = 'layout-count';
        label.append(input);
        row.append(label);
      }
      box.append(row);
      go.addEventListener('click', () => nextRound({ kind: 'layout', value: Array.from(box.querySelectorAll('.layout-count')).map((x) => Number(x.value)) }));
    } else {
      go.addEventListener('click', () => nextRound({ kind: 'none' }));
    }
    box.append(go);
  }

  // `seeds` spread over `holes` as evenly as the rules allow, the extra ones in the last holes.
  function spread(seeds, holes) {
    const out = [];
    for (let k = 0; k < holes; k++) out.push(Math.floor(seeds / holes) + (k >= holes - (seeds % holes) ? 1 : 0));
    return out;
  }

  function holesOf(v, player) {
    const out = [];
    v.layout.names.forEach((name, i) => { if (name.endsWith(player)) out.push(i); });
    return out;
  }

  function toggleFill(i) {
    const f = state.fillRequest;
    if (!f.holes.includes(i)) return;
    const k = state.fill.indexOf(i);
    if (k >= 0) state.fill.splice(k, 1); else state.fill.push(i);
    focusHole = i;
    drawBoard();
    focusHole = null;
    status('Holes to fill: ' + (state.fill.map((x) => current().view.layout.names[x]).join(', ') || 'none yet') + ' (' + f.count + ' to choose).');
  }

  // Sets up the next round with `decision`; `note` says why the engine chose it.
  async function nextRound(decision, note) {
    const n = current();
    try {
      const r = await api('/api/next-round', { position: n.view.position, options: state.options, decision: decision });
      if (r.match_over) {
        n.view.match_over = r.match_over;
        return show();
      }
      const child = newNode(n.id, { kind: 'round', round: r.round, decision: r.decision, marker: r.marker, set_up: r.set_up, view: r.after, engineNote: note });
      state.cur = child.id;
      await show();
    } catch (e) {
      refuse(e);
    }
  }

  // ---- The move list --------------------------------------------------------------------------------------

  function tokenOf(n) {
    return n.kind === 'round' ? n.marker : n.move;
  }

  // The move list: the main line, each side line nested after the ply it replaces.
  function buildMoves() {
    const box = $('moves');
    box.replaceChildren();
    const root = node(0);
    const list = document.createElement('ol');
    box.append(list);
    const startItem = document.createElement('li');
    startItem.append(link(root, [['start', '']]));
    list.append(startItem);
    writeLine(root.children[0], list, 1);
  }

  function link(n, parts) {
    const a = document.createElement('a');
    a.href = '#';
    a.id = 'move-' + n.id;
    for (const [text, cls] of parts) a.append(el('span', text, cls));
    const visible = parts.map((p) => p[0]).join('').trim();
    a.setAttribute('aria-label', visible + ': ' + (n.kind === 'ply' ? 'ply ' + plyNumber(n) + ', ' + n.player + ' plays ' + n.move
      : n.kind === 'round' ? 'round ' + n.round + ' set up' : 'the start'));
    if (n.id === state.cur) a.setAttribute('aria-current', 'step');
    a.addEventListener('click', (e) => {
      e.preventDefault();
      state.cur = n.id;
      show();
    });
    return a;
  }

  function writeLine(id, list, number) {
    for (let n = id === undefined ? null : node(id); n; n = n.children.length ? node(n.children[0]) : null) {
      const li = document.createElement('li');
      if (n.kind === 'round') {
        li.className = 'round-head';
        li.append(link(n, [['Round ' + n.round + ' ' + n.marker, '']]));
        list.append(li);
      } else {
        li.append(link(n, [[plyNumber(n) + '.', ''], [' ' + n.player, 'who-' + lower(n.player)], [' ' + n.move, '']]));
        list.append(li);
      }
      const parent = node(n.parent);
      if (parent.children[0] === n.id) {
        for (const alt of parent.children.slice(1)) {
          const vli = el('li', null, 'variation');
          const ol = document.createElement('ol');
          vli.append(ol);
          list.append(vli);
          writeLine(alt, ol, number);
        }
      }
    }
  }

  // Makes the side line of the node shown the main line at its branch.
  function promote() {
    for (let n = current(); n && n.parent !== null; n = node(n.parent)) {
      const parent = node(n.parent);
      const k = parent.children.indexOf(n.id);
      if (k > 0) {
        parent.children.splice(k, 1);
        parent.children.unshift(n.id);
        break;
      }
    }
    show();
  }

  // Deletes the node shown and everything after it; shows its parent.
  function deleteHere() {
    const n = current();
    if (n.parent === null) return;
    const parent = node(n.parent);
    parent.children = parent.children.filter((c) => c !== n.id);
    const drop = (x) => { state.nodes.delete(x.id); x.children.forEach((c) => drop(node(c))); };
    drop(n);
    state.cur = parent.id;
    show();
  }

  function updateButtons() {
    const n = current();
    $('first').disabled = $('prev').disabled = n.parent === null;
    $('next').disabled = $('last').disabled = n.children.length === 0;
    $('replay-ply').disabled = n.kind !== 'ply';
    $('delete').disabled = n.parent === null;
    let side = false;
    for (let x = n; x.parent !== null; x = node(x.parent)) if (node(x.parent).children.indexOf(x.id) > 0) side = true;
    $('promote').disabled = !side;
  }

  function step(delta) {
    const n = current();
    if (delta < 0 && n.parent !== null) state.cur = n.parent;
    else if (delta > 0 && n.children.length) state.cur = n.children[0];
    else return;
    show({ animate: delta > 0 });
  }
  function end(last) {
    let n = current();
    if (last) while (n.children.length) n = node(n.children[0]);
    else n = node(0);
    state.cur = n.id;
    show();
  }

  // ---- The record: export, import, address -------------------------------------------------------------

  const escapeTag = (v) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

  // The tree as a record in the notation (spec/notation.md §3, §6.4), its comments and
  // annotations in their places, for the server to check and write in canonical form.
  function recordText() {
    const root = node(0);
    const variations = Array.from(state.nodes.values()).some((n) => n.children.length > 1);
    const lines = ['[Notation "' + (variations ? '1.1' : '1.0') + '"]', '[Game "' + state.game + '"]'];
    const opts = Object.keys(state.options).map((k) => k + '=' + state.options[k]).join(' ');
    if (opts) lines.push('[Options "' + opts + '"]');
    lines.push('[Opener "' + openerOfRecord(root.view) + '"]');
    for (const k of ['PlayerA', 'PlayerB', 'Event', 'Date', 'Source']) {
      if (state.tags[k]) lines.push('[' + k + ' "' + escapeTag(state.tags[k]) + '"]');
    }
    if (state.start) lines.push('[Position "' + escapeTag(state.start) + '"]');
    for (const [k, v] of state.extraTags) lines.push('[' + k + ' "' + escapeTag(v) + '"]');
    const moves = lineTokens(root.children[0], true);
    let last = root;
    while (last.children.length) last = node(last.children[0]);
    const m = last.view.match_over;
    const result = m ? (m.winner ? m.winner + '-wins' : 'draw') : '*';
    return lines.join('\n') + '\n\n' + moves.concat([result]).join(' ') + '\n';
  }

  // Opener of round 1 (the Opener tag): the start's player to move, or for a position of a later
  // round, the opener its round number gives back (spec/notation.md §3.2).
  function openerOfRecord(v) {
    if (!state.start) return state.opener;
    const d = v.position_data;
    const opener = d.opener || d.to_move;
    return v.round % 2 === 1 ? opener : other(opener);
  }

  // The tokens of the line from node `id` on, each side line in parentheses after the ply it
  // replaces (§6.4); with `notes`, the comments and annotations in their places.
  function lineTokens(id, notes) {
    const out = [];
    for (let n = id === undefined ? null : node(id); n; n = n.children.length ? node(n.children[0]) : null) {
      if (notes) out.push(...(n.before || []).map(noteText));
      out.push(tokenOf(n));
      if (notes) out.push(...(n.notes || []).map(noteText));
      const parent = node(n.parent);
      if (parent.children[0] === n.id) {
        for (const alt of parent.children.slice(1)) out.push('(' + lineTokens(alt, notes).join(' ') + ')');
      }
    }
    return out;
  }

  // The nodes in the order of the record's text (a ply, then the side lines that replace it):
  // the order a record's import creates them in, so an index names the same node after a reload.
  function textOrder() {
    const out = [0];
    const walk = (id) => {
      for (let n = id === undefined ? null : node(id); n; n = n.children.length ? node(n.children[0]) : null) {
        out.push(n.id);
        const parent = node(n.parent);
        if (parent.children[0] === n.id) parent.children.slice(1).forEach(walk);
      }
    };
    walk(node(0).children[0]);
    return out;
  }

  let exportTimer = null;
  function scheduleExport() {
    clearTimeout(exportTimer);
    exportTimer = setTimeout(exportRecord, 150);
  }

  // The canonical record of the tree, as `mancala convert` writes it.
  async function exportRecord() {
    const text = recordText();
    try {
      const r = await api('/api/record', { text: text, lenient: state.lenient });
      $('export').value = r.canonical || text;
      $('record-status').textContent = r.valid ? (state.lenient ? 'valid when read leniently (mancala validate --lenient)' : 'valid')
        : r.problems.length + ' problem(s): ' + r.problems[0].message;
    } catch (e) {
      $('export').value = text;
      $('record-status').textContent = e.message;
    }
  }

  function download() {
    const blob = new Blob([$('export').value], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = state.game + '.mgn';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async function copy(text, what) {
    try {
      await navigator.clipboard.writeText(text);
      $('record-status').textContent = what + ' copied';
    } catch (e) {
      $('record-status').textContent = 'cannot copy: select the text and copy it';
    }
  }

  const KNOWN_TAGS = ['Notation', 'Game', 'Options', 'Opener', 'Position', 'PlayerA', 'PlayerB', 'Event', 'Date', 'Source'];

  // Loads a record: the tree from its moves, variations, comments and annotations, the tags,
  // the problems located. Of a text of several records, record `opts.index` (the first by
  // default), and a list to choose another; `opts.at` is the node to show (textOrder), the end
  // of the main line by default.
  async function importRecord(text, quiet, opts) {
    opts = opts || {};
    const box = $('import-problems');
    box.replaceChildren();
    let r;
    try {
      r = await api('/api/record', { text: text, index: opts.index, lenient: Boolean(opts.lenient) });
    } catch (e) {
      box.append(problemBox(e.refusal.message));
      return false;
    }
    showRecordChoice(r, text);
    for (const p of r.problems) {
      const where = p.line ? 'line ' + p.line + (p.column ? ', column ' + p.column : '') : '';
      const d = problemBox(p.message + (where ? ' (' + where + (p.ply ? ', ply ' + p.ply : '') + ')' : ''), p.rule);
      d.setAttribute('data-line', String(p.line || ''));
      d.setAttribute('data-column', String(p.column || ''));
      d.append(el('pre', p.rendered));
      box.append(d);
    }
    if (!r.header || !r.start) {
      if (!quiet) status('The record could not be read: nothing to show.');
      return false;
    }
    const h = r.header;
    state.game = h.game;
    state.options = h.options;
    state.opener = h.opener;
    state.start = h.position || null;
    for (const k in state.tags) {
      const t = h.tags.find((x) => x[0] === k);
      state.tags[k] = t ? t[1] : '';
    }
    state.extraTags = h.tags.filter((t) => !KNOWN_TAGS.includes(t[0]));
    state.lenient = Boolean(opts.lenient);
    state.nodes = new Map();
    state.nextId = 0;
    const root = newNode(null, { kind: 'start', view: r.start });
    const add = (parent, items) => {
      let at = parent;
      for (const it of items) {
        const n = newNode(at.id, Object.assign({}, it, { view: it.after, variations: undefined, after: undefined }));
        for (const v of it.variations || []) add(at, v);
        at = n;
      }
      return at;
    };
    const last = add(root, r.tree);
    const order = textOrder();
    state.cur = opts.at !== undefined && opts.at < order.length ? order[opts.at] : last.id;
    syncForm();
    buildTags();
    if (r.problems.length && !quiet) {
      const first = r.problems[0];
      highlight(first.line, first.column);
    }
    await show();
    return r.problems.length === 0;
  }

  // A text of several records: which one is loaded, and a list to load another.
  function showRecordChoice(r, text) {
    const row = $('import-choice');
    const select = $('import-index');
    row.hidden = !r.records;
    select.replaceChildren();
    if (!r.records) return;
    for (const x of r.records) {
      const tags = Object.fromEntries(x.tags || []);
      const who = tags.PlayerA || tags.PlayerB ? ', ' + (tags.PlayerA || '?') + ' v ' + (tags.PlayerB || '?') : '';
      const o = el('option', x.index + ': line ' + x.first_line + ', ' + (x.game || 'unreadable') + who +
        (tags.Event ? ', ' + tags.Event : '') + ', ' + x.plies + ' plies' + (x.valid ? '' : ', with problems'));
      o.value = String(x.index);
      select.append(o);
    }
    select.value = String(r.index);
    select.onchange = () => importRecord(text, false, { index: Number(select.value), lenient: state.lenient });
    $('import-problems').append(el('p', 'The text holds ' + r.records.length + ' records: record ' + r.index +
      ' (from line ' + r.first_line + ') is loaded; choose another in the list.', 'muted record-taken'));
  }

  function problemBox(message, rule) {
    const d = el('div', null, 'problem');
    d.setAttribute('role', 'alert');
    d.append(withRules(message, 't'));
    return d;
  }

  // Selects line `line`, column `column` of the pasted text: where the problem is.
  function highlight(line, column) {
    const ta = $('import-text');
    if (!line || !ta.value) return;
    const lines = ta.value.split('\n');
    let at = 0;
    for (let k = 0; k < line - 1 && k < lines.length; k++) at += lines[k].length + 1;
    at += Math.max(0, (column || 1) - 1);
    const endAt = ta.value.slice(at).search(/[\s)]/);
    ta.setSelectionRange(at, endAt < 0 ? ta.value.length : at + Math.max(1, endAt));
  }

  // The address holds the game: #game=bechi&options=holes%3D3&opener=B&start=...&moves=3B+1A+(2A)+4B&at=2
  // (the moves of the tree, each side line in parentheses after the ply it replaces, round
  // markers included; `at`, the node shown in textOrder when it is not the end of the main line).
  function writeAddress() {
    const p = new URLSearchParams();
    p.set('game', state.game);
    const o = Object.keys(state.options).map((k) => k + '=' + state.options[k]).join(',');
    if (o) p.set('options', o);
    p.set('opener', state.opener);
    if (state.start) p.set('start', state.start);
    if (state.lenient) p.set('lenient', '1');
    const moves = lineTokens(node(0).children[0], false);
    if (moves.length) p.set('moves', moves.join(' '));
    let last = node(0);
    while (last.children.length) last = node(last.children[0]);
    if (state.cur !== last.id) p.set('at', String(textOrder().indexOf(state.cur)));
    const want = '#' + p.toString();
    if (location.hash !== want) history_.replaceState(null, '', want);
  }
  const history_ = window.history;

  async function readAddress() {
    const p = new URLSearchParams(location.hash.slice(1));
    const game = p.get('game');
    if (!game || !gameInfo(game)) return false;
    state.game = game;
    state.options = {};
    for (const kv of (p.get('options') || '').split(',').filter((x) => x)) {
      const [k, v] = kv.split('=');
      state.options[k] = v;
    }
    state.opener = p.get('opener') === 'A' ? 'A' : 'B';
    state.start = p.get('start');
    const moves = p.get('moves') || '';
    const text = recordHeader(moves.includes('(')) + '\n' + moves + ' *\n';
    const at = p.get('at') === null ? undefined : Number(p.get('at'));
    const ok = await importRecord(text, true, { at: Number.isInteger(at) && at >= 0 ? at : undefined, lenient: p.get('lenient') === '1' });
    if (!state.nodes.size) return false;
    // A finished match's result is not in the address: the record is read with `*`.
    const rest = $('import-problems');
    if (!ok && rest.querySelectorAll('.problem').length === 1 && /result/.test(rest.textContent)) rest.replaceChildren();
    return true;
  }

  function recordHeader(variations) {
    const lines = ['[Notation "' + (variations ? '1.1' : '1.0') + '"]', '[Game "' + state.game + '"]'];
    const opts = Object.keys(state.options).map((k) => k + '=' + state.options[k]).join(' ');
    if (opts) lines.push('[Options "' + opts + '"]');
    lines.push('[Opener "' + state.opener + '"]');
    if (state.start) lines.push('[Position "' + escapeTag(state.start) + '"]');
    return lines.join('\n') + '\n';
  }

  // ---- A new game ----------------------------------------------------------------------------------------

  async function newGame(startText) {
    stopAnalysis();
    const position = startText || state.game;
    let v;
    try {
      v = await api('/api/position', { position: position, options: state.options, opener: startText ? undefined : state.opener });
    } catch (e) {
      refuse(e);
      return;
    }
    state.start = startText || null;
    state.extraTags = [];
    state.lenient = false;
    state.nodes = new Map();
    state.nextId = 0;
    newNode(null, { kind: 'start', view: v });
    state.cur = 0;
    $('import-problems').replaceChildren();
    await show();
  }

  // The game form: a select per option of the game chosen, with its values from the rules core.
  function buildOptionFields() {
    const info = gameInfo($('game').value);
    const box = $('option-fields');
    box.replaceChildren();
    for (const o of info.options) {
      const label = el('label', o.key + ' ');
      const s = document.createElement('select');
      s.setAttribute('data-option', o.key);
      for (const value of o.values) {
        const opt = el('option', value);
        opt.value = value;
        s.append(opt);
      }
      s.value = state.game === info.name && state.options[o.key] ? state.options[o.key] : o.default;
      label.append(s);
      box.append(label);
    }
  }

  // The form shows the game of the board.
  function syncForm() {
    $('game').value = state.game;
    buildOptionFields();
    $('opener').value = state.opener;
  }

  function readForm() {
    state.game = $('game').value;
    const info = gameInfo(state.game);
    state.options = {};
    for (const s of document.querySelectorAll('#option-fields select')) {
      const key = s.getAttribute('data-option');
      const o = info.options.find((x) => x.key === key);
      if (s.value !== o.default) state.options[key] = s.value;
    }
    state.opener = $('opener').value;
  }

  function buildTags() {
    const box = $('tags');
    box.replaceChildren();
    for (const k of Object.keys(state.tags)) {
      const id = 'tag-' + k;
      const label = el('label', k);
      label.htmlFor = id;
      const input = document.createElement('input');
      input.type = 'text';
      input.id = id;
      input.value = state.tags[k];
      input.addEventListener('input', () => { state.tags[k] = input.value; scheduleExport(); });
      box.append(label, input);
    }
  }

  // ---- The engine ------------------------------------------------------------------------------------------

  let engineRun = null; // the AbortController of the engine's thinking

  function engineSide() {
    return $('engine-side').value;
  }

  // When the engine's side is to move at the end of a line, it thinks for the time chosen (its
  // analysis knows the round's earlier positions, so it does not go round in circles) and plays
  // its best move; between rounds it sets up the next round for itself.
  function engineFollow() {
    if (engineRun) { engineRun.abort(); engineRun = null; }
    const n = current();
    const v = n.view;
    const side = engineSide();
    // What the engine last did stays said until it thinks again.
    if (!side) $('engine-status').textContent = '';
    if (!side || n.children.length || v.match_over) return;
    if (v.round_over) {
      if (n.children.some((c) => node(c).kind === 'round')) return;
      const d = v.decision || { kind: 'none' };
      if (d.kind === 'none') return; // the person sets the round up with the button
      if (d.player !== side) return;
      return engineDecides(n, v, d);
    }
    if (v.to_move !== side) return;
    const ctrl = new AbortController();
    engineRun = ctrl;
    $('engine-status').textContent = 'The engine thinks…';
    const seconds = Number($('engine-time').value);
    stream({ position: v.position, options: state.options, history: history(n.id), seconds: seconds }, ctrl, (kind, data) => {
      if (kind === 'done' && engineRun === ctrl && current() === n) {
        engineRun = null;
        $('engine-status').textContent = 'The engine played ' + data.best + ' (' + valueWords(data) + ').';
        play(data.best);
      } else if (kind === 'error' && engineRun === ctrl) {
        $('engine-status').textContent = 'The engine has no move: ' + data.message;
      }
    });
  }

  // The engine's set-up decision (B16, G23), chosen by analysis: each candidate round is set up
  // (/api/next-round) and searched for a share of twice the engine's time a move (at least 0.1 s
  // each), and the one whose value is best for the engine is played. The candidates: Bechi,
  // every choice of the holes to fill; Giuthi, the even spread and every layout one seed away
  // from it (all layouts are too many to search in a move's time).
  async function engineDecides(n, v, d) {
    const ctrl = new AbortController();
    engineRun = ctrl;
    const candidates = decisionCandidates(v, d);
    const seconds = Math.max(0.1, (2 * Number($('engine-time').value)) / candidates.length);
    let best = null;
    for (const [k, decision] of candidates.entries()) {
      $('engine-status').textContent = 'The engine weighs its set-up (' + (k + 1) + ' of ' + candidates.length + ')…';
      let r;
      try {
        r = await api('/api/next-round', { position: v.position, options: state.options, decision: decision });
      } catch (e) {
        continue; // a set-up the rules refuse
      }
      if (engineRun !== ctrl) return;
      const a = await searched(r.after.position, seconds, ctrl);
      if (engineRun !== ctrl) return;
      const value = a && typeof a.value === 'number' ? (a.to_move === d.player ? a.value : -a.value) : -Infinity;
      if (!best || value > best.value) best = { value: value, decision: decision, a: a };
    }
    engineRun = null;
    if (!best || current() !== n) return;
    const note = 'The engine chose this set-up: ' + candidates.length + ' set-ups weighed; ' +
      (best.a ? 'value for ' + best.a.to_move + ' ' + valueWords(best.a) : 'none searched') + '.';
    $('engine-status').textContent = note;
    nextRound(best.decision, note);
  }

  // The last event of an analysis of `position` for `seconds`, or null.
  function searched(position, seconds, ctrl) {
    return new Promise((resolve) => {
      let last = null;
      stream({ position: position, options: state.options, history: [], seconds: seconds }, ctrl, (kind, data) => {
        if (kind === 'progress' || kind === 'done') last = data;
      }).then(() => resolve(last));
    });
  }

  // The set-up decisions the engine weighs (engineDecides).
  function decisionCandidates(v, d) {
    if (d.kind === 'fill') {
      const names = holesOf(v, d.player).map((i) => v.layout.names[i]);
      const out = [];
      const pick = (from, chosen) => {
        if (chosen.length === d.holes) { out.push({ kind: 'fill', value: chosen }); return; }
        for (let k = from; k < names.length; k++) pick(k + 1, chosen.concat([names[k]]));
      };
      pick(0, []);
      return out;
    }
    const even = spread(d.seeds, d.holes);
    const out = [{ kind: 'layout', value: even }];
    for (let i = 0; i < d.holes; i++) {
      for (let j = 0; j < d.holes; j++) {
        if (i === j || even[i] < 2) continue;
        const x = even.slice();
        x[i]--;
        x[j]++;
        if (!out.some((o) => o.value.join() === x.join())) out.push({ kind: 'layout', value: x });
      }
    }
    return out;
  }

  // Takes back the last move of the person (and the engine's answer to it): they leave the tree.
  function takeBack() {
    const side = engineSide();
    let n = current();
    if (n.parent === null) return;
    while (n.parent !== null && (n.kind !== 'ply' || n.player === side)) n = node(n.parent);
    if (n.parent === null) return;
    state.cur = n.id;
    const keep = engineRun;
    if (keep) keep.abort();
    // The person's ply goes too: the engine does not answer the position before it again.
    deleteHere();
  }

  // ---- Analysis ------------------------------------------------------------------------------------------

  let analysisRun = null; // the AbortController of the analysis shown

  // An analysis streamed by the server: `on(kind, data)` for each event (start, progress,
  // done, error). Aborting `ctrl` closes the connection, and the server stops the search.
  async function stream(body, ctrl, on) {
    let res;
    try {
      res = await fetch('/api/analyse', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal: ctrl.signal,
      });
    } catch (e) {
      return;
    }
    if (!res.ok) {
      const data = await res.json().catch(() => ({}));
      on('error', { message: data.error ? data.error.message : 'HTTP ' + res.status });
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let k;
        while ((k = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, k);
          buf = buf.slice(k + 2);
          let kind = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) kind = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) on(kind, JSON.parse(data));
        }
      }
    } catch (e) {
      // aborted: the position changed or the user stopped it
    }
  }

  function valueWords(a) {
    const v = (x) => (typeof x === 'number' ? (x > 0 ? '+' + x : String(x)) : x);
    if (a.value !== a.worst) return v(a.value) + ' / ' + v(a.worst) + (a.proved ? ' (each proved; endless play decides)' : ' (estimates at depth ' + a.depth + ')');
    return v(a.value) + (a.exact ? ' (exact)' : ' (estimate at depth ' + a.depth + ')');
  }

  function analysisOn() {
    return $('analyse').getAttribute('aria-pressed') === 'true';
  }

  function stopAnalysis() {
    if (analysisRun) { analysisRun.abort(); analysisRun = null; }
  }

  // The analysis follows the position shown: stopped when it changes, started again there.
  function analysisFollow() {
    const v = current().view;
    if (analysisShown && analysisShown.position !== v.position) analysisShown = null;
    stopAnalysis();
    const box = $('analysis');
    if (!analysisOn()) {
      box.replaceChildren(el('p', 'Off. Analyse shows the value of the position and the best moves as the search deepens.', 'muted'));
      return;
    }
    if (v.round_over) {
      box.replaceChildren(el('p', 'The round is over: nothing to analyse.', 'muted'));
      return;
    }
    const ctrl = new AbortController();
    analysisRun = ctrl;
    box.replaceChildren(el('p', 'Searching…', 'muted'));
    const n = current();
    stream({ position: v.position, options: state.options, history: history(n.id), multipv: Number($('multipv').value) }, ctrl, (kind, data) => {
      if (analysisRun !== ctrl) return;
      if (kind === 'progress' || kind === 'done') {
        analysisShown = { position: v.position, data: data };
        showAnalysis(data, kind === 'done');
        if (timer === null && current() === n) drawBoard();
      } else if (kind === 'error') {
        box.replaceChildren(el('p', data.message, 'problem'));
      }
      if (kind === 'done' || kind === 'error') analysisRun = null;
    });
  }

  function showAnalysis(a, done) {
    const box = $('analysis');
    box.replaceChildren();
    const p = el('p', null, 'value');
    p.id = 'analysis-value';
    p.textContent = 'Value for ' + a.to_move + ': ' + valueWords(a);
    p.setAttribute('data-exact', String(a.exact));
    box.append(p);
    box.append(el('p', 'depth ' + a.depth + ', ' + a.nodes.toLocaleString('en') + ' positions, ' + a.seconds.toFixed(1) + ' s' +
      (done ? (a.stopped ? ', stopped' : ', done') : ', searching…'), 'muted'));
    const ol = document.createElement('ol');
    for (const l of a.lines) {
      const v = typeof l.worst === 'number' && l.worst > 0 ? '+' + l.worst : String(l.worst);
      ol.append(el('li', v + (l.exact ? ' ' : ' ~ ') + l.moves.join(' ')));
    }
    box.append(ol);
    if (!done) {
      const stop = el('button', 'Stop');
      stop.type = 'button';
      stop.id = 'stop-analysis';
      stop.addEventListener('click', () => { stopAnalysis(); box.querySelector('.muted').textContent += ' (stopped)'; stop.remove(); });
      box.append(stop);
    }
  }

  // ---- Keys, drop, start ------------------------------------------------------------------------------------

  // On the board the arrow keys move between holes (the rows as drawn) and Enter or Space
  // clicks; elsewhere ← → Home End step through the game, Escape cancels a choice.
  function boardKeys(e) {
    const g = e.target.closest && e.target.closest('.hole-g');
    if (!g) return false;
    const i = Number(g.getAttribute('data-index'));
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      focusHole = i;
      clickHole(i).finally(() => { focusHole = null; });
      return true;
    }
    const rows = current().view.layout.rows;
    let r = rows.findIndex((row) => row.includes(i));
    let c = rows[r].indexOf(i);
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (!moves[e.key]) return false;
    e.preventDefault();
    r = Math.max(0, Math.min(rows.length - 1, r + moves[e.key][0]));
    c = Math.max(0, Math.min(rows[r].length - 1, c + moves[e.key][1]));
    const to = document.querySelector('#board .hole-g[data-index="' + rows[r][c] + '"]');
    if (to) {
      document.querySelectorAll('#board .hole-g').forEach((h) => h.setAttribute('tabindex', '-1'));
      to.setAttribute('tabindex', '0');
      to.focus();
    }
    return true;
  }

  function init() {
    for (const g of games.games) {
      const o = el('option', g.title);
      o.value = g.name;
      $('game').append(o);
    }
    $('game').addEventListener('change', buildOptionFields);
    $('new-game').addEventListener('submit', (e) => { e.preventDefault(); readForm(); newGame(); });
    $('board').addEventListener('click', (e) => {
      const g = e.target.closest('.hole-g');
      if (g) clickHole(Number(g.getAttribute('data-index')));
    });
    $('first').addEventListener('click', () => end(false));
    $('prev').addEventListener('click', () => step(-1));
    $('next').addEventListener('click', () => step(1));
    $('last').addEventListener('click', () => end(true));
    $('replay-ply').addEventListener('click', animate);
    $('promote').addEventListener('click', promote);
    $('delete').addEventListener('click', deleteHere);
    $('take-back').addEventListener('click', takeBack);
    $('engine-side').addEventListener('change', () => show());
    $('analyse').addEventListener('click', () => {
      $('analyse').setAttribute('aria-pressed', String(!analysisOn()));
      analysisFollow();
    });
    $('multipv').addEventListener('change', analysisFollow);
    $('copy-record').addEventListener('click', () => copy($('export').value, 'record'));
    $('download-record').addEventListener('click', download);
    $('copy-link').addEventListener('click', () => copy(location.href, 'link'));
    const load = () => importRecord($('import-text').value, false, { lenient: $('import-lenient').checked });
    $('import').addEventListener('click', load);
    $('comment').addEventListener('input', editComment);
    $('import-file').addEventListener('change', async () => {
      const f = $('import-file').files[0];
      if (f) { $('import-text').value = await f.text(); load(); }
    });
    document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
    document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
    document.addEventListener('drop', async (e) => {
      e.preventDefault();
      document.body.classList.remove('dragging');
      const f = e.dataTransfer.files[0];
      if (f) { $('import-text').value = await f.text(); load(); }
    });
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    $('animate').checked = !reduced;
    document.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (boardKeys(e)) return;
      const t = e.target;
      if (t && (t.tagName === 'SELECT' || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
      const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => end(false), End: () => end(true),
        s: animate, S: animate, Escape: () => { if (state.pick) cancelPick(); } };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
    window.MancalaEditor.init({ api: api, games: games, G: G, newGame: (text, options) => {
      state.game = text.trim().split(/\s+/)[0];
      state.options = options;
      syncForm();
      return newGame(text);
    } });
    $('open-editor').addEventListener('click', () => {
      readForm();
      window.MancalaEditor.open(current() ? current().view.position : state.game, state.options);
    });
  }

  async function main() {
    games = await api('/api/games');
    G = games.geometry;
    init();
    buildTags();
    if (!(await readAddress())) {
      syncForm();
      readForm();
      await newGame();
    }
    performance.mark('mancala-serve-shown');
  }

  // For the browser test: the state of the page, read only.
  window.mancalaServe = { state: state, current: current, recordText: () => recordText() };

  main();
})();
