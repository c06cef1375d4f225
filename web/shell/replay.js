// Replay and study any match on its game's own play page: step through the
// moves (← → Home End), jump to a move from the list, see the engine's
// evaluation graph with the biggest falls marked as mistakes, and start a new
// match from any position.
import { api, rememberSeat } from './api.js';
import { h, toast, showError, openDialog, registerKeys, currentKeys, showKeys } from './shell.js';
import { seatLabel, recordLink, cleanAddress } from './session.js';
import { inviteDialog } from './online.js';
import { svgEl } from './svg.js';

const W = 300;
const H = 96;

const navIcon = {
  start: 'M6 5v14M18 5l-9 7 9 7z',
  prev: 'M15 5l-8 7 8 7z',
  next: 'M9 5l8 7-8 7z',
  end: 'M18 5v14M6 5l9 7-9 7z',
};

function navButton(name, label, key, onclick) {
  const svg = svgEl('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' }, svgEl('path', { d: navIcon[name], fill: 'currentColor', stroke: 'currentColor', 'stroke-width': '1.4', 'stroke-linejoin': 'round' }));
  return h('button', { class: 'btn nav-btn', type: 'button', id: `replay-${name}`, title: `${label} (${key})`, 'aria-label': label, onclick }, svg);
}

/**
 * Shows the match `id` move by move on the page; `moveText` writes a move
 * as the game's own move list does (the notation by default).
 * @returns a session: {kind: 'replay', view, close()}
 */
export async function startReplay({ game, id, ply, panel, render, root, moveText = (move) => move }) {
  const final = await api(`/api/matches/${encodeURIComponent(id)}`);
  if (final.game !== game.slug) {
    location.replace(`/play/${encodeURIComponent(final.game)}?replay=${encodeURIComponent(id)}`);
    return new Promise(() => {});
  }
  const moves = final.history;
  const plies = moves.length;
  const cache = new Map();
  let current = Math.max(0, Math.min(plies, ply === null || ply === undefined || ply === '' ? plies : Number(ply) || 0));
  let shownPly = null;
  let wanted = current;
  let loading = false;
  let analysis = null;
  let closed = false;

  root.classList.add('replay-mode');
  const pos = h('span', { class: 'replay-pos', id: 'replay-pos', 'aria-live': 'polite' });
  const graphBox = h('div', { class: 'eval-box', id: 'eval' },
    h('p', { class: 'eval-wait' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'The engine is studying the game…'));
  const list = h('ol', { class: 'replay-moves', id: 'replay-moves', 'aria-label': 'Moves: choose one to see the position after it' });
  const who = (seat) => seatLabel(final, seat, { levels: game.levels || [] });
  const card = h('section', { class: 'card replay-card', id: 'replay', 'aria-label': 'Replay' },
    h('div', { class: 'replay-head' },
      h('h2', {}, 'Replay'),
      h('a', { class: 'head-link', href: '/matches' }, 'All games'),
      h('span', { 'aria-hidden': 'true', class: 'head-link' }, '·'),
      pos),
    h('p', { class: 'replay-players' }, `${who(0).replace(/ \(you\)$/, ', you')} (${game.sides[0]}) – ${who(1).replace(/ \(you\)$/, ', you')} (${game.sides[1]})`),
    h('div', { class: 'replay-nav' },
      navButton('start', 'Start', 'Home', () => go(0)),
      navButton('prev', 'Previous move', '←', () => go(wanted - 1)),
      navButton('next', 'Next move', '→', () => go(wanted + 1)),
      navButton('end', 'Last move', 'End', () => go(plies))),
    graphBox,
    list,
    h('div', { class: 'replay-actions' },
      h('button', { class: 'btn primary', type: 'button', id: 'play-from-here', onclick: () => playFromHere() }, 'Play from here', h('kbd', {}, 'N')),
      recordLink(h('a', { class: 'btn', download: `tabula-${game.slug}-${id}.txt`, id: 'replay-record' }, 'Record'), id)));
  const anchor = panel.querySelector('.moves-card');
  if (anchor) anchor.before(card);
  else panel.append(card);

  // The move list: a start entry, then one button per move.
  const start = h('li', {}, h('button', { type: 'button', class: 'rp-move rp-start', 'data-ply': '0', onclick: () => go(0) }, 'Start'));
  list.append(start);
  // A row per move pair, each side in its own column; a side that moves
  // twice in a row (as a lone survivor may) starts a new row.
  let rows = 0;
  moves.forEach((m, i) => {
    const newRow = i === 0 || m.side === 0 || moves[i - 1].side === m.side;
    const number = newRow ? h('span', { class: 'rp-num', 'aria-hidden': 'true' }, `${++rows}.`) : null;
    list.append(h('li', { class: `rp-item side-${m.side}` },
      number,
      h('button', { type: 'button', class: 'rp-move', 'data-ply': String(i + 1), onclick: () => go(i + 1), 'aria-label': `Move ${i + 1}: ${moveText(m.move)} by ${who(m.side)}` }, moveText(m.move))));
  });

  const savedKeys = currentKeys();
  const keep = savedKeys.filter((k) => (k.keys || [k.key]).includes('F1'));
  registerKeys([
    { key: 'ArrowLeft', label: 'Previous move', run: () => go(wanted - 1) },
    { key: 'ArrowRight', label: 'Next move', run: () => go(wanted + 1) },
    { key: 'Home', label: 'The start position', run: () => go(0) },
    { key: 'End', label: 'The last position', run: () => go(plies) },
    { key: 'n', label: 'Play a new game from this position', run: () => playFromHere() },
    ...keep,
  ]);

  async function viewAt(n) {
    if (!cache.has(n)) cache.set(n, api(`/api/matches/${encodeURIComponent(id)}/at/${n}`).catch((err) => {
      cache.delete(n);
      throw err;
    }));
    return cache.get(n);
  }

  async function go(n) {
    if (closed) return;
    wanted = Math.max(0, Math.min(plies, n));
    if (loading) return;
    loading = true;
    try {
      while (!closed && shownPly !== wanted) {
        const target = wanted;
        const v = await viewAt(target);
        if (closed) return;
        current = target;
        shownPly = target;
        render(v);
        update();
      }
    } catch (err) {
      showError(err);
    } finally {
      loading = false;
    }
    // Look one step ahead both ways, so stepping feels instant.
    for (const k of [current + 1, current - 1]) if (k >= 0 && k <= plies) viewAt(k).catch(() => {});
  }

  function update() {
    pos.textContent = current === 0 ? `Start · ${plies} moves` : `Move ${current} of ${plies}`;
    for (const b of list.querySelectorAll('.rp-move')) {
      const on = Number(b.dataset.ply) === current;
      b.classList.toggle('current', on);
      if (on) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
    const on = list.querySelector('.rp-move.current');
    if (on) {
      const top = on.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + on.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
    card.querySelector('#replay-start').disabled = current === 0;
    card.querySelector('#replay-prev').disabled = current === 0;
    card.querySelector('#replay-next').disabled = current === plies;
    card.querySelector('#replay-end').disabled = current === plies;
    drawMarker();
    const q = new URLSearchParams({ replay: id });
    if (current !== plies) q.set('ply', String(current));
    history.replaceState(null, '', `${location.pathname}?${q}`);
  }

  /* ---------- The evaluation graph ---------- */

  const xOf = (i) => (plies ? (i / plies) * W : W / 2);
  const yOf = (g) => H / 2 - g * (H / 2 - 6);
  let marker = null;

  function drawGraph(a) {
    const g = a.graph;
    const pts = g.map((v, i) => `${xOf(i).toFixed(1)},${yOf(v).toFixed(1)}`);
    const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'eval-graph', id: 'eval-graph', role: 'img', preserveAspectRatio: 'none' });
    const mistakes = a.mistakes || [];
    svg.setAttribute('aria-label', `Evaluation over the game, up for ${game.sides[0]}, down for ${game.sides[1]}.` +
      (mistakes.length ? ` Mistakes at move ${mistakes.map((m) => m.ply + 1).join(', ')}.` : ' No big mistakes.'));
    svg.append(
      svgEl('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'eval-first' }),
      svgEl('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'eval-second' }),
      svgEl('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'eval-zero' }));
    if (g.length > 1) {
      svg.append(svgEl('polygon', { points: `0,${H / 2} ${pts.join(' ')} ${xOf(g.length - 1).toFixed(1)},${H / 2}`, class: 'eval-area' }));
      svg.append(svgEl('polyline', { points: pts.join(' '), class: 'eval-line' }));
    }
    marker = svgEl('line', { y1: 0, y2: H, class: 'eval-marker' });
    svg.append(marker);
    for (const m of mistakes) {
      const i = m.ply + 1;
      svg.append(svgEl('circle', { cx: xOf(i).toFixed(1), cy: yOf(g[i]).toFixed(1), r: 4, class: 'eval-mistake', 'data-ply': i },
        svgEl('title', {}, `Move ${i}, ${m.move}: a mistake by ${who(m.side)}`)));
    }
    const pick = (e) => {
      const r = svg.getBoundingClientRect();
      const i = Math.round(((e.clientX - r.left) / r.width) * plies);
      go(i);
    };
    svg.addEventListener('click', pick);
    const legend = h('div', { class: 'eval-legend' },
      h('span', {}, `▲ ${game.sides[0]} better`), h('span', {}, `▼ ${game.sides[1]} better`),
      mistakes.length ? h('span', { class: 'eval-key' }, h('span', { class: 'eval-dot', 'aria-hidden': 'true' }), `${mistakes.length} mistake${mistakes.length === 1 ? '' : 's'}`) : h('span', {}, 'no big mistakes'));
    graphBox.replaceChildren(svg, legend);
    for (const m of mistakes) {
      const b = list.querySelector(`.rp-move[data-ply="${m.ply + 1}"]`);
      if (b) {
        b.classList.add('mistake');
        b.title = `A mistake: the engine’s view of the game fell by ${Math.round(m.drop * 50)}%`;
        b.append(h('span', { class: 'rp-mark', 'aria-label': ', a mistake' }, '?'));
      }
    }
    drawMarker();
  }

  function drawMarker() {
    if (!marker) return;
    const x = xOf(current).toFixed(1);
    marker.setAttribute('x1', x);
    marker.setAttribute('x2', x);
  }

  async function loadAnalysis() {
    try {
      analysis = await api(`/api/matches/${encodeURIComponent(id)}/analysis`);
      if (!closed) drawGraph(analysis);
    } catch (err) {
      if (!closed) graphBox.replaceChildren(h('p', { class: 'eval-wait' }, `The engine could not study this game: ${err.message}`));
    }
  }

  /* ---------- A new match from here ---------- */

  async function playFromHere() {
    if (document.getElementById('from-here-dialog')) return;
    let v;
    try {
      v = await viewAt(current);
    } catch (err) {
      showError(err);
      return;
    }
    if (v.result) {
      toast('The game is over in this position: step back to a move before the end.');
      return;
    }
    const levels = game.levels || [];
    const toMove = v.side_to_move;
    const form = h('form', { class: 'settings-form from-here', onsubmit: (e) => e.preventDefault() },
      h('div', { class: 'settings-col' },
        h('p', { class: 'help' }, current === 0 ? 'A new game from the start position of this one.' : `A new game from the position after move ${current}, with ${game.sides[toMove]} to move.`),
        h('fieldset', {}, h('legend', {}, 'Opponent'), radioGroup('mode', 'computer', [['computer', 'The computer'], ['two', 'A friend, same screen'], ['online', 'A friend, online']])),
        h('fieldset', { id: 'from-level' }, h('legend', {}, 'Computer level'), radioGroup('level', (levels[1] || levels[0] || {}).key, levels.map((l) => [l.key, l.name]))),
        h('fieldset', { id: 'from-side' }, h('legend', {}, 'You play'), radioGroup('side', String(toMove), [['0', game.sides[0]], ['1', game.sides[1]]]))));
    const sync = () => {
      const mode = form.elements.mode.value;
      form.querySelector('#from-level').disabled = mode !== 'computer';
      form.querySelector('#from-side').disabled = mode === 'two';
    };
    form.addEventListener('change', sync);
    sync();
    openDialog({
      title: 'Play from this position',
      body: form,
      id: 'from-here-dialog',
      actions: [
        { label: 'Cancel' },
        {
          label: 'Start',
          primary: true,
          run: async () => {
            const f = form.elements;
            const seat = Number(f.side.value);
            if (f.mode.value === 'online') {
              setTimeout(() => inviteDialog({ game, options: final.options, position: v.position, seat }), 0);
              return;
            }
            const players = ['human', 'human'];
            if (f.mode.value === 'computer') players[1 - seat] = `level:${f.level.value}`;
            try {
              const m = await api('/api/matches', { method: 'POST', body: { game: game.slug, options: final.options, position: v.position, players } });
              rememberSeat(m.id, null);
              location.assign(`/play/${encodeURIComponent(game.slug)}?match=${encodeURIComponent(m.id)}`);
            } catch (err) {
              showError(err);
              return false;
            }
          },
        },
      ],
    });
  }

  function radioGroup(name, current, choices) {
    return h('div', { class: 'segmented', role: 'radiogroup' },
      ...choices.map(([value, label]) => h('label', {},
        h('input', { type: 'radio', name, value, checked: String(current) === String(value) }), label)));
  }

  const first = await viewAt(current);
  shownPly = current;
  update();
  loadAnalysis();

  return {
    kind: 'replay',
    view: first,
    close() {
      if (closed) return;
      closed = true;
      card.remove();
      root.classList.remove('replay-mode');
      registerKeys(savedKeys);
      cleanAddress();
    },
    showKeys,
  };
}
