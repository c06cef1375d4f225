// Piracy: the play page. The frame (shell/play-frame.js) runs the match and
// the page around it; this module draws the sea, steers the ships from the
// keyboard or by clicks on their target markers, keeps the ships card and the
// log, and zooms the chart; taking moves back, replaying them and the
// analysis of a finished game are rewind.js's, the cannons sound.js's.

import { radioGroup, checkbox, numberField, seedFromField } from '/static/shell/form.js';
import { createPlayFrame } from '/static/shell/play-frame.js';
import { BoardView, SHIP_NAMES, TURN_KEYS, TURN_WORDS, swatch } from './board.js';
import { renderShips } from './ships-card.js';
import { playSound } from './sound.js';
import { createRewind } from './rewind.js';

const ISLANDS = ['c3', 'd3', 'e3', 'c4', 'd4', 'e4', 'c5', 'd5', 'e5'];
const randomChart = () => 1 + Math.floor(Math.random() * 999999);

function seedValue(text) {
  const t = String(text ?? '').trim();
  return /^\d{1,15}$/.test(t) ? Number(t) : null;
}

/** What one move did, from the states before and after it. */
function describe(before, after, seat) {
  const [a, b] = [before.ships[seat], after.ships[seat]];
  const [o0, o1] = [before.ships[1 - seat], after.ships[1 - seat]];
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

export async function mount(ctx) {
  const { shell, api, params } = ctx;
  const { h, toast, showError } = shell;
  const frame = await createPlayFrame(ctx, {
    css: import.meta.resolve('./play.css'),
    levelDefault: 'medium',
    sides: [['cook', 'Cook (white, sails first)', swatch(0)], ['silver', 'Silver (the pirate)', swatch(1)]],
    sideLegend: 'You sail',
    friend: 'A friend, same keyboard',
    defaults: { island: 'seed', graphics: 'chart', sound: false }, // sound off at first, as in every game
  });
  const { store } = frame;
  if (store.get('island') !== 'seed' && !ISLANDS.includes(store.get('island'))) store.set('island', 'seed');
  let movesByTurn = new Map(); // legal move → info
  let notes = []; // what each move did, by history index, when it was seen being played
  let rewind = null; // T, R and 1-3 (rewind.js), once the frame is mounted

  const view = () => frame.view;
  const shared = () => !!view() && !!(view().online || view().replay);
  const sound = (kind, strength) => playSound(store, kind, strength);

  const shipsCard = h('section', { class: 'card pz-ships', id: 'ships', 'aria-label': 'The ships' });
  const button = (id, label, key, run, extra = {}) => h('button', { class: 'btn', type: 'button', id, onclick: run, ...extra }, ...label, h('kbd', {}, key));
  const backBtn = button('back-btn', ['Take back'], 'T', () => rewind.takeBack());
  const replayBtn = button('replay-btn', ['Replay'], 'R', () => rewind.replay());
  const soundBtn = button('sound-btn', [h('span', { class: 'switch', 'aria-hidden': 'true' }), 'Sound'], 'V', () => toggleSound(), { class: 'btn toggle', 'aria-pressed': String(!!store.get('sound')) });
  const modeBtn = button('mode-btn', ['Plain board'], 'M', () => toggleMode());
  const zoomBtn = (id, label, title, text, step) => h('button', { type: 'button', id, title, 'aria-label': label, onclick: () => zoom(step) }, text);
  const zoomOut = zoomBtn('zoom-out', 'Zoom out', 'Zoom out (−)', '−', -1);
  const zoomIn = zoomBtn('zoom-in', 'Zoom in', 'Zoom in (+)', '+', 1);
  const zoomAll = zoomBtn('zoom-all', 'Show the whole chart', 'The whole chart (0)', '⤢', 0);

  frame.mount({
    cards: [shipsCard],
    controls: [backBtn, replayBtn, soundBtn, modeBtn],
    boardTools: h('div', { class: 'zoom-tools', role: 'group', 'aria-label': 'Zoom' }, zoomOut, zoomIn, zoomAll),
    undo: false,
    newButton: false,
    newLabel: 'New game on a random chart',
    movesTitle: 'Log',
    movesClass: 'pz-moves',
    sideName: (seat) => SHIP_NAMES[seat],
    swatch,
    mover: (v) => {
      const seat = v.state.ships.findIndex((s) => s.name === v.state.to_move);
      return seat >= 0 ? seat : v.side_to_move;
    },
    rules: {
      summary: 'Each ship covers two squares and sails one square a move: straight on, or turning 45° (90° with its bow in a corner harbour). After your move, every square of the enemy ship touching yours is a hit; seven hits sink a ship, and so does running onto the island or the coast. Ramming is not allowed. The survivor must sail seven more moves to win.',
      diagrams: () => import('./rules.js'),
    },
    newMatch: ({ seed, island } = {}) => ({ options: optionsFor(seed ?? randomChart(), island) }),
    invite: () => ({ options: optionsFor(randomChart()) }),
    show,
    personal: () => (frame.vsComputer() && !rewind.analysis) || !!view().online,
    playerLabel: () => (rewind.analysis ? 'Analysis' : undefined),
    computerHeadline: () => frame.vsComputer() && !rewind.analysis,
    yourMove: () => `Your move: ${SHIP_NAMES[view().side_to_move]}`,
    thinkingText: () => `The computer steers ${SHIP_NAMES[view().side_to_move]}…`,
    turnDetail: () => keysHint(view().side_to_move),
    statusExtras,
    resultActions: () => [
      h('button', { class: 'btn', type: 'button', id: 'same-chart', onclick: () => sameChart() }, 'Same chart', h('kbd', {}, 'S')),
      shared() ? null : h('button', { class: 'btn', type: 'button', onclick: () => rewind.takeBack() }, 'Take back', h('kbd', {}, 'T')),
    ],
    moveEntry,
    emptyMoves: () => 'No moves yet. Cook sails first.',
    facts,
    settings: {
      ownSound: true,
      fields: (st) => ({
        before: [
          numberField('seed', 'Chart number', 'Empty: a random chart', 'The same number always puts the island in the same place, so a game can be replayed or shared.'),
          h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Island'),
            h('select', { name: 'island', id: 'island-select' },
              h('option', { value: 'seed', selected: st.island === 'seed' }, 'Where the chart number puts it'),
              ...ISLANDS.map((sq) => h('option', { value: sq, selected: st.island === sq }, `South-west corner on ${sq}`)))),
        ],
        display: [
          radioGroup('graphics', board.mode, [['chart', 'Sea chart'], ['plain', 'Plain board']]),
          h('div', { style: 'height:10px' }),
          checkbox('sound', st.sound, 'Sound', 'Cannon fire for a hit, and a ship going down.'),
        ],
      }),
      onChange: (t) => {
        if (t.name === 'graphics' && t.value !== board.mode) toggleMode();
        if (t.name === 'sound' && t.checked !== !!store.get('sound')) toggleSound();
      },
      save: (f) => ({ island: f.island.value }),
      start: (form) => seedFromField(form, 'seed', seedValue, 'A chart number is a whole number, such as 4821.', toast),
    },
    controller: {
      minGapMs: 430,
      catchUp: { quiet: true },
      mayPlay: (turn) => {
        const why = frame.notNow();
        if (why) toast(why);
        return !why && movesByTurn.has(turn);
      },
      settled: () => markReady(),
      beforeStart: () => rewind.reset(),
      fresh: () => {
        board.trails = [[], []];
        board.angles = [null, null];
      },
    },
    keys: [
      { keys: ['ArrowLeft', 'ArrowUp', 'ArrowRight'], label: 'Cook: turn left, sail straight on, turn right', run: (e) => steer(0, e.key, e.shiftKey) },
      { keys: ['d', 'f', 'g'], label: 'Silver: turn left, sail straight on, turn right', run: (e) => steer(1, e.key.toLowerCase(), e.shiftKey) },
      { key: 'Shift + turn key', label: 'A 90° turn, with the bow in a harbour (a corner)' },
      { keys: ['1', '3'], label: '1 then 3: after a game, both ships answer to the keys, to analyse it', run: (e) => rewind.key(e.key) },
      { keys: ['t', 'u'], label: 'Take back a move', run: () => rewind.takeBack() },
      { key: 'r', label: 'Replay the move taken back', run: () => rewind.replay() },
      { key: 'm', label: 'Graphics: drawn sea chart or plain board', run: () => toggleMode() },
      { keys: ['+', '-'], label: 'Zoom in and out', run: (e) => zoom(e.key === '-' || e.key === '_' ? -1 : 1) },
      { keys: ['=', '_'], label: 'Zoom in and out', run: (e) => zoom(e.key === '_' ? -1 : 1), show: false },
      { key: '0', label: 'The whole chart again', run: () => zoom(0) },
      { key: 'Ctrl + arrows', label: 'Pan the chart when zoomed in' },
      { key: 'v', label: 'Sound on or off', run: () => toggleSound() },
      { key: 's', label: 'The same chart again, from the start', run: () => sameChart() },
      { key: 'Tab', label: 'Go through the target markers; Enter sails there' },
    ],
  });
  rewind = createRewind({
    frame, api, shell, describe,
    reopened: (collected) => {
      notes = collected;
      frame.moves.reset();
      frame.renderPanel();
    },
    play: (turn, o) => playMove(turn, o),
    changed: () => {
      markReady();
      syncRewindButtons();
    },
  });

  const board = new BoardView({
    interactive: true,
    mode: store.get('graphics'),
    label: 'Piracy sea chart: north is up. The lit markers are where the ship to move can sail; click one, or use the keys.',
    onPlay: (turn) => playMove(turn),
    onMiss: () => missed(),
  });
  frame.boardBox.replaceChildren(board.svg);
  syncModeButton();
  syncZoomTools();

  /** For people and tests alike: which ship the keys steer right now ('' while waiting), and the move count. */
  function markReady() {
    const v = view();
    const ready = v && !frame.ctl.busy && frame.humanToMove();
    ctx.root.dataset.ready = ready ? SHIP_NAMES[v.side_to_move].toLowerCase() : '';
    ctx.root.dataset.ply = v ? String(v.history.length) : '';
    ctx.root.dataset.over = v && v.result ? 'true' : 'false';
  }

  /** Draws a view on the chart and the ships card (`before`: the view it replaces; `quiet`: no cannon, no announcement). */
  function show(v, before, { quiet = false } = {}) {
    movesByTurn = new Map((v.moves || []).map((m) => [m.move, m.info || {}]));
    const flash = [];
    const splash = [];
    const stepped = before && before.id === v.id && v.history.length === before.history.length + 1;
    if (stepped) {
      const last = v.history[v.history.length - 1];
      notes[v.history.length - 1] = describe(before.state, v.state, last.side);
      for (const seat of [0, 1]) {
        const [was, now] = [before.state.ships[seat], v.state.ships[seat]];
        if (!was.sunk && now.sunk) splash.push(seat);
        else if (now.hits > was.hits) flash.push(seat);
      }
      if (!quiet && splash.length) sound('sink');
      else if (!quiet && flash.length) sound('hit', flash.map((seat) => v.state.ships[seat].hits - before.state.ships[seat].hits).reduce((x, y) => x + y, 0));
    } else if (!before || before.id !== v.id) {
      notes = [];
    }
    notes.length = Math.min(notes.length, v.history.length);
    const mover = v.result ? null : v.side_to_move;
    const targets = frame.humanToMove() ? (v.moves || []).map((m) => ({ ...m.info, turn: m.move })) : [];
    board.update(v.state, { targets, toMove: mover, flash, splash });
    if (mover !== null && !v.state.ships[mover].sunk) board.follow(v.state.ships[mover].bow_xy);
    renderShips(shipsCard, v, (seat) => frame.label(seat));
    syncRewindButtons();
    if (stepped && !quiet && v.result) {
      const w = v.result.winner;
      const next = frame.vsComputer() && !rewind.analysis ? 'Press 1 then 3 to go through it between two people.' : 'T takes back a move, R replays it.';
      toast(`${w === null || w === undefined ? 'A draw.' : `${SHIP_NAMES[w]} wins.`} ${next}`, { timeout: 4000 });
    }
    markReady();
  }

  function syncRewindButtons() {
    backBtn.disabled = !rewind.canTakeBack();
    replayBtn.disabled = !rewind.canReplay();
  }

  function keysHint(seat) {
    const keys = TURN_KEYS[seat];
    const parts = ['L', 'S', 'R'].map((t) => h('span', {}, h('kbd', {}, keys[t]), TURN_WORDS[t]));
    if (view().state.ships[seat]?.in_harbour) parts.push(h('span', {}, h('kbd', {}, '⇧'), ' + turn key: 90° in the harbour'));
    return h('div', { class: 'keys-hint', id: 'keys-hint' }, ...parts);
  }

  function statusExtras() {
    const v = view();
    const st = v.state;
    const out = [];
    if (!v.result && st.moves_owed !== null && st.moves_owed !== undefined && st.survivor) {
      out.push(h('div', { class: 'owed', id: 'owed' }, `${st.survivor} must still make `, h('strong', {}, String(st.moves_owed)), ` move${st.moves_owed === 1 ? '' : 's'} to win.`));
    }
    if (v.result && !shared()) out.push(h('p', { class: 'pz-analysis' }, frame.vsComputer() && !rewind.analysis ? 'Go through the game again: press 1 then 3, and both ships answer to the keys.' : 'Go through the game again: T takes back a move, R replays it.'));
    if (rewind.analysis) out.push(h('p', { class: 'pz-analysis' }, 'Analysis: both ships answer to the keys. T takes back, R replays.'));
    return out;
  }

  /** Move i of the log, with what it did when this page saw it played. */
  function moveEntry(i) {
    const x = view().history[i];
    const note = notes[i];
    const bits = [swatch(x.side), h('span', { class: 'visually-hidden' }, `${SHIP_NAMES[x.side]}: `), h('span', { class: 'mv-turn' }, x.move)];
    if (note) {
      bits.push(h('span', { class: 'mv-to' }, note.to));
      const marks = [note.aground ? 'aground' : null, note.hits ? `${note.hits} hit${note.hits > 1 ? 's' : ''}` : null,
        note.sank ? 'sank her' : null, note.circled ? (note.selfSunk ? 'circled under' : 'circled') : null].filter(Boolean);
      if (marks.length) bits.push(h('span', { class: 'mv-note' }, marks.join(', ')));
    }
    return { node: h('li', { class: `mv mv-${x.side}` }, ...bits) };
  }

  function facts() {
    const st = view().state;
    const o = view().options || {};
    const chosen = o.island && o.island !== 'seed';
    const z = board.zoomFactor;
    return [
      h('span', { id: 'chart-number' }, `Chart ${o.seed ?? '?'}`),
      h('span', { id: 'island-square', title: chosen ? 'The island was placed by hand' : 'The chart number placed the island' }, `island ${st.island}${chosen ? ' (set)' : ''}`),
      st.moves_left !== null && st.moves_left !== undefined ? h('span', { id: 'move-count' }, `move ${Math.min(st.ply + 1, st.max_moves)} / ${st.max_moves}`) : null,
      z === 1 ? null : h('span', { id: 'zoom-level' }, `zoom ${z}×`),
    ];
  }

  /* ---------- Actions ---------- */

  function optionsFor(seed, island = store.get('island')) {
    return { seed, island: ISLANDS.includes(island) ? island : 'seed' };
  }

  /** The same chart and island again, from the start, with the same players (not the analysis's). */
  function sameChart() {
    const v = view();
    if (frame.ctl.stayInOnlineGame()) return undefined;
    if (!v) return frame.newGame();
    const o = v.options || {};
    return frame.ctl.startMatch(optionsFor(seedValue(o.seed) ?? randomChart(), o.island || 'seed'), rewind.analysis ? frame.players() : [...v.players]);
  }

  /** Plays a move for the side to move (a human's); a move replayed with R keeps the moves taken back after it. */
  function playMove(turn, { fromReplay = false } = {}) {
    return frame.ctl.playMove(turn, {
      accepted: () => rewind.played(turn, fromReplay),
    });
  }

  /** A click on the chart that is no marker: the ship to move shakes, and the page says why. */
  function missed() {
    const v = view();
    if (!v || v.result) return;
    const mover = v.side_to_move;
    frame.refuse(() => board.shakeShip(mover), frame.notNow() || `${SHIP_NAMES[mover]} sails only to a lit marker: click one, or use ${TURN_KEYS[mover].L}, ${TURN_KEYS[mover].S} or ${TURN_KEYS[mover].R}.`);
  }

  /** Keys: steer the ship whose key was pressed, or say why it cannot sail. */
  function steer(seat, key, shift) {
    const v = view();
    const dir = { ArrowLeft: 'L', ArrowUp: 'S', ArrowRight: 'R', d: 'L', f: 'S', g: 'R' }[key];
    if (!dir || !v) return;
    const turn = shift && dir !== 'S' ? dir + dir : dir;
    const mover = v.side_to_move;
    // Online, either set of keys steers this browser's own ship.
    if (v.online && v.online.seat !== null && v.online.seat !== undefined) seat = v.online.seat;
    const keys = TURN_KEYS[1 - seat];
    let why = null;
    if (v.result) why = 'The game is over: N starts a new one, T takes back a move, R replays it.';
    else if (seat !== mover) why = !frame.humanSeat(seat) && frame.vsComputer() && !rewind.analysis ? `You steer ${SHIP_NAMES[1 - seat]}: ${keys.L}, ${keys.S}, ${keys.R}.` : `It is ${SHIP_NAMES[mover]}'s turn: ${TURN_KEYS[mover].L}, ${TURN_KEYS[mover].S} or ${TURN_KEYS[mover].R}.`;
    else if (!frame.humanSeat(seat)) why = `The computer steers ${SHIP_NAMES[seat]}.`;
    else if (!movesByTurn.has(turn)) why = turn.length === 2 ? `${SHIP_NAMES[seat]} can turn 90° only with its bow in a harbour (a corner).` : `${SHIP_NAMES[seat]} may not ram ${SHIP_NAMES[1 - seat]}: ramming is not allowed.`;
    if (why) frame.refuse(() => board.shakeShip(mover), why);
    else playMove(turn);
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
    const v = view();
    if (step > 0 && v && !v.result) {
      const mover = v.state.ships[v.side_to_move];
      if (mover && !mover.sunk) board.follow(mover.bow_xy);
    }
    syncZoomTools();
    frame.renderPanel();
  }

  document.addEventListener('keydown', (e) => {
    // Ctrl + arrows pan (the shell leaves keys with Ctrl alone).
    if (!e.ctrlKey || e.altKey || e.metaKey || shell.dialogOpen()) return;
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (!d || !ctx.root.isConnected) return;
    e.preventDefault();
    if (board.zoom === 0) toast('The whole chart is in view: zoom in with + first.', { timeout: 1800 });
    else board.pan(...d);
  });

  function toggleSound() {
    const on = !store.get('sound');
    store.set('sound', on);
    soundBtn.setAttribute('aria-pressed', String(on));
    toast(on ? 'Sound on' : 'Sound off', { timeout: 1200 });
    if (on) sound('hit', 1);
  }

  const urlIsland = params.get('island');
  await frame.start({ seed: seedValue(params.get('seed')) ?? undefined, island: ISLANDS.includes(urlIsland) ? urlIsland : store.get('island') });
  rewind.resume();
  if (view()) renderShips(shipsCard, view(), (seat) => frame.label(seat));
  frame.renderPanel();
}
