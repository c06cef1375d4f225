// Leeward: the play page. The frame (shell/play-frame.js) runs the match and
// the page around it; this module draws the board (turned round for Paper
// unless the settings keep it fixed), builds the player's move in three
// steps (a piece, a square, then the wind to leave: while a wind is pointed
// at, the board marks the mover's pieces it would leave open), keeps the
// wind and sides cards, and replays a finished game in place.

import { checkbox } from '/static/shell/form.js';
import { createPlayFrame } from '/static/shell/play-frame.js';
import { createInPlaceReplay } from '/static/shell/in-place-replay.js';
import { whoWithSide } from '/static/shell/match-controller.js';
import { BoardView, parseMove, sideName, otherSide, kindName, windName, pieceAt, pieceIcon, windArrow, swatch } from './board.js';
import { createWindCard, windSummary } from './wind-card.js';
import { createPositions } from './positions.js';

const REPLAY_STEP_MS = 700;
const ownerOf = (seat) => (seat === 0 ? 'ink' : 'paper');
const seatOf = (owner) => (owner === 'ink' ? 0 : 1);
/** A move's squares as the move list writes them: "d1–c2", "b4×f4". */
const squaresText = (mv) => `${mv.from}${mv.capture ? '×' : '–'}${mv.to}`;

export async function mount(ctx) {
  const { shell, api, params } = ctx;
  const { h, toast } = shell;
  const frame = await createPlayFrame(ctx, {
    css: import.meta.resolve('./play.css'),
    levelDefault: 'fair',
    sides: [['ink', 'Ink (dark, moves first)', swatch('ink')], ['paper', 'Paper (light)', swatch('paper')]],
    defaults: { orient: 'auto' },
  });
  const { store } = frame;
  let baseText = params.get('position') || '';
  let legal = []; // the legal moves: {name, from, to, wind, capture, info}
  let byFrom = new Map(); // from → Map(to → [moves])
  let pick = null; // {from} or {from, to}: the move in the making
  let selWind = null; // the wind chosen with the keys (or a first tap), not yet confirmed
  let hoverWind = null; // the wind under the pointer
  let replay = null; // the in-place replay of a finished game (made once the controller is)
  let flipToggle = false; // F turns the board for this visit

  const view = () => frame.view;
  const humanToMove = () => frame.humanToMove() && !replay.active;
  const positions = createPositions(api, () => {
    frame.moves.reset();
    renderAll();
  });
  const windCard = createWindCard({ onChoose: (w) => chooseWind(w), onConsider: (w) => considerWind(w) });
  const sidesCard = h('section', { class: 'card lw-sides', id: 'sides', 'aria-label': 'Sides and captured pieces' });
  const flipBtn = h('button', { class: 'btn', type: 'button', id: 'flip-btn', onclick: () => toggleFlip() }, 'Turn board', h('kbd', {}, 'F'));

  frame.mount({
    cards: [windCard.card, sidesCard],
    controls: [flipBtn],
    panelClass: 'lw-panel',
    sideName: (seat) => sideName(ownerOf(seat)),
    swatch,
    voice: { wave: 'sine', from: 520, to: 360, fall: 0.1, peak: 0.1, attack: 0.012, decay: 0.14 },
    rules: {
      summary: 'Move one piece, then turn the wind a quarter or half turn: the wind you leave is the one your opponent moves in. Sails run downwind, Oars step upwind, Kites go crosswind one square or leap two, and the Lamp steps any way onto an empty square. Take the enemy Lamp, or walk your Lamp onto the enemy’s ringed home square, to win.',
      diagrams: () => import('./rules.js'),
    },
    newMatch: () => ({ options: {}, position: baseText || undefined }),
    invite: () => ({ options: {}, position: baseText || null }),
    show,
    turnDetail,
    picking: () => !!pick,
    statusExtras: () => (view().computer_to_move || view().result ? [] : [lastMoveWords()]),
    statusOverride: () => (replay.active && replay.view ? replayStatus() : null),
    resultActions: () => (inPlace() ? [h('button', { class: 'btn', type: 'button', id: 'replay-btn', onclick: () => startReplay(), disabled: !view().history.length }, 'Replay', h('kbd', {}, 'R'))] : []),
    replayLabel: () => (inPlace() ? 'Study' : 'Replay'),
    replay: () => (inPlace() ? startReplay() : false),
    moveEntry,
    emptyMoves: () => 'No moves yet. Ink opens the game.',
    facts: () => [baseText ? h('span', {}, 'Started from a set position') : null],
    undoOff: () => replay.active,
    settings: {
      fields: (st) => ({
        display: [
          checkbox('orient', st.orient === 'auto', 'Your side at the bottom', 'When you play Paper, turn the board round. Off: Ink’s side stays at the bottom.'),
          checkbox('sound', st.sound, 'Sound', 'A soft tone on every move.'),
        ],
        after: [h('p', { class: 'help lw-settings-note' }, 'The opponent, level and side take effect with the next game. Settings are kept in this browser; the game in progress is not.')],
      }),
      onChange: (t) => {
        if (t.name !== 'orient') return;
        store.set('orient', t.checked ? 'auto' : 'fixed');
        orient();
      },
      start: () => {
        flipToggle = false;
      },
    },
    controller: {
      moveText: (move) => {
        const mv = parseMove(move);
        return mv ? `${squaresText(mv)} ${mv.wind}` : move;
      },
      mayPlay: () => humanToMove(),
      mayUndo: () => !replay.active,
      refuseUndoOnline: true,
      beforeStart: () => replay.drop(),
      startFailed: (err) => {
        if (!baseText || err.kind !== 'bad_position') return undefined;
        toast(`${shell.sentence(err.message)} Starting from the usual position instead.`, { error: true });
        baseText = '';
        return frame.newGame();
      },
    },
    keys: [
      { key: 'f', label: 'Turn the board round (for this visit; the settings choose how it starts)', run: () => toggleFlip() },
      { keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], label: 'Move between squares (on the screen, however the board is turned)' },
      { keys: ['Enter', ' '], label: 'Pick the piece or square in focus' },
      { keys: ['ArrowLeft', 'ArrowRight'], label: 'Once a move is picked: veer the wind left or right (anticlockwise or clockwise on the screen, the same whichever way the board faces)' },
      { keys: ['ArrowUp', 'ArrowDown'], label: 'Once a move is picked: reverse the wind' },
      { key: 'Enter', label: 'Once a wind is chosen: play the move' },
      { key: 'Escape', label: 'Take back the pick, one step at a time (or stop a replay)' },
    ],
  });

  replay = createInPlaceReplay({
    api, ctl: frame.ctl, stepMs: REPLAY_STEP_MS, closeAtEnd: true,
    draw: (at, ply) => {
      if (ply) frame.tick();
      renderBoard();
      renderCards();
      frame.renderStatus();
      frame.moves.mark(ply - 1, 'current');
    },
    ended: () => {
      renderAll();
      frame.moves.mark(view().history.length - 1, 'last');
    },
    failed: shell.showError,
  });

  const board = new BoardView({
    interactive: true,
    label: 'Leeward board, 7 by 7. Arrow keys move between squares; Enter picks a piece, then a square.',
    onSquare: (name) => pressSquare(name),
    onWind: (w) => chooseWind(w),
    onWindHover: (w) => considerWind(w),
    onWindSelect: (w) => selectWind(w),
  });
  frame.boardBox.replaceChildren(board.svg);

  const wantFlip = () => frame.turnedRound(store.get('orient'), flipToggle);

  /** Turns the board (and every arrow of the page with it) the way it should face now. */
  function orient() {
    board.setFlip(wantFlip());
    frame.moves.reset();
    if (view()) renderAll();
  }

  function toggleFlip() {
    flipToggle = !flipToggle;
    orient();
  }

  const inPlace = () => !view().online && !view().replay;

  /** Draws a view on the board and the game's cards (`before`: the view it replaces). */
  function show(v, before) {
    legal = [];
    byFrom = new Map();
    if (humanToMove()) {
      for (const m of v.moves || []) {
        const mv = parseMove(m.move);
        if (!mv) continue;
        const entry = { name: m.move, ...mv, info: m.info || {} };
        legal.push(entry);
        if (!byFrom.has(mv.from)) byFrom.set(mv.from, new Map());
        const tos = byFrom.get(mv.from);
        if (!tos.has(mv.to)) tos.set(mv.to, []);
        tos.get(mv.to).push(entry);
      }
    }
    // A pick survives a redraw of the same position only.
    if (!before || before.id !== v.id || before.history.length !== v.history.length || !humanToMove()) clearPick();
    board.setFlip(wantFlip());
    renderBoard();
    renderCards();
  }

  function clearPick() {
    pick = null;
    selWind = null;
    hoverWind = null;
  }

  /* ---------- The move in the making ---------- */

  const choicesOf = (from, to) => (byFrom.get(from)?.get(to) || []);
  const choiceFor = (wind) => (pick && pick.to && wind ? choicesOf(pick.from, pick.to).find((m) => m.wind === wind) || null : null);

  /** Why a square cannot be picked, from the server's legal moves (the page knows no rule). */
  function whyNot(name) {
    const st = view().state;
    const p = pieceAt(st, name);
    if (p && p.owner !== st.to_move) return `That ${kindName(p.kind)} is ${sideName(p.owner)}’s: ${sideName(st.to_move)}’s pieces are yours.`;
    if (p) return `That ${kindName(p.kind)} cannot move in this wind.`;
    if (pick) {
      const mine = pieceAt(st, pick.from);
      return `The ${mine ? kindName(mine.kind) : 'piece'} on ${pick.from} cannot go to ${name}.`;
    }
    return `${name} is empty: pick one of your pieces first.`;
  }

  function pressSquare(name) {
    if (!view() || replay.active) return;
    const notNow = frame.notNow();
    if (notNow) {
      frame.refuse(() => board.shake(name), notNow);
      return;
    }
    if (pick && pick.to) {
      // A move is waiting for its wind: another square changes the pick.
      if (name === pick.to) return;
      if (byFrom.has(name)) pick = { from: name };
      else if (byFrom.get(pick.from)?.has(name)) pick = { from: pick.from, to: name };
      else pick = { from: pick.from };
    } else if (pick && byFrom.get(pick.from)?.has(name)) {
      pick = { from: pick.from, to: name };
    } else if (byFrom.has(name)) {
      pick = pick && pick.from === name ? null : { from: name };
    } else {
      frame.refuse(() => board.shake(name), whyNot(name));
      return;
    }
    selWind = null;
    hoverWind = null;
    renderAll();
  }

  function considerWind(w) {
    hoverWind = w;
    renderBoard();
    renderCards();
  }

  function selectWind(w) {
    if (!choiceFor(w)) return;
    selWind = w;
    hoverWind = null;
    renderBoard();
    renderCards();
  }

  function chooseWind(w) {
    const m = choiceFor(w);
    if (m) frame.ctl.playMove(m.name);
  }

  function takeBack() {
    if (replay.active) {
      replay.stop();
      return true;
    }
    if (!pick) return false;
    pick = pick.to ? { from: pick.from } : null;
    selWind = null;
    hoverWind = null;
    renderAll();
    return true;
  }

  /* ---------- Drawing ---------- */

  function describeSquare(name) {
    const st = shownState();
    const p = pieceAt(st, name);
    const homes = st.homes || { ink: 'd1', paper: 'd7' };
    const bits = [p ? `${sideName(p.owner)} ${kindName(p.kind)}` : 'empty'];
    if (homes.ink === name) bits.push('Ink’s home');
    if (homes.paper === name) bits.push('Paper’s home');
    if (pick && pick.from === name && !pick.to) bits.push('picked');
    else if (!pick && byFrom.has(name)) bits.push('can move');
    else if (pick && !pick.to && byFrom.get(pick.from)?.has(name)) bits.push(p ? 'can be taken' : 'can go here');
    return `${name}: ${bits.join(', ')}`;
  }

  /** The position on the board: the server's, a replayed one, or with the move in the making played. */
  function shownState() {
    if (replay.active) return replay.view.state;
    if (pick && pick.to) return positions.landing(view(), choicesOf(pick.from, pick.to)[0].name) || view().state;
    return view().state;
  }

  function renderBoard() {
    const v = view();
    if (!v) return;
    if (replay.active) {
      const mv = replay.ply > 0 ? parseMove(v.history[replay.ply - 1].move) : null;
      board.render(shownState(), { last: mv ? { from: mv.from, to: mv.to } : null, describe: describeSquare });
      return;
    }
    const lastMv = parseMove(v.history.length ? v.history[v.history.length - 1].move : '');
    const o = { last: lastMv ? { from: lastMv.from, to: lastMv.to } : null, movable: humanToMove() ? [...byFrom.keys()] : [], describe: describeSquare };
    if (pick && !pick.to) {
      o.picked = pick.from;
      o.targets = [...(byFrom.get(pick.from) || new Map()).entries()].map(([to, list]) => ({ square: to, capture: list[0].capture }));
    } else if (pick) {
      const after = shownState();
      const m = choiceFor(hoverWind || selWind);
      const lamp = after.pieces.find((p) => p.kind === 'lamp' && p.owner === v.state.to_move);
      Object.assign(o, {
        wind: hoverWind || selWind || v.state.wind,
        origin: pick.from,
        moved: pick.to,
        choices: choicesOf(pick.from, pick.to).map((c) => ({ wind: c.wind, turn: c.info.turn, open: c.info.open || [] })),
        selected: selWind,
        threats: m ? m.info.open || [] : [],
        lampSquare: lamp ? lamp.square : null,
      });
    }
    board.render(pick && pick.to ? shownState() : v.state, o);
  }

  function renderAll() {
    renderBoard();
    renderCards();
    frame.renderPanel();
  }

  function renderCards() {
    const v = view();
    if (!v) return;
    const st = replay.active ? replay.view.state : v.state;
    const choosing = humanToMove() && pick && pick.to;
    windCard.render({
      st,
      key: [v.id, v.history.length, st.wind, st.calm, replay.active ? replay.ply : '', choosing ? `${pick.from}${pick.to}` : ''].join('|'),
      choices: choosing ? choicesOf(pick.from, pick.to) : null,
      selected: selWind,
      considering: choosing ? hoverWind || selWind : null,
      after: shownState(),
      flip: board.flip,
    });
    sidesCard.replaceChildren(...['ink', 'paper'].map((owner) => {
      // The pieces this side has taken: the other side's losses.
      const took = (st.captured || []).filter((c) => c.owner !== owner);
      const tray = h('span', { class: 'tray', id: `taken-by-${owner}`, role: 'img', 'aria-label': took.length ? `${sideName(owner)} has taken ${took.length}: ${took.map((c) => kindName(c.kind)).join(', ')}` : `${sideName(owner)} has taken nothing` },
        ...took.map((c) => pieceIcon(c.kind, c.owner, { size: 22 })));
      if (!took.length) tray.append(h('span', { class: 'tray-none', 'aria-hidden': 'true' }, 'nothing taken'));
      return h('div', { class: `side-row ${owner}${!v.result && !replay.active && st.to_move === owner ? ' to-move' : ''}`, id: `side-${owner}` },
        swatch(owner),
        h('div', { class: 'side-who' },
          h('span', { class: 'side-name-l' }, sideName(owner), h('span', { class: 'side-where' }, owner === 'ink' ? ' · south, moves first' : ' · north')),
          h('span', { class: 'side-player' }, frame.label(seatOf(owner)))),
        tray);
    }));
  }

  /** The status line for the person to move: the step the move is at. */
  function turnDetail() {
    const st = view().state;
    if (!pick) return h('span', { id: 'step' }, frame.vsComputer() || view().online ? `You play ${sideName(st.to_move)}. Pick a piece to see where it can go.` : `Pick one of ${sideName(st.to_move)}’s pieces.`);
    if (!pick.to) {
      const p = pieceAt(st, pick.from);
      return h('span', { id: 'step' }, `Pick a square for the ${kindName(p ? p.kind : 'piece')} on ${pick.from}.`);
    }
    return h('span', { id: 'step' }, `Now choose the wind for ${sideName(otherSide(st.to_move))}.`);
  }

  /** The last move in words: who moved what, what it took and the wind it left. */
  function lastMoveWords() {
    const v = view();
    const n = v.history.length;
    const x = v.history[n - 1];
    const mv = x && parseMove(x.move);
    if (!mv) return null;
    const states = positions.states(v);
    const piece = states ? pieceAt(states[n - 1], mv.from) : null;
    const taken = states ? pieceAt(states[n - 1], mv.to) : null;
    const you = frame.vsComputer() ? frame.humanSeat(x.side) : frame.mine(x.side);
    const who = you ? 'You' : frame.vsComputer() ? 'The computer' : sideName(ownerOf(x.side));
    const what = piece ? `${you ? 'your' : 'its'} ${kindName(piece.kind)} ` : '';
    const took = mv.capture ? `, taking ${taken ? `a ${kindName(taken.kind)}` : 'a piece'},` : '';
    return h('p', { class: 'lw-last', id: 'last-move' }, `${who} moved ${what}${mv.from}–${mv.to}${took} and left the wind blowing ${windName(mv.wind)}.`);
  }

  /** Move i of the history for the move list, with its piece once the server has said which. */
  function moveEntry(i) {
    const v = view();
    const x = v.history[i];
    const owner = ownerOf(x.side);
    const mv = parseMove(x.move);
    const states = positions.states(v);
    const piece = states && mv ? pieceAt(states[i], mv.from) : null;
    const who = frame.mover(x);
    const text = mv
      ? `${whoWithSide(who, sideName(owner))}: ${piece ? `${kindName(piece.kind)} ` : ''}${mv.from} to ${mv.to}${mv.capture ? ', taking' : ''}, wind ${windName(mv.wind)}.`
      : `${who}: ${x.move}`;
    return {
      node: h('li', { class: `mv mv-${owner}`, 'data-index': String(i) },
        piece ? pieceIcon(piece.kind, owner, { size: 15 }) : swatch(owner),
        h('span', { class: 'visually-hidden' }, text),
        h('span', { class: 'mv-text', 'aria-hidden': 'true' }, mv ? squaresText(mv) : x.move),
        mv ? h('span', { class: 'mv-wind', 'aria-hidden': 'true', title: `wind ${windName(mv.wind)}` }, windArrow(mv.wind, { size: 12, flip: board.flip }), mv.wind) : null),
    };
  }

  /* ---------- Replay of a finished game, in place ---------- */

  function replayStatus() {
    const st = replay.view.state;
    const n = view().history.length;
    return [h('div', { class: 'turn' }, windArrow(st.wind, { size: 22, flip: board.flip }),
      h('div', {},
        h('strong', { class: 'turn-who' }, 'Replay'),
        h('div', { class: 'turn-detail', id: 'replay-pos' }, replay.ply === 0 ? 'The start.' : `Move ${replay.ply} of ${n}. Blowing ${windName(st.wind)}: ${windSummary(st.wind)}`))),
    h('div', { class: 'result-actions' }, h('button', { class: 'btn', type: 'button', id: 'replay-stop', onclick: () => replay.stop() }, 'Stop', h('kbd', {}, 'Esc')))];
  }

  function startReplay() {
    const v = view();
    if (!v || !v.result || !v.history.length || replay.active || v.replay) return;
    if (v.online) {
      // An online game is replayed on its own page, with the engine's graph.
      location.assign(`/play/leeward?replay=${encodeURIComponent(v.id)}`);
      return;
    }
    clearPick();
    replay.start();
  }

  /* ---------- Keys that depend on the step the move is at ---------- */

  // The arrows, Enter and Escape depend on the step the move is at, so the
  // page listens for them itself (after the shell, which ignores them).
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || shell.dialogOpen() || !ctx.root.isConnected) return;
    const t = e.target;
    const tag = t && t.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (t && t.isContentEditable)) return;
    if (e.key === 'Escape') {
      if (takeBack()) e.preventDefault();
      return;
    }
    if (humanToMove() && pick && pick.to) {
      // Veering keeps its sense on a turned board: a half turn keeps anticlockwise anticlockwise.
      const turn = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'reverse', ArrowDown: 'reverse' }[e.key];
      if (turn) {
        e.preventDefault();
        selectWind(view().state.turns[turn]);
      } else if (e.key === 'Enter' && !((tag === 'BUTTON' || tag === 'A') && !t.closest('.lw'))) {
        e.preventDefault();
        if (selWind) chooseWind(selWind);
        else toast('Choose a wind first: ← or → veers it, ↑ or ↓ reverses it.', { timeout: 2600 });
      }
      return;
    }
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key) && !board.svg.contains(t)) {
      // From outside the board the arrows enter it on a piece that can move.
      e.preventDefault();
      board.focusCell((pick && pick.from) || [...byFrom.keys()][0] || board.focusName || 'd1');
    }
  });

  await frame.start();
}
