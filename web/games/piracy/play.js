// Piracy: the play page. The server keeps the match (docs/api.md); this
// module draws the sea, steers the ships from the keyboard or by clicks on
// their target squares, asks the computer for its moves, takes moves back
// and replays them, and fires the cannons (Web Audio, made on the spot).

import { openRulesDialog } from '/static/shell/rules-dialog.js';
import { radioGroup, checkbox } from '/static/shell/form.js';
import { inviteFriend, replayHref } from '/static/shell/session.js';
import {
  createMatchController, humanCanMove, vsComputer as hasComputer, playersFromSettings, playerLabel as seatPlayer, matchHeadline,
} from '/static/shell/match-controller.js';
import { openSettingsDialog } from '/static/shell/settings-dialog.js';
import { audioContext } from '/static/shell/sound.js';
import { BoardView, SHIP_NAMES, TURN_KEYS, TURN_WORDS, swatch } from './board.js';

const SLUG = 'piracy';
const MIN_GAP_MS = 430; // let the eye follow one move before the next one lands
const ISLANDS = ['c3', 'd3', 'e3', 'c4', 'd4', 'e4', 'c5', 'd5', 'e5'];

const PAGE_CSS = `
.pz-status .keys-hint { display: flex; flex-wrap: wrap; gap: 4px 10px; margin-top: 6px; font-size: 0.88rem; color: var(--ink-soft); }
.pz-status .keys-hint span { display: inline-flex; align-items: center; gap: 4px; }
.pz-status .owed { margin-top: 8px; padding: 6px 10px; border-radius: 8px; background: var(--surface-2); font-size: 0.92rem; }
.pz-status .owed strong { font-size: 1.15rem; font-variant-numeric: tabular-nums; }
.pz-ships { padding: 6px; display: grid; gap: 4px; }
.pz-ship { display: grid; grid-template-columns: auto 1fr auto; gap: 4px 10px; align-items: center; padding: 8px 10px; border-radius: 8px; border-left: 4px solid transparent; }
.pz-ship > svg { width: 22px; height: 22px; }
.pz-ship.to-move { background: var(--surface-2); border-left-color: var(--focus); }
.pz-ship.sunk { opacity: 0.7; }
.pz-ship .who { display: grid; line-height: 1.25; min-width: 0; }
.pz-ship .name { font-weight: 650; }
.pz-ship .player { font-size: 0.85rem; color: var(--ink-soft); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.pz-ship .where { font-size: 0.8rem; color: var(--ink-soft); font-variant-numeric: tabular-nums; }
.pz-ship .gauges { display: grid; justify-items: end; gap: 3px; }
.pz-hits { display: flex; gap: 3px; }
.pz-hits i { width: 11px; height: 11px; border-radius: 3px; border: 1.5px solid var(--ink-soft); display: block; }
.pz-hits i.on { background: var(--bad); border-color: var(--bad); }
.pz-circ { display: inline-flex; align-items: center; gap: 5px; font-size: 0.82rem; color: var(--ink-soft); font-variant-numeric: tabular-nums; }
.pz-circ svg { width: 18px; height: 18px; }
.pz-circ.warn { color: var(--bad); font-weight: 650; }
.pz-ship .fate { grid-column: 2 / -1; font-size: 0.85rem; color: var(--bad); }
.pz-ship .left-to-go { grid-column: 2 / -1; font-size: 0.88rem; }
.pz-controls { grid-template-columns: 1fr 1fr; }
.pz-controls .wide { grid-column: 1 / -1; }
.board-box .zoom-tools { position: absolute; right: 0.7%; top: 22%; width: max(24px, 5%); display: flex; flex-direction: column; gap: 5px; }
.board-box .zoom-tools button { width: 100%; aspect-ratio: 1; padding: 0; border-radius: 8px; border: 1px solid var(--line); background: color-mix(in srgb, var(--surface) 88%, transparent); color: var(--ink); font: inherit; font-size: 1.05rem; line-height: 1; cursor: pointer; }
.board-box .zoom-tools button:disabled { opacity: 0.45; cursor: default; }
.board-box .zoom-tools button:hover { background: var(--surface-2); }
.board-box .zoom-tools button[hidden] { display: none; }
.pz-moves .mv-pair .mv { min-width: 0; flex-wrap: wrap; column-gap: 6px; row-gap: 0; }
.pz-moves .mv-turn { font-weight: 650; min-width: 1.7em; }
.pz-moves .mv-to { color: var(--ink-soft); }
.pz-moves .mv-note { color: var(--bad); font-weight: 650; font-size: 0.85rem; }
.pz-analysis { font-size: 0.86rem; color: var(--ink-soft); margin: 6px 0 0; }
@media (max-width: 700px) { .pz-status .keys-hint { font-size: 0.84rem; } }
`;

function injectPageCss() {
  if (document.getElementById('pz-page-css')) return;
  const style = document.createElement('style');
  style.id = 'pz-page-css';
  style.textContent = PAGE_CSS;
  document.head.append(style);
}

export async function mount({ root, game, shell, api, params }) {
  const { h, toast, showError } = shell;
  injectPageCss();

  /* ---------- Settings ---------- */

  const levels = game.levels && game.levels.length ? game.levels : [{ key: 'medium', name: 'Medium', about: '' }];
  const defaults = {
    mode: 'computer',
    level: (levels.find((l) => l.key === 'medium') || levels[0]).key,
    side: 'cook',
    island: 'seed',
    graphics: 'chart',
    sound: true,
  };
  const store = shell.createStore(SLUG, defaults);
  if (!levels.some((l) => l.key === store.get('level'))) store.set('level', defaults.level);
  if (store.get('island') !== 'seed' && !ISLANDS.includes(store.get('island'))) store.set('island', 'seed');

  /* ---------- Page ---------- */

  shell.mountTopbar({
    title: game.name,
    actions: [
      { label: 'New game', icon: 'new', key: 'N', onClick: () => newGame(), id: 'tb-new' },
      { label: 'Play online', icon: 'online', onClick: () => inviteFriend({ game, options: optionsFor(randomChart()) }), id: 'tb-online' },
      { label: 'Settings', icon: 'settings', onClick: () => showSettings(), id: 'tb-settings' },
      { label: 'Rules', icon: 'rules', key: 'F1', href: `/rules/${SLUG}`, onClick: () => showRules(), id: 'tb-rules' },
      { label: 'Keys', icon: 'help', key: '?', onClick: () => shell.showKeys(), id: 'tb-help' },
    ],
  });

  const boardBox = h('div', { class: 'board-box', id: 'board' });
  const zoomOut = h('button', { type: 'button', id: 'zoom-out', title: 'Zoom out (−)', 'aria-label': 'Zoom out', onclick: () => zoom(-1) }, '−');
  const zoomIn = h('button', { type: 'button', id: 'zoom-in', title: 'Zoom in (+)', 'aria-label': 'Zoom in', onclick: () => zoom(1) }, '+');
  const zoomAll = h('button', { type: 'button', id: 'zoom-all', title: 'The whole chart (0)', 'aria-label': 'Show the whole chart', onclick: () => zoom(0) }, '⤢');
  const zoomTools = h('div', { class: 'zoom-tools' }, zoomOut, zoomIn, zoomAll);
  const statusCard = h('section', { class: 'card status-card pz-status', id: 'status', 'aria-label': 'Game status', 'aria-live': 'polite' });
  const shipsCard = h('section', { class: 'card pz-ships', id: 'ships', 'aria-label': 'The ships' });
  const backBtn = h('button', { class: 'btn', type: 'button', id: 'back-btn', onclick: () => takeBack() }, 'Take back', h('kbd', {}, 'T'));
  const replayBtn = h('button', { class: 'btn', type: 'button', id: 'replay-btn', onclick: () => replay() }, 'Replay', h('kbd', {}, 'R'));
  const soundBtn = h('button', { class: 'btn toggle', type: 'button', id: 'sound-btn', 'aria-pressed': String(!!store.get('sound')), onclick: () => toggleSound() },
    h('span', { class: 'switch', 'aria-hidden': 'true' }), 'Sound', h('kbd', {}, 'S'));
  const modeBtn = h('button', { class: 'btn', type: 'button', id: 'mode-btn', onclick: () => toggleMode() }, 'Plain board', h('kbd', {}, 'M'));
  const controls = h('div', { class: 'controls pz-controls' }, backBtn, replayBtn, soundBtn, modeBtn);
  const moveList = h('ol', { class: 'move-list', id: 'move-list', 'aria-live': 'polite', 'aria-label': 'Moves' });
  const movesCard = h('section', { class: 'card moves-card pz-moves' }, h('h2', {}, 'Log'), moveList);
  const footer = h('p', { class: 'match-facts', id: 'match-facts' });
  const side = h('aside', { class: 'side-panel', 'aria-label': 'Game panel' }, statusCard, shipsCard, controls, movesCard, footer);
  root.replaceChildren(h('div', { class: 'board-area' }, boardBox), side);

  const board = new BoardView({
    interactive: true,
    mode: store.get('graphics'),
    label: 'Piracy sea chart: north is up. The lit markers are where the ship to move can sail; click one, or use the keys.',
    onPlay: (turn) => playMove(turn),
  });
  boardBox.replaceChildren(board.svg, zoomTools);
  syncModeButton();
  syncZoomTools();

  /* ---------- Match state ---------- */

  let view = null; // the view on the page: the controller's latest, handed to show()
  let movesByTurn = new Map(); // legal move → info
  let redo = []; // moves taken back with T, newest last, to replay with R
  let analysis = false; // a finished game against the computer, reopened between two people
  let notes = []; // what each move did, by history index, when it was seen being played
  let shown = { id: null, count: 0 };

  const ctl = createMatchController({
    game, shell, api, params, panel: side, root,
    minGapMs: MIN_GAP_MS,
    show,
    renderStatus,
    catchUp: { quiet: true },
    mayPlay: (turn) => {
      if (view.result) {
        toast('The game is over: N starts a new one, T takes back a move.');
        return false;
      }
      if (!humanToMove()) {
        if (view.computer_to_move) toast('Wait a moment: the computer is still steering.');
        else if (view.online && !view.can_move) toast(view.online.seat === null || view.online.seat === undefined ? 'You are watching this game.' : `Waiting for ${playerLabel(view.side_to_move)}.`);
        return false;
      }
      return movesByTurn.has(turn);
    },
    settled: () => markReady(),
    beforeStart: () => {
      redo = [];
      analysis = false;
    },
    fresh: () => {
      board.trails = [[], []];
      board.angles = [null, null];
    },
  });

  /** For people and tests alike: which ship the keys steer right now ('' while waiting), and the move count. */
  function markReady() {
    const ready = view && !ctl.busy && humanToMove();
    root.dataset.ready = ready ? SHIP_NAMES[view.side_to_move].toLowerCase() : '';
    root.dataset.ply = view ? String(view.history.length) : '';
    root.dataset.over = view && view.result ? 'true' : 'false';
  }

  const humanSeat = (seat) => view && view.players[seat] === 'human';
  const vsComputer = () => view && view.players.some((p) => p !== 'human');
  const humanToMove = () => humanCanMove(view);
  const shared = () => view && (view.online || view.replay);
  const seatToMove = () => (view ? view.side_to_move : 0);

  const playerLabel = (seat) => (analysis ? 'Analysis' : seatPlayer(view, seat, { levels }));

  /** What one move did, from the states before and after it. */
  function describe(before, after, seat, move) {
    const a = before.ships[seat];
    const b = after.ships[seat];
    const o0 = before.ships[1 - seat];
    const o1 = after.ships[1 - seat];
    const aground = b.fate === 'aground' && !a.sunk;
    return {
      to: aground ? b.aground_at || 'coast' : b.bow,
      hits: Math.max(0, o1.hits - o0.hits),
      aground,
      sank: !o0.sunk && o1.sunk,
      circled: b.hits > a.hits,
      selfSunk: !a.sunk && b.sunk && !aground,
    };
  }

  /** Draws a view the controller accepted (`before`: the one it replaces; `quiet`: no cannon, no announcement). */
  function show(v, before, { quiet = false } = {}) {
    view = v;
    movesByTurn = new Map((v.moves || []).map((m) => [m.move, m.info || {}]));
    const flash = [];
    const splash = [];
    const stepped = before && before.id === v.id && v.history.length === before.history.length + 1;
    if (stepped) {
      const last = v.history[v.history.length - 1];
      notes[v.history.length - 1] = describe(before.state, v.state, last.side, last.move);
      for (const seat of [0, 1]) {
        const was = before.state.ships[seat];
        const now = v.state.ships[seat];
        if (!was.sunk && now.sunk) splash.push(seat);
        else if (now.hits > was.hits) flash.push(seat);
      }
      if (!quiet) {
        if (splash.length) sound('sink');
        else if (flash.length) sound('hit', flash.map((seat) => v.state.ships[seat].hits - before.state.ships[seat].hits).reduce((x, y) => x + y, 0));
      }
    } else if (!before || before.id !== v.id) {
      notes = [];
    }
    notes.length = Math.min(notes.length, v.history.length);
    const mover = v.result ? null : v.side_to_move;
    const targets = humanToMove() ? (v.moves || []).map((m) => ({ ...m.info, turn: m.move })) : [];
    board.update(v.state, { targets, toMove: mover, flash, splash });
    if (mover !== null && !v.state.ships[mover].sunk) board.follow(v.state.ships[mover].bow_xy);
    renderPanel();
    if (stepped && !quiet && v.result) announceEnd();
    markReady();
  }

  /* ---------- Panel ---------- */

  function renderPanel() {
    renderStatus();
    renderShips();
    renderMoves();
    renderFacts();
    backBtn.disabled = !canTakeBack();
    replayBtn.disabled = !redo.length;
  }

  function keysHint(seat) {
    const keys = TURN_KEYS[seat];
    const parts = ['L', 'S', 'R'].map((t) => h('span', {}, h('kbd', {}, keys[t]), TURN_WORDS[t]));
    const ship = view.state.ships[seat];
    const harbour = ship && ship.in_harbour;
    if (harbour) parts.push(h('span', {}, h('kbd', {}, '⇧'), ' + turn key: 90° in the harbour'));
    return h('div', { class: 'keys-hint', id: 'keys-hint' }, ...parts);
  }

  function renderStatus() {
    if (!view) return;
    const st = view.state;
    const parts = [];
    if (view.result) {
      const w = view.result.winner;
      const headline = matchHeadline(view, { levels, sideName: (seat) => SHIP_NAMES[seat], computer: hasComputer(view) && !analysis });
      parts.push(h('div', { class: 'result-banner', id: 'result', role: 'status' },
        h('div', { class: 'result-head' }, w === null || w === undefined ? null : swatch(w), h('strong', {}, headline)),
        h('p', { class: 'result-reason' }, view.result.reason || ''),
        h('div', { class: 'result-actions' },
          h('button', { class: 'btn primary', type: 'button', onclick: () => newGame() }, 'New game', h('kbd', {}, 'N')),
          h('button', { class: 'btn', type: 'button', id: 'same-chart', onclick: () => sameChart() }, 'Same chart'),
          shared() ? null : h('button', { class: 'btn', type: 'button', onclick: () => takeBack() }, 'Take back', h('kbd', {}, 'T')),
          view.replay ? null : h('a', { class: 'btn', href: replayHref(SLUG, view.id), id: 'replay-link' }, 'Replay')),
        shared() ? null : h('p', { class: 'pz-analysis' }, 'Go through the game again: T takes back a move, R replays it.')));
    } else {
      const seat = st.ships.findIndex((s) => s.name === st.to_move);
      const mover = seat >= 0 ? seat : view.side_to_move;
      const name = SHIP_NAMES[mover];
      const thinkingNow = view.computer_to_move;
      const passive = !thinkingNow && shared() && !view.can_move;
      let who;
      let detail;
      if (passive) {
        who = view.online && view.online.seat === mover ? `Your move: ${name}` : `${name} to move`;
        if (view.replay) detail = h('span', {}, `The position after move ${view.replay.ply} of ${view.replay.plies}.`);
        else if (view.online.seat === null || view.online.seat === undefined) detail = h('span', {}, 'You are watching this game.');
        else detail = h('span', {}, `Waiting for ${playerLabel(mover)}.`);
      } else if (thinkingNow) {
        who = `${name} to move`;
        detail = h('span', { class: 'thinking', id: 'thinking' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), `The computer steers ${name}…`);
      } else {
        who = (vsComputer() && !analysis) || view.online ? `Your move: ${name}` : `${name} to move`;
        detail = keysHint(mover);
      }
      parts.push(h('div', { class: `turn turn-${mover}` }, swatch(mover),
        h('div', {}, h('strong', { class: 'turn-who' }, who), h('div', { class: 'turn-detail' }, detail))));
      if (st.moves_owed !== null && st.moves_owed !== undefined && st.survivor) {
        const left = st.moves_owed;
        parts.push(h('div', { class: 'owed', id: 'owed' },
          `${st.survivor} must still make `, h('strong', {}, String(left)), ` move${left === 1 ? '' : 's'} to win.`));
      }
    }
    if (analysis) parts.push(h('p', { class: 'pz-analysis' }, 'Analysis: both ships answer to the keys. T takes back, R replays.'));
    statusCard.replaceChildren(...parts);
  }

  function circlingIcon(count) {
    const NSS = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(NSS, 'svg');
    svg.setAttribute('viewBox', '-10 -10 20 20');
    svg.setAttribute('aria-hidden', 'true');
    const n = Math.abs(count);
    for (let i = 0; i < 8; i++) {
      const a0 = ((i * 45 - 90 + 4) * Math.PI) / 180;
      const a1 = (((i + 1) * 45 - 90 - 4) * Math.PI) / 180;
      const on = count > 0 ? i < n : count < 0 ? i >= 8 - n : false;
      const path = document.createElementNS(NSS, 'path');
      path.setAttribute('d', `M ${8 * Math.cos(a0)} ${8 * Math.sin(a0)} A 8 8 0 0 1 ${8 * Math.cos(a1)} ${8 * Math.sin(a1)}`);
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', on ? 'currentColor' : 'var(--line)');
      path.setAttribute('stroke-width', '3');
      svg.append(path);
    }
    return svg;
  }

  function fateText(ship) {
    switch (ship.fate) {
      case 'shot': return 'Sunk by its seventh hit';
      case 'circled': return 'Sunk: a full circle of its own was its seventh hit';
      case 'aground': return ship.aground_at ? `Sunk: ran aground on the island at ${ship.aground_at}` : 'Sunk: ran aground on the coast';
      default: return '';
    }
  }

  function renderShips() {
    const st = view.state;
    const rows = st.ships.map((ship, seat) => {
      const toMove = !view.result && view.side_to_move === seat && !ship.sunk;
      const hits = h('span', { class: 'pz-hits', role: 'img', title: `${ship.hits} of 7 hits`, 'aria-label': `${ship.hits} of 7 hits` },
        ...Array.from({ length: 7 }, (_, i) => h('i', { class: i < ship.hits ? 'on' : '' })));
      const c = ship.circling;
      const circ = h('span', { class: `pz-circ${Math.abs(c) >= 6 ? ' warn' : ''}`, title: 'Circling: eighths of a circle turned one way; at 8 the ship takes a hit' },
        circlingIcon(c), c > 0 ? `${c} right` : c < 0 ? `${-c} left` : 'no circling');
      const row = h('div', {
        class: `pz-ship${toMove ? ' to-move' : ''}${ship.sunk ? ' sunk' : ''}`,
        id: `ship-${ship.name.toLowerCase()}`,
        'data-hits': ship.hits,
        'data-circling': c,
        'data-sunk': String(ship.sunk),
      },
      swatch(seat),
      h('div', { class: 'who' },
        h('span', { class: 'name' }, ship.name, h('span', { class: 'score-dir' }, seat === 0 ? ' · white' : ' · the pirate')),
        h('span', { class: 'player' }, playerLabel(seat)),
        h('span', { class: 'where' }, ship.sunk ? 'gone' : `${ship.stern}–${ship.bow} · ${ship.heading}`)),
      h('div', { class: 'gauges' }, hits, circ));
      if (ship.sunk) row.append(h('span', { class: 'fate' }, fateText(ship)));
      else if (st.survivor === ship.name && st.moves_owed !== null) {
        row.append(h('span', { class: 'left-to-go' }, view.result ? 'Made all its moves' : `${st.moves_owed} more move${st.moves_owed === 1 ? '' : 's'} to make`));
      }
      return row;
    });
    shipsCard.replaceChildren(...rows);
  }

  function entryNode(i) {
    const x = view.history[i];
    const seat = x.side;
    const note = notes[i];
    const bits = [swatch(seat), h('span', { class: 'visually-hidden' }, `${SHIP_NAMES[seat]}: `), h('span', { class: 'mv-turn' }, x.move)];
    if (note) {
      bits.push(h('span', { class: 'mv-to' }, note.aground ? (note.to === 'coast' ? 'coast' : note.to) : note.to));
      const marks = [];
      if (note.aground) marks.push('aground');
      if (note.hits) marks.push(`${note.hits} hit${note.hits > 1 ? 's' : ''}`);
      if (note.sank) marks.push('sank her');
      if (note.circled) marks.push(note.selfSunk ? 'circled under' : 'circled');
      if (marks.length) bits.push(h('span', { class: 'mv-note' }, marks.join(', ')));
    }
    return h('li', { class: `mv mv-${seat}` }, ...bits);
  }

  function renderMoves() {
    const count = view.history.length;
    const extends_ = shown.id === view.id && shown.count <= count && moveList.dataset.count === String(shown.count);
    if (!extends_) {
      moveList.replaceChildren();
      shown = { id: view.id, count: 0 };
    }
    moveList.querySelectorAll('.mv.last').forEach((x) => x.classList.remove('last'));
    let row = moveList.lastElementChild && moveList.lastElementChild.classList.contains('mv-row') ? moveList.lastElementChild : null;
    for (let i = shown.count; i < count; i++) {
      const seat = view.history[i].side;
      if (seat === 0 || !row || row.classList.contains('full')) {
        const number = moveList.querySelectorAll('.mv-row').length + 1;
        row = h('li', { class: 'mv-row' }, h('span', { class: 'mv-num', 'aria-hidden': 'true' }, `${number}.`), h('ol', { class: 'mv-pair' }));
        moveList.append(row);
        if (seat === 1) row.querySelector('.mv-pair').append(h('li', { class: 'mv mv-gap', 'aria-hidden': 'true' }, '…'));
      }
      row.querySelector('.mv-pair').append(entryNode(i));
      if (seat === 1) row.classList.add('full');
    }
    shown.count = count;
    moveList.dataset.count = String(count);
    const lastReal = moveList.querySelectorAll('.mv:not(.mv-gap)');
    if (lastReal.length) lastReal[lastReal.length - 1].classList.add('last');
    if (!count) {
      moveList.replaceChildren(h('li', { class: 'mv-empty' }, 'No moves yet. Cook sails first.'));
      moveList.dataset.count = '';
      shown = { id: null, count: 0 };
    }
    moveList.scrollTop = moveList.scrollHeight;
  }

  function renderFacts() {
    const st = view.state;
    const o = view.options || {};
    const bits = [];
    const chosen = o.island && o.island !== 'seed';
    bits.push(h('span', { id: 'chart-number' }, `Chart ${o.seed ?? '?'}`));
    bits.push(h('span', { id: 'island-square', title: chosen ? 'The island was placed by hand' : 'The chart number placed the island' }, `island ${st.island}${chosen ? ' (set)' : ''}`));
    if (st.moves_left !== null && st.moves_left !== undefined) bits.push(h('span', { id: 'move-count' }, `move ${Math.min(st.ply + 1, st.max_moves)} / ${st.max_moves}`));
    const z = board.zoomFactor;
    bits.push(h('span', { id: 'zoom-level', hidden: z === 1 ? true : undefined }, `zoom ${z}×`));
    const shownBits = bits.filter((b) => !b.hidden);
    footer.replaceChildren(...shownBits.flatMap((b, i) => (i ? [h('span', { class: 'dot', 'aria-hidden': 'true' }, '·'), b] : [b])), ...bits.filter((b) => b.hidden));
  }

  function announceEnd() {
    const w = view.result.winner;
    const text = w === null || w === undefined ? 'A draw.' : `${SHIP_NAMES[w]} wins.`;
    toast(`${text} T takes back a move, R replays it.`, { timeout: 4000 });
  }

  /* ---------- Actions ---------- */

  const randomChart = () => 1 + Math.floor(Math.random() * 999999);

  function seedValue(text) {
    const t = String(text ?? '').trim();
    if (!/^\d{1,15}$/.test(t)) return null;
    return Number(t);
  }

  const players = () => playersFromSettings(store.all(), 'silver');

  function optionsFor(seed, island = store.get('island')) {
    return { seed, island: ISLANDS.includes(island) ? island : 'seed' };
  }


  function newGame(seed) {
    if (ctl.stayInOnlineGame()) return undefined;
    return ctl.startMatch(optionsFor(seed ?? randomChart()), players());
  }

  /** The same chart and island again, from the start, with the same players (not the analysis's). */
  function sameChart() {
    if (ctl.stayInOnlineGame()) return undefined;
    if (!view) return newGame();
    const o = view.options || {};
    const seed = seedValue(o.seed) ?? randomChart();
    return ctl.startMatch(optionsFor(seed, o.island || 'seed'), analysis ? players() : [...view.players]);
  }

  async function post(path, body) {
    return api(`/api/matches/${encodeURIComponent(view.id)}${path}`, { method: 'POST', body });
  }

  /** Plays a move for the side to move (a human's); a move replayed with R keeps the moves taken back after it. */
  function playMove(turn, { fromReplay = false } = {}) {
    return ctl.playMove(turn, {
      accepted: () => {
        if (fromReplay) return;
        if (redo.length && redo[redo.length - 1] === turn) redo.pop();
        else redo = [];
      },
    });
  }

  /** Keys: steer the ship whose key was pressed. */
  function steer(seat, key, shift) {
    const dir = { ArrowLeft: 'L', ArrowUp: 'S', ArrowRight: 'R', d: 'L', f: 'S', g: 'R' }[key];
    if (!dir || !view) return;
    let turn = dir;
    if (shift && dir !== 'S') turn = dir + dir;
    const name = SHIP_NAMES[seat];
    if (view.result) {
      toast('The game is over: N starts a new one, T takes back a move, R replays it.');
      return;
    }
    const mover = view.side_to_move;
    // Online, either set of keys steers this browser's own ship.
    if (view.online && view.online.seat !== null && view.online.seat !== undefined) seat = view.online.seat;
    if (seat !== mover) {
      const keys = TURN_KEYS[mover];
      if (!humanSeat(seat) && vsComputer() && !analysis) {
        toast(`You steer ${SHIP_NAMES[1 - seat]}: ${TURN_KEYS[1 - seat].L}, ${TURN_KEYS[1 - seat].S}, ${TURN_KEYS[1 - seat].R}.`);
      } else {
        toast(`It is ${SHIP_NAMES[mover]}'s turn: ${keys.L}, ${keys.S} or ${keys.R}.`);
      }
      return;
    }
    if (!humanSeat(seat)) {
      toast(`The computer steers ${name}.`);
      return;
    }
    if (!movesByTurn.has(turn)) {
      if (turn.length === 2) toast(`${name} can turn 90° only with its bow in a harbour (a corner).`);
      else toast(`${name} may not ram ${SHIP_NAMES[1 - seat]}: ramming is not allowed.`);
      return;
    }
    playMove(turn);
  }

  function canTakeBack() {
    if (!view || !view.history.length || shared()) return false;
    if (vsComputer() && !view.result) return view.history.some((x) => humanSeat(x.side));
    return true;
  }

  /** "1" then "3" (as the old program had it): a finished game opens for two players, to analyse it. */
  let onePressedAt = 0;
  async function analysisKey(key) {
    if (key === '1') {
      onePressedAt = performance.now();
      return;
    }
    if (performance.now() - onePressedAt > 2000) return;
    onePressedAt = 0;
    if (!view || !view.result || view.online || view.replay) {
      toast('After a game, 1 then 3 lets both ships answer to the keys, to analyse it.');
    } else if (!vsComputer() || analysis) {
      toast('Both ships already answer to the keys: T takes a move back, R plays it again.');
    } else if (await openAnalysis()) {
      toast('Two-player mode: T takes a move back, R plays it again.');
    }
  }

  /** Reopens a finished game against the computer between two people, move by move. */
  async function openAnalysis() {
    const my = ctl.newMatchToken();
    const old = view;
    ctl.busy = true;
    toast('Reopening the game for analysis: both ships now answer to the keys.', { timeout: 2500 });
    try {
      let v = await api('/api/matches', { method: 'POST', body: { game: SLUG, options: old.options, players: ['human', 'human'] } });
      const collected = [];
      for (const x of old.history) {
        const before = v;
        v = await api(`/api/matches/${encodeURIComponent(v.id)}/moves`, { method: 'POST', body: { move: x.move } });
        collected.push(describe(before.state, v.state, x.side, x.move));
        if (my !== ctl.token) return false;
      }
      analysis = true;
      ctl.forget();
      ctl.setView(v, { quiet: true });
      notes = collected;
      shown = { id: null, count: 0 };
      analysis = true;
      renderPanel();
      return true;
    } catch (err) {
      if (my === ctl.token) showError(err);
      return false;
    } finally {
      if (my === ctl.token) {
        ctl.busy = false;
        markReady();
      }
    }
  }

  /** T: takes back a move (two people, or after a game), or back to your last decision (against the computer). */
  async function takeBack() {
    if (!view || ctl.busy) return;
    if (ctl.thinking) {
      toast('Wait a moment: the computer is still steering.');
      return;
    }
    if (!canTakeBack()) {
      if (view.online) toast('Moves cannot be taken back in an online game.');
      else if (view.replay) toast('This is a replay: ← and → step through the moves.');
      else toast(view.history.length ? 'There is no move of yours to take back.' : 'There is nothing to take back yet.');
      return;
    }
    if (vsComputer() && view.result && !analysis) {
      const ok = await openAnalysis();
      if (!ok) return;
    }
    const my = ctl.token;
    ctl.busy = true;
    try {
      if (vsComputer() && !analysis) {
        // Against the computer in play: the server goes back to your last decision.
        const v = await post('/undo', {});
        if (my !== ctl.token) return;
        redo = [];
        ctl.setView(v, { quiet: true });
      } else {
        // Between two people (or in analysis): one move.
        const mv = view.history[view.history.length - 1].move;
        const v = await post('/undo', {});
        if (my !== ctl.token) return;
        redo.push(mv);
        ctl.setView(v, { quiet: true });
      }
    } catch (err) {
      if (my !== ctl.token) return;
      if (err.status === 409) toast(shell.sentence(err.message || 'There is nothing to take back.'));
      else showError(err);
      await ctl.refresh();
    } finally {
      if (my === ctl.token) {
        ctl.busy = false;
        markReady();
      }
    }
    ctl.computerLoop();
  }

  /** R: replays the move taken back last. */
  async function replay() {
    if (!view || ctl.busy) return;
    if (!redo.length) {
      toast('Nothing to replay: T takes a move back first.');
      return;
    }
    const turn = redo[redo.length - 1];
    const ok = await playMove(turn, { fromReplay: true });
    if (ok) redo.pop();
    renderPanel();
  }

  /* ---------- Display ---------- */

  function syncModeButton() {
    const plain = board.mode === 'plain';
    modeBtn.replaceChildren(plain ? 'Sea chart' : 'Plain board', h('kbd', {}, 'M'));
    modeBtn.title = plain ? 'Show the drawn sea chart (M)' : 'Show a plain board (M)';
  }

  function toggleMode() {
    const next = board.mode === 'chart' ? 'plain' : 'chart';
    board.setMode(next);
    store.set('graphics', next);
    syncModeButton();
    toast(next === 'chart' ? 'Sea chart' : 'Plain board', { timeout: 1200 });
  }

  function syncZoomTools() {
    zoomOut.disabled = board.zoom === 0;
    zoomAll.hidden = board.zoom === 0;
    zoomIn.disabled = board.zoomFactor >= 3.2;
  }

  function zoom(step) {
    if (step === 0) board.resetView();
    else board.zoomBy(step);
    if (step > 0 && view && !view.result) {
      const mover = view.state.ships[view.side_to_move];
      if (mover && !mover.sunk) board.follow(mover.bow_xy);
    }
    syncZoomTools();
    if (view) renderFacts();
  }

  function pan(dx, dy) {
    if (board.zoom === 0) {
      toast('The whole chart is in view: zoom in with + first.', { timeout: 1800 });
      return;
    }
    board.pan(dx, dy);
  }

  document.addEventListener('keydown', (e) => {
    // Ctrl + arrows pan (the shell leaves keys with Ctrl alone).
    if (!e.ctrlKey || e.altKey || e.metaKey || shell.dialogOpen()) return;
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (!d || !root.isConnected) return;
    e.preventDefault();
    pan(...d);
  });

  /* ---------- Sound (generated: nothing is fetched) ---------- */

  let audio = null;
  window.piracySounds = window.piracySounds || [];

  function toggleSound() {
    const on = !store.get('sound');
    store.set('sound', on);
    soundBtn.setAttribute('aria-pressed', String(on));
    toast(on ? 'Sound on' : 'Sound off', { timeout: 1200 });
    if (on) sound('hit', 1);
  }

  function sound(kind, strength = 1) {
    if (!store.get('sound')) return;
    window.piracySounds.push(kind);
    try {
      audio = audioContext();
      if (audio.state === 'suspended') audio.resume();
      const t = audio.currentTime + 0.01;
      if (kind === 'hit') {
        for (let i = 0; i < Math.max(1, Math.min(2, strength)); i++) cannon(t + i * 0.16);
      } else {
        cannon(t);
        sinking(t + 0.12);
      }
    } catch {
      /* no audio here: stay quiet */
    }
  }

  function noiseBuffer(seconds) {
    const buffer = audio.createBuffer(1, Math.ceil(audio.sampleRate * seconds), audio.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    return buffer;
  }

  /** A cannon shot: a low thump and a burst of filtered noise. */
  function cannon(t) {
    const thump = audio.createOscillator();
    const tg = audio.createGain();
    thump.type = 'sine';
    thump.frequency.setValueAtTime(110, t);
    thump.frequency.exponentialRampToValueAtTime(38, t + 0.35);
    tg.gain.setValueAtTime(0.0001, t);
    tg.gain.exponentialRampToValueAtTime(0.5, t + 0.01);
    tg.gain.exponentialRampToValueAtTime(0.0001, t + 0.45);
    thump.connect(tg).connect(audio.destination);
    thump.start(t);
    thump.stop(t + 0.5);
    const noise = audio.createBufferSource();
    noise.buffer = noiseBuffer(0.6);
    const filter = audio.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(1800, t);
    filter.frequency.exponentialRampToValueAtTime(200, t + 0.5);
    const ng = audio.createGain();
    ng.gain.setValueAtTime(0.0001, t);
    ng.gain.exponentialRampToValueAtTime(0.35, t + 0.008);
    ng.gain.exponentialRampToValueAtTime(0.0001, t + 0.55);
    noise.connect(filter).connect(ng).connect(audio.destination);
    noise.start(t);
    noise.stop(t + 0.6);
  }

  /** A ship going down: a falling groan and bubbling water. */
  function sinking(t) {
    const groan = audio.createOscillator();
    const gg = audio.createGain();
    const lp = audio.createBiquadFilter();
    groan.type = 'sawtooth';
    groan.frequency.setValueAtTime(220, t);
    groan.frequency.exponentialRampToValueAtTime(45, t + 1.4);
    lp.type = 'lowpass';
    lp.frequency.setValueAtTime(900, t);
    lp.frequency.exponentialRampToValueAtTime(150, t + 1.4);
    gg.gain.setValueAtTime(0.0001, t);
    gg.gain.exponentialRampToValueAtTime(0.16, t + 0.1);
    gg.gain.exponentialRampToValueAtTime(0.0001, t + 1.5);
    groan.connect(lp).connect(gg).connect(audio.destination);
    groan.start(t);
    groan.stop(t + 1.55);
    for (let i = 0; i < 9; i++) {
      const at = t + 0.3 + i * 0.13 + Math.random() * 0.06;
      const bubble = audio.createOscillator();
      const bg = audio.createGain();
      bubble.type = 'sine';
      const f = 300 + Math.random() * 500;
      bubble.frequency.setValueAtTime(f, at);
      bubble.frequency.exponentialRampToValueAtTime(f * 1.8, at + 0.07);
      bg.gain.setValueAtTime(0.0001, at);
      bg.gain.exponentialRampToValueAtTime(0.08, at + 0.01);
      bg.gain.exponentialRampToValueAtTime(0.0001, at + 0.09);
      bubble.connect(bg).connect(audio.destination);
      bubble.start(at);
      bubble.stop(at + 0.1);
    }
  }

  /* ---------- Rules dialog ---------- */

  function showRules() {
    return openRulesDialog({
      slug: SLUG,
      name: game.name,
      summary: 'Each ship covers two squares and sails one square a move: straight on, or turning 45° (90° with its bow in a corner harbour). After your move, every square of the enemy ship touching yours is a hit; seven hits sink a ship, and so does running onto the island or the coast. Ramming is not allowed. The survivor must sail seven more moves to win.',
      diagrams: () => import('./rules.js'),
    });
  }

  /* ---------- Settings dialog ---------- */

  function showSettings() {
    openSettingsDialog({
      shell, store, levels,
      sideLegend: 'You sail',
      sides: [['cook', 'Cook (white, sails first)', swatch(0)], ['silver', 'Silver (the pirate)', swatch(1)]],
      friend: 'A friend, same keyboard',
      fields: (st) => ({
        before: [
          h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Chart number'),
            h('input', { type: 'text', name: 'seed', inputmode: 'numeric', pattern: '[0-9]*', placeholder: 'Empty: a random chart', autocomplete: 'off' }),
            h('span', { class: 'help' }, 'The same number always puts the island in the same place, so a game can be replayed or shared.')),
          h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Island'),
            h('select', { name: 'island', id: 'island-select' },
              h('option', { value: 'seed', selected: st.island === 'seed' }, 'Where the chart number puts it'),
              ...ISLANDS.map((sq) => h('option', { value: sq, selected: st.island === sq }, `South-west corner on ${sq}`)))),
        ],
        display: [
          radioGroup('graphics', board.mode, [['chart', 'Sea chart'], ['plain', 'Plain board']]),
          h('div', { style: 'height:10px' }),
          checkbox('sound', store.get('sound'), 'Sound', 'Cannon fire for a hit, and a ship going down.'),
        ],
      }),
      onChange: (t) => {
        if (t.name === 'graphics' && t.value !== board.mode) toggleMode();
        if (t.name === 'sound' && t.checked !== !!store.get('sound')) toggleSound();
      },
      save: (f, st) => store.update({
        mode: f.mode.value,
        level: f.level.value || st.level,
        side: f.side.value || st.side,
        island: f.island.value,
      }),
      start: (form, save) => {
        const raw = form.elements.seed.value.trim();
        const seed = raw ? seedValue(raw) : null;
        if (raw && seed === null) {
          toast('A chart number is a whole number, such as 4821.', { error: true });
          form.elements.seed.focus();
          return false;
        }
        save();
        newGame(seed ?? undefined);
      },
    });
  }

  /* ---------- Keys ---------- */

  shell.registerKeys([
    { keys: ['ArrowLeft', 'ArrowUp', 'ArrowRight'], label: 'Cook: turn left, sail straight on, turn right', run: (e) => steer(0, e.key, e.shiftKey) },
    { keys: ['d', 'f', 'g'], label: 'Silver: turn left, sail straight on, turn right', run: (e) => steer(1, e.key.toLowerCase(), e.shiftKey) },
    { key: 'Shift + turn key', label: 'A 90° turn, with the bow in a harbour (a corner)' },
    { keys: ['1', '3'], label: '1 then 3: after a game, both ships answer to the keys, to analyse it', run: (e) => analysisKey(e.key) },
    { key: 't', label: 'Take back a move', run: () => takeBack() },
    { key: 'r', label: 'Replay the move taken back', run: () => replay() },
    { key: 'n', label: 'New game on a random chart', run: () => newGame() },
    { key: 'm', label: 'Graphics: drawn sea chart or plain board', run: () => toggleMode() },
    { keys: ['+', '-'], label: 'Zoom in and out', run: (e) => zoom(e.key === '-' || e.key === '_' ? -1 : 1) },
    { keys: ['=', '_'], label: 'Zoom in and out', run: (e) => zoom(e.key === '_' ? -1 : 1), show: false },
    { key: '0', label: 'The whole chart again', run: () => zoom(0) },
    { key: 'Ctrl + arrows', label: 'Pan the chart when zoomed in' },
    { key: 's', label: 'Sound on or off', run: () => toggleSound() },
    { key: 'Tab', label: 'Go through the target markers; Enter sails there' },
    { key: 'F1', label: 'Rules', run: () => showRules() },
  ]);

  /* ---------- Start ---------- */

  const urlSeed = seedValue(params.get('seed'));
  const urlIsland = params.get('island');
  const island = ISLANDS.includes(urlIsland) ? urlIsland : store.get('island');
  if (!(await ctl.openFromAddress())) await ctl.startMatch(optionsFor(urlSeed ?? randomChart(), island), players());
}
