// The position editor of `mancala serve` (spec/serve.md §4.5): seeds per hole, marks (Bechi's
// chosen and blocked holes, Sulus Nishtaw's claims, Uugg's uuggs), territories, stores,
// reserves, the side to move, the round and its opener, the opening, a Redu right. The fields
// are the JSON form of a position (spec/notation.md §4.4); the server writes its position
// string and checks it with the messages of `mancala show`, and a string typed in fills the
// fields back.
'use strict';

window.MancalaEditor = (function () {
  const MB = window.MancalaBoard;
  const $ = (id) => document.getElementById(id);
  const el = MB.el;
  let ctx = null; // from app.js: api, games, newGame
  let data = null; // the JSON form edited
  let layout = null; // the board's rows and hole names
  let options = {}; // the options in force
  let legal = null; // the canonical string, when the position is legal
  let asked = 0; // the last request to the server: an answer to an earlier one is dropped

  function info() {
    return ctx.games.games.find((g) => g.name === data.game);
  }

  function input(type, value, label, onChange, attrs) {
    const l = el('label', label ? label + ' ' : '');
    const i = document.createElement('input');
    i.type = type;
    if (type === 'checkbox') i.checked = Boolean(value); else i.value = String(value);
    for (const k in attrs || {}) i.setAttribute(k, attrs[k]);
    i.addEventListener(type === 'checkbox' ? 'change' : 'input', () => onChange(type === 'checkbox' ? i.checked : i.value));
    l.append(i);
    return l;
  }

  function select(values, value, label, onChange, attrs) {
    const l = el('label', label ? label + ' ' : '');
    const s = document.createElement('select');
    for (const [v, text] of values) {
      const o = el('option', text);
      o.value = v;
      s.append(o);
    }
    s.value = value;
    for (const k in attrs || {}) s.setAttribute(k, attrs[k]);
    s.addEventListener('change', () => onChange(s.value));
    l.append(s);
    return l;
  }

  // The owner of a hole: its territory.
  function ownerOf(name) {
    return data.territories && data.territories.A.includes(name) ? 'A' : 'B';
  }

  // The marks a hole may carry in this game: none, or each of the game's marks (a chosen or
  // blocked hole is its owner's; a claim or an uugg is its creator's, either player).
  function markValues(name) {
    const out = [['', 'no mark']];
    for (const m of info().marks) {
      if (m.kind === 'chosen' || m.kind === 'blocked') out.push([m.kind + ':' + ownerOf(name), m.kind]);
      else for (const p of ['A', 'B']) out.push([m.kind + ':' + p, m.kind + ' of ' + p]);
    }
    return out;
  }

  function build() {
    const g = info();
    const board = $('editor-board');
    board.replaceChildren();
    const territories = g.name === 'sulus-nishtaw' || g.name === 'uugg';
    for (const row of layout.rows) {
      const r = el('div', null, 'editor-row');
      for (const i of row) {
        const name = layout.names[i];
        const cell = el('div', null, 'editor-hole own-' + ownerOf(name).toLowerCase());
        cell.setAttribute('role', 'group');
        cell.setAttribute('aria-label', 'hole ' + name);
        cell.append(input('number', data.holes[name], name, (v) => { data.holes[name] = Math.max(0, parseInt(v, 10) || 0); changed(); },
          { min: '0', max: '999', 'data-hole': name }));
        if (g.marks.length) {
          const m = data.marks[name];
          cell.append(select(markValues(name), m ? m.kind + ':' + m.owner : '', 'mark', (v) => {
            if (v) { const [kind, owner] = v.split(':'); data.marks[name] = { kind: kind, owner: owner }; } else delete data.marks[name];
            changed();
          }, { 'data-mark': name }));
        }
        if (territories) {
          cell.append(select([['A', 'A'], ['B', 'B']], ownerOf(name), 'owner', (v) => {
            data.territories.A = data.territories.A.filter((x) => x !== name);
            data.territories.B = data.territories.B.filter((x) => x !== name);
            data.territories[v].push(name);
            changed(true);
          }, { 'data-owner': name }));
        }
        r.append(cell);
      }
      board.append(r);
    }
    const f = $('editor-fields');
    f.replaceChildren();
    f.append(select([['A', 'A'], ['B', 'B']], data.to_move, 'to move', (v) => { data.to_move = v; changed(); }, { id: 'editor-to-move' }));
    for (const p of ['A', 'B']) {
      f.append(input('number', data.stores[p], 'store ' + p, (v) => { data.stores[p] = parseInt(v, 10) || 0; changed(); }, { min: '0' }));
    }
    if (g.name === 'bechi' || g.name === 'giuthi') {
      for (const p of ['A', 'B']) {
        f.append(input('number', data.reserves[p], 'reserve ' + p, (v) => { data.reserves[p] = parseInt(v, 10) || 0; changed(); }, { min: '0' }));
      }
    }
    if (g.name !== 'redu') f.append(input('number', data.round, 'round', (v) => { data.round = Math.max(1, parseInt(v, 10) || 1); changed(); }, { min: '1' }));
    if (g.opener_alternates) {
      f.append(select([['A', 'A'], ['B', 'B']], data.opener || 'B', 'opener of the round', (v) => { data.opener = v; changed(); }));
    }
    if (g.opening) f.append(input('checkbox', data.opening, 'opening still to play', (v) => { data.opening = v; changed(); }));
    if (g.name === 'redu') {
      const r = data.right || { kind: '', hole: layout.names[0] };
      f.append(select([['', 'none'], ['O1', 'O1'], ['O2', 'O2'], ['O3', 'O3']], r.kind, 'right', (v) => {
        data.right = v ? { kind: v, hole: (data.right && data.right.hole) || holeOfMover() } : null;
        changed(true);
      }));
      if (data.right) {
        f.append(select(layout.names.map((n) => [n, n]), data.right.hole, 'on hole', (v) => { data.right.hole = v; changed(); }));
      }
    }
  }

  function holeOfMover() {
    return layout.names.find((n) => n.endsWith(data.to_move)) || layout.names[0];
  }

  let timer = null;
  // A field changed: the string and its check follow (`rebuild` when the fields themselves change).
  function changed(rebuild) {
    if (rebuild) build();
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const mine = ++asked;
      try {
        const r = await ctx.api('/api/edit', { data: data, options: options });
        if (mine !== asked) return;
        $('editor-text').value = r.position || '';
        check(r);
      } catch (e) {
        if (mine === asked) check({ ok: false, error: e.refusal });
      }
    }, 120);
  }

  function check(r) {
    const box = $('editor-check');
    box.replaceChildren();
    legal = r.ok ? r.position : null;
    box.className = r.ok ? 'ok' : 'problem';
    if (r.ok) box.textContent = '✓ a legal position' + (r.view ? ' of ' + r.view.title : '') + '.';
    else box.append(MB.withRules(r.error.message, 't', (id) => /^[BGRSU][0-9]/.test(id), () => {}));
    $('editor-play').disabled = !r.ok;
  }

  // Reads a position string typed in: the fields follow it.
  async function fromText(text) {
    const mine = ++asked;
    let r;
    try {
      r = await ctx.api('/api/edit', { text: text, options: options });
    } catch (e) {
      if (mine === asked) check({ ok: false, error: e.refusal });
      return;
    }
    if (mine !== asked) return;
    const d = r.ok ? r.view.position_data : r.position_data;
    if (d) await load(d);
    check(r);
  }

  // Takes a JSON form to edit, with the layout of its board.
  async function load(d) {
    const same = data && data.game === d.game && layout && Object.keys(d.holes).length === layout.names.length;
    data = JSON.parse(JSON.stringify(d));
    data.right = data.right || null;
    if (!same) {
      const v = await ctx.api('/api/position', { position: data.game, options: data.options });
      layout = v.layout;
    }
    build();
  }

  async function open(position, opts) {
    options = Object.assign({}, opts);
    $('editor').hidden = false;
    $('editor-text').value = position;
    await fromText(position);
    $('editor-title').scrollIntoView({ block: 'nearest' });
    $('editor-text').focus();
  }

  function init(c) {
    ctx = c;
    let t = null;
    $('editor-text').addEventListener('input', () => {
      clearTimeout(t);
      t = setTimeout(() => fromText($('editor-text').value), 250);
    });
    $('editor-close').addEventListener('click', () => { $('editor').hidden = true; $('open-editor').focus(); });
    $('editor-play').addEventListener('click', () => {
      if (!legal) return;
      $('editor').hidden = true;
      const opts = {};
      const g = info();
      for (const o of g.options) if (data.options[o.key] !== o.default) opts[o.key] = data.options[o.key];
      ctx.newGame(legal, opts);
    });
  }

  return { init: init, open: open };
})();
