// Leeward: the play page. The server keeps the match (docs/api.md); this
// module draws it and takes the player's move in three steps: a piece, a
// square, then the wind to leave. While a wind is pointed at (or chosen with
// the arrow keys) the board marks the mover's pieces it would leave open.

import { openRulesDialog } from '/static/shell/rules-dialog.js';
import { checkbox } from '/static/shell/form.js';
import {
  BoardView, parseMove, oppositeWind, sideName, otherSide, kindName, windName, windDegrees,
  pieceAt, pieceIcon, windArrow, swatch,
} from './board.js';
import { inviteFriend, replayHref } from '/static/shell/session.js';
import {
  createMatchController, humanCanMove, playersFromSettings, playerLabel as seatPlayer, inSentence, matchHeadline, whoWithSide,
} from '/static/shell/match-controller.js';
import { openSettingsDialog } from '/static/shell/settings-dialog.js';
import { moveTick } from '/static/shell/sound.js';
import { positionsAfter } from '/static/shell/positions.js';

const SLUG = 'leeward';
const MIN_GAP_MS = 420; // let the eye follow one move before the next one lands
const REPLAY_STEP_MS = 700;
const TURN_WORDS = { left: 'veer left', right: 'veer right', reverse: 'reverse' };

function loadCss() {
  const href = '/static/games/leeward/play.css';
  if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** What each piece may do in a wind, in a line. */
function windSummary(w) {
  const up = windName(oppositeWind(w));
  const across = w === 'N' || w === 'S' ? 'east or west' : 'north or south';
  return `Sails run ${windName(w)}, Oars row ${up}, Kites cross ${across}.`;
}

/** A move's squares as the move list writes them: "d1–c2", "b4×f4". */
const squaresText = (mv) => `${mv.from}${mv.capture ? '×' : '–'}${mv.to}`;

/** A move as the replay's list writes it: "d1–c2 S" (the notation "d1c2/S" is for records). */
function moveText(move) {
  const mv = parseMove(move);
  return mv ? `${squaresText(mv)} ${mv.wind}` : move;
}

export async function mount({ root, game, shell, api, params }) {
  const { h, toast } = shell;
  await loadCss();

  /* ---------- Settings ---------- */

  const levels = game.levels && game.levels.length ? game.levels : [{ key: 'easy', name: 'Easy', about: '' }];
  const defaults = {
    mode: 'computer',
    level: (levels.find((l) => l.key === 'fair') || levels[0]).key,
    side: 'ink',
    sound: false,
  };
  const store = shell.createStore(SLUG, defaults);
  if (!levels.some((l) => l.key === store.get('level'))) store.set('level', defaults.level);
  if (!['ink', 'paper'].includes(store.get('side'))) store.set('side', defaults.side);
  if (!['computer', 'two'].includes(store.get('mode'))) store.set('mode', defaults.mode);

  /* ---------- Page ---------- */

  shell.mountTopbar({
    title: game.name,
    actions: [
      { label: 'New game', icon: 'new', key: 'R', onClick: () => newGame(), id: 'tb-new' },
      { label: 'Play online', icon: 'online', onClick: () => inviteFriend({ game, options: {}, position: baseText || null }), id: 'tb-online' },
      { label: 'Settings', icon: 'settings', onClick: () => showSettings(), id: 'tb-settings' },
      { label: 'Rules', icon: 'rules', key: 'F1', href: `/rules/${SLUG}`, onClick: () => showRules(), id: 'tb-rules' },
      { label: 'Keys', icon: 'help', key: '?', onClick: () => shell.showKeys(), id: 'tb-help' },
    ],
  });

  const boardBox = h('div', { class: 'board-box', id: 'board' });
  const statusCard = h('section', { class: 'card status-card', id: 'status', 'aria-label': 'Game status', 'aria-live': 'polite' });
  const windCard = h('section', { class: 'card lw-wind-card', id: 'wind-card', 'aria-label': 'Wind' });
  const sidesCard = h('section', { class: 'card lw-sides', id: 'sides', 'aria-label': 'Sides and captured pieces' });
  const undoBtn = h('button', { class: 'btn', type: 'button', id: 'undo-btn', onclick: () => undo() }, 'Undo', h('kbd', {}, 'U'));
  const newBtn = h('button', { class: 'btn', type: 'button', id: 'new-btn', onclick: () => newGame() }, 'New game', h('kbd', {}, 'R'));
  const controls = h('div', { class: 'controls' }, undoBtn, newBtn);
  const moveList = h('ol', { class: 'move-list', id: 'move-list', 'aria-live': 'polite', 'aria-label': 'Moves' });
  let pinned = true; // keep the newest move in view while the list is scrolled to its end
  moveList.addEventListener('scroll', () => {
    moveList.classList.toggle('scrolled', moveList.scrollTop > 0);
    pinned = moveList.scrollTop + moveList.clientHeight >= moveList.scrollHeight - 4;
  }, { passive: true });
  // The card changes height as the wind card above it grows and shrinks.
  new ResizeObserver(() => {
    if (pinned && !replay) moveList.scrollTop = moveList.scrollHeight;
  }).observe(moveList);
  const movesCard = h('section', { class: 'card moves-card' }, h('h2', {}, 'Moves'), moveList);
  const footer = h('p', { class: 'match-facts', id: 'match-facts' });
  const side = h('aside', { class: 'side-panel lw-panel', 'aria-label': 'Game panel' }, statusCard, windCard, sidesCard, controls, movesCard, footer);
  root.replaceChildren(h('div', { class: 'board-area' }, boardBox), side);

  const board = new BoardView({
    interactive: true,
    label: 'Leeward board, 7 by 7, rank 7 at the top. Arrow keys move between squares; Enter picks a piece, then a square.',
    onSquare: (name) => pressSquare(name),
    onWind: (w) => chooseWind(w),
    onWindHover: (w) => hoverWindTo(w),
    onWindSelect: (w) => selectWind(w),
  });
  boardBox.replaceChildren(board.svg);

  /* ---------- Match state ---------- */

  let view = null; // the view on the page: the controller's latest, handed to show()
  let legal = []; // the legal moves: {name, from, to, wind, capture, info}
  let byFrom = new Map(); // from → Map(to → [moves])
  let pick = null; // {from} or {from, to}: the move in the making
  let selWind = null; // the wind chosen with the keys (or a first tap), not yet confirmed
  let hoverWind = null; // the wind under the pointer
  let replay = null; // {states, moves, index, timer} while a finished game is replayed in place
  let baseText = params.get('position') || '';

  const ctl = createMatchController({
    moveText,
    game, shell, api, params, panel: side, root,
    minGapMs: MIN_GAP_MS,
    show,
    renderStatus,
    mayPlay: () => humanToMove(),
    mayUndo: () => !replay,
    refuseUndoOnline: true,
    beforeStart: () => stopReplay(false),
    fresh: () => {
      shownMoves = { id: null, n: -1 };
    },
    startFailed: (err, options, who) => {
      if (!baseText || err.kind !== 'bad_position') return undefined;
      toast(`${shell.sentence(err.message)} Starting from the usual position instead.`, { error: true });
      baseText = '';
      return startMatch(who);
    },
  });
  const { playMove, undo } = ctl;

  const humanSeat = (seat) => view && view.players[seat] === 'human';
  const vsComputer = () => view && view.players.some((p) => p !== 'human');
  const humanToMove = () => humanCanMove(view) && !replay;
  const seatOf = (owner) => (owner === 'ink' ? 0 : 1);
  const ownerOf = (seat) => (seat === 0 ? 'ink' : 'paper');

  /** Online: whether this browser holds `seat`. */
  const mine = (seat) => !!view.online && view.online.seat === seat;
  /** Online or replaying: this screen may not move now (and nobody here is thinking). */
  const passive = () => !view.computer_to_move && !!(view.replay || (view.online && !view.can_move));
  const playerLabel = (owner) => seatPlayer(view, seatOf(owner), { levels });

  /**
   * The positions after each move of the history (index 0: the start), as
   * the server works them out; null until they have arrived (then the page
   * is drawn again).
   */
  let statesCache = { key: null, states: null, ready: Promise.resolve(null) };
  // What the server worked out so far for one match: its moves and the positions after them.
  let walked = { id: null, moves: [], steps: [] };
  function historyStates(v) {
    const key = `${v.id}:${v.history.length}:${v.version}`;
    if (statesCache.key !== key) statesCache = { key, states: null, ready: loadStates(v, key) };
    return statesCache.states;
  }

  async function loadStates(v, key) {
    try {
      const moves = v.history.map((x) => x.move);
      // Only the moves played since the last time are asked for (an undo asks again from the start).
      const known = walked.id === v.id && walked.moves.length <= moves.length && walked.moves.every((m, i) => m === moves[i]);
      if (!known) {
        // The match's own start: a set position, or the usual one.
        const start = moves.length ? await api(`/api/matches/${encodeURIComponent(v.id)}/at/0`) : v;
        walked = { id: v.id, moves: [], steps: [{ position: start.position, state: start.state }] };
      }
      const base = walked;
      const fresh = moves.slice(base.moves.length);
      if (fresh.length) {
        const from = base.steps[base.steps.length - 1].position;
        const walk = await positionsAfter(SLUG, { position: from, moves: fresh, each: true });
        // Another answer came first: start again from what it learned.
        if (walked !== base) return statesCache.key === key ? loadStates(v, key) : null;
        walked = { id: v.id, moves: [...base.moves, ...fresh], steps: [...base.steps, ...walk.positions.slice(1)] };
      }
      if (statesCache.key !== key) return null;
      statesCache.states = walked.steps.slice(0, moves.length + 1).map((x) => x.state);
      shownMoves = { id: null, n: -1 };
      renderAll();
      return statesCache.states;
    } catch {
      return null; // the moves are listed without their pieces' names
    }
  }

  /** The board with the piece of the move in the making on its new square, as the server played it (null until known). */
  let landing = { key: null, state: null };
  function landingState(from, to) {
    const key = `${view.id}:${view.version}:${from}${to}`;
    if (landing.key === key) return landing.state;
    landing = { key, state: null };
    const move = legal.find((m) => m.from === from && m.to === to);
    if (move) {
      positionsAfter(SLUG, { position: view.position, moves: [move.name] })
        .then((after) => {
          if (landing.key !== key) return;
          landing = { key, state: { ...view.state, pieces: after.state.pieces, captured: after.state.captured } };
          renderAll();
        })
        .catch(() => {});
    }
    return null;
  }

  function lastMove(v) {
    const x = v.history[v.history.length - 1];
    const mv = x && parseMove(x.move);
    return mv ? { from: mv.from, to: mv.to } : null;
  }

  /** Draws a view the controller accepted (`before`: the one it replaces). */
  function show(v, before) {
    view = v;
    boardBox.dataset.match = v.id;
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
    if (before && before.id === v.id && v.history.length > before.history.length) tick();
    renderAll();
  }

  function clearPick() {
    pick = null;
    selWind = null;
    hoverWind = null;
  }

  /* ---------- The move in the making ---------- */

  const targetsOf = (from) => {
    const tos = byFrom.get(from);
    if (!tos) return [];
    return [...tos.entries()].map(([to, list]) => ({ square: to, capture: list[0].capture }));
  };

  const choicesOf = (from, to) => (byFrom.get(from)?.get(to) || []);

  function choiceFor(wind) {
    if (!pick || !pick.to || !wind) return null;
    return choicesOf(pick.from, pick.to).find((m) => m.wind === wind) || null;
  }

  function pressSquare(name) {
    if (!view) return;
    if (replay) return;
    if (!humanToMove()) {
      board.shake(name);
      if (view.computer_to_move && !view.result) toast('Wait a moment: the computer is still thinking.', { timeout: 1800 });
      else if (view.online && !view.result && !view.replay) {
        const watching = view.online.seat === null || view.online.seat === undefined;
        ctl.nudge(watching ? 'You are watching: only the two players can move.' : `Wait for ${inSentence(playerLabel(ownerOf(view.side_to_move)))} to move.`);
      }
      return;
    }
    if (pick && pick.to) {
      // A move is waiting for its wind: another square changes the pick.
      if (name === pick.to) return;
      if (byFrom.has(name)) pick = { from: name };
      else if (byFrom.get(pick.from)?.has(name)) pick = { from: pick.from, to: name };
      else pick = { from: pick.from };
      selWind = null;
      hoverWind = null;
    } else if (pick && byFrom.get(pick.from)?.has(name)) {
      pick = { from: pick.from, to: name };
      selWind = null;
      hoverWind = null;
    } else if (byFrom.has(name)) {
      pick = pick && pick.from === name ? null : { from: name };
    } else {
      board.shake(name);
      const p = pieceAt(view.state, name);
      if (p && p.owner === view.state.to_move) toast(`That ${kindName(p.kind)} has no move in this wind.`, { timeout: 2200 });
      return;
    }
    renderAll();
  }

  function hoverWindTo(w) {
    hoverWind = w;
    renderBoard();
    renderWind();
  }

  function selectWind(w) {
    if (!pick || !pick.to || !choiceFor(w)) return;
    selWind = w;
    hoverWind = null;
    renderBoard();
    renderWind();
  }

  function chooseWind(w) {
    const m = choiceFor(w);
    if (!m) return;
    playMove(m.name);
  }

  function takeBack() {
    if (replay) {
      stopReplay();
      return true;
    }
    if (!pick) return false;
    if (pick.to) pick = { from: pick.from };
    else pick = null;
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
    const bits = [];
    bits.push(p ? `${sideName(p.owner)} ${kindName(p.kind)}` : 'empty');
    if (homes.ink === name) bits.push('Ink’s home');
    if (homes.paper === name) bits.push('Paper’s home');
    if (pick && pick.from === name && !pick.to) bits.push('picked');
    else if (!pick && byFrom.has(name)) bits.push('can move');
    else if (pick && !pick.to && byFrom.get(pick.from)?.has(name)) bits.push(p ? 'can be taken' : 'can go here');
    return `${name}: ${bits.join(', ')}`;
  }

  /** The position on the board: the server's, or with the move in the making played. */
  function shownState() {
    if (replay) return replay.states[replay.index];
    if (pick && pick.to) return landingState(pick.from, pick.to) || view.state;
    return view.state;
  }

  function renderBoard() {
    if (!view) return;
    if (replay) {
      const st = replay.states[replay.index];
      const mv = replay.index > 0 ? parseMove(replay.moves[replay.index - 1]) : null;
      board.render(st, { last: mv ? { from: mv.from, to: mv.to } : null, describe: describeSquare });
      return;
    }
    const st = view.state;
    const last = lastMove(view);
    const movable = humanToMove() ? [...byFrom.keys()] : [];
    if (!pick) {
      board.render(st, { last, movable, describe: describeSquare });
    } else if (!pick.to) {
      board.render(st, { last, movable, picked: pick.from, targets: targetsOf(pick.from), describe: describeSquare });
    } else {
      const after = shownState();
      const w = hoverWind || selWind;
      const m = choiceFor(w);
      const lamp = after.pieces.find((p) => p.kind === 'lamp' && p.owner === st.to_move);
      board.render(after, {
        wind: w || st.wind,
        last,
        origin: pick.from,
        moved: pick.to,
        choices: choicesOf(pick.from, pick.to).map((c) => ({ wind: c.wind, turn: c.info.turn, open: c.info.open || [] })),
        selected: selWind,
        threats: m ? m.info.open || [] : [],
        lampSquare: lamp ? lamp.square : null,
        describe: describeSquare,
      });
    }
  }


  function renderAll() {
    renderBoard();
    renderStatus();
    renderWind();
    renderSides();
    renderMoves();
    renderFacts();
    undoBtn.disabled = !ctl.canUndo() || !!replay;
  }

  function renderStatus() {
    if (!view) return;
    const st = view.state;
    const mover = st.to_move;
    const parts = [];
    if (replay) {
      parts.push(h('div', { class: 'turn' }, windArrow(st.wind, { size: 22 }),
        h('div', {},
          h('strong', { class: 'turn-who' }, 'Replay'),
          h('div', { class: 'turn-detail', id: 'replay-pos' }, replay.index === 0 ? 'The start.' : `Move ${replay.index} of ${replay.moves.length}.`))),
      h('div', { class: 'result-actions' }, h('button', { class: 'btn', type: 'button', id: 'replay-stop', onclick: () => stopReplay() }, 'Stop', h('kbd', {}, 'Esc'))));
    } else if (view.result) {
      const w = view.result.winner;
      const headline = matchHeadline(view, { levels, sideName: (seat) => sideName(ownerOf(seat)) });
      // In place, a finished game plays itself again; the replay page steps through it with the engine's graph.
      const inPlace = !view.online && !view.replay;
      parts.push(h('div', { class: 'result-banner', id: 'result', role: 'status' },
        h('div', { class: 'result-head' }, w === null || w === undefined ? null : swatch(w), h('strong', {}, headline)),
        h('p', { class: 'result-reason' }, view.result.reason || ''),
        h('div', { class: 'result-actions' },
          h('button', { class: 'btn primary', type: 'button', onclick: () => newGame() }, 'New game', h('kbd', {}, 'R')),
          inPlace ? h('button', { class: 'btn', type: 'button', id: 'replay-btn', onclick: () => startReplay(), disabled: !view.history.length }, 'Replay', h('kbd', {}, 'P')) : null,
          view.replay ? null : h('a', {
            class: 'btn', href: replayHref(SLUG, view.id), id: 'replay-link',
            title: 'Step through the game move by move, with the engine’s view of it',
          }, inPlace ? 'Study' : 'Replay'))));
    } else {
      const thinking = view.computer_to_move;
      const still = passive();
      const who = thinking || still || (!vsComputer() && !view.online) ? `${sideName(mover)} to move` : 'Your move';
      let detail;
      if (thinking) {
        detail = h('span', { class: 'thinking', id: 'thinking' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'The computer is thinking…');
      } else if (view.replay) {
        // The replay card says which move this is; the wind card is hidden to make room for it (play.css).
        detail = h('span', { class: 'lw-replay-wind' }, windArrow(st.wind, { size: 14 }), ` Blowing ${windName(st.wind)}. ${windSummary(st.wind)}`);
      } else if (still) {
        detail = h('span', {}, view.online.seat === null || view.online.seat === undefined ? 'You are watching this game.' : `Waiting for ${inSentence(playerLabel(mover))}.`);
      } else if (view.can_move === false) {
        detail = h('span', {}, 'Waiting for the other player.');
      } else if (!pick) {
        detail = h('span', { id: 'step' }, vsComputer() || view.online ? `You play ${sideName(mover)}. Pick a piece to see where it can go.` : `Pick one of ${sideName(mover)}’s pieces.`);
      } else if (!pick.to) {
        const p = pieceAt(st, pick.from);
        detail = h('span', { id: 'step' }, `Pick a square for the ${kindName(p ? p.kind : 'piece')} on ${pick.from}.`);
      } else {
        detail = h('span', { id: 'step' }, `Now choose the wind for ${sideName(otherSide(mover))}.`);
      }
      parts.push(h('div', { class: `turn turn-${mover}` }, swatch(mover),
        h('div', {}, h('strong', { class: 'turn-who' }, who), h('div', { class: 'turn-detail' }, detail))));
      const said = lastMoveWords();
      if (said && !thinking) parts.push(h('p', { class: 'lw-last', id: 'last-move' }, said));
    }
    statusCard.replaceChildren(...parts);
  }

  /** The last move in words: who moved what, what it took and the wind it left. */
  function lastMoveWords() {
    const n = view.history.length;
    if (!n) return '';
    const x = view.history[n - 1];
    const mv = parseMove(x.move);
    if (!mv) return '';
    const states = historyStates(view);
    const piece = states ? pieceAt(states[n - 1], mv.from) : null;
    const taken = states ? pieceAt(states[n - 1], mv.to) : null;
    const you = vsComputer() ? humanSeat(x.side) : mine(x.side);
    const who = you ? 'You' : vsComputer() ? 'The computer' : sideName(ownerOf(x.side));
    const what = piece ? `${you ? 'your' : 'its'} ${kindName(piece.kind)} ` : '';
    const took = mv.capture ? `, taking ${taken ? `a ${kindName(taken.kind)}` : 'a piece'},` : '';
    return `${who} moved ${what}${mv.from}–${mv.to}${took} and left the wind blowing ${windName(mv.wind)}.`;
  }

  /** A compass rose with the wind's arrow (and, faintly, a wind being considered). */
  function rose(wind, next) {
    const NSS = 'http://www.w3.org/2000/svg';
    const el = (tag, attrs) => {
      const e = document.createElementNS(NSS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      return e;
    };
    const svg = el('svg', { viewBox: '-50 -50 100 100', class: 'lw-rose', 'aria-hidden': 'true' });
    svg.append(el('circle', { r: 44, class: 'rose-ring' }), el('circle', { r: 30, class: 'rose-ring faint' }));
    for (const w of ['N', 'E', 'S', 'W']) {
      const a = (windDegrees(w) * Math.PI) / 180;
      const t = el('text', { x: 38 * Math.sin(a), y: -38 * Math.cos(a), class: 'rose-letter' });
      t.textContent = w;
      svg.append(t);
      const tick = el('line', { x1: 22 * Math.sin(a), y1: -22 * Math.cos(a), x2: 28 * Math.sin(a), y2: -28 * Math.cos(a), class: 'rose-tick' });
      svg.append(tick);
    }
    const arrow = (w, cls) => {
      const g = el('g', { class: cls });
      g.style.transform = `rotate(${windDegrees(w)}deg)`;
      g.append(el('path', { d: 'M0 -27 L10 -9 L3.5 -9 L3.5 24 L-3.5 24 L-3.5 -9 L-10 -9 Z' }));
      return g;
    };
    if (next && next !== wind) svg.append(arrow(next, 'rose-next'));
    svg.append(arrow(wind, 'rose-arrow'));
    return svg;
  }

  let windSig = null;
  let windParts = null; // the parts of the wind card that change while a wind is considered

  function renderWind() {
    if (!view) return;
    const st = replay ? replay.states[replay.index] : view.state;
    const w = st.wind;
    const choosing = !replay && humanToMove() && pick && pick.to;
    const sig = [view.id, view.history.length, w, st.calm, replay ? replay.index : '', choosing ? `${pick.from}${pick.to}` : ''].join('|');
    if (sig !== windSig) {
      windSig = sig;
      windParts = buildWind(st, choosing);
    }
    const considering = choosing ? hoverWind || selWind : null;
    windParts.roseBox.replaceChildren(rose(w, considering));
    windParts.sum.textContent = considering ? `Left ${windName(considering)}: ${windSummary(considering)}` : windSummary(w);
    for (const [wind, btn] of windParts.buttons) {
      btn.classList.toggle('selected', selWind === wind);
      btn.setAttribute('aria-pressed', selWind === wind ? 'true' : 'false');
      btn.classList.toggle('considered', considering === wind);
    }
    if (windParts.note) {
      const m = choiceFor(considering);
      let note;
      if (!m) note = 'Point at a wind to see what it leaves open, or choose one with the arrow keys and press Enter.';
      else if (m.info.result === 'win') note = m.info.reason || 'This move wins the game.';
      else if (m.info.result === 'draw') note = m.info.reason || 'This move ends the game in a draw.';
      else if (!(m.info.open || []).length) note = `Left ${windName(m.wind)}, none of your pieces can be taken at once.`;
      else {
        const after = shownState();
        const names = (m.info.open || []).map((sq) => {
          const p = pieceAt(after, sq);
          return p ? `${kindName(p.kind)} on ${sq}` : sq;
        });
        note = `${m.info.lamp_open ? 'Careful: your Lamp could be taken. ' : ''}Left ${windName(m.wind)}, ${sideName(otherSide(st.to_move))} could take your ${listWords(names)}.`;
      }
      windParts.note.textContent = note;
      windParts.note.classList.toggle('bad', !!(m && (m.info.open || []).length));
    }
  }

  function buildWind(st, choosing) {
    const w = st.wind;
    const roseBox = h('span', { class: 'rose-box' });
    const sum = h('span', { class: 'wind-sum' });
    const rows = [h('h2', {}, 'Wind'),
      h('div', { class: 'wind-now' }, roseBox,
        h('div', { class: 'wind-words' }, h('strong', { id: 'wind-now' }, `Blowing ${windName(w)}`), sum))];
    const buttons = new Map();
    let note = null;
    if (choosing) {
      const list = choicesOf(pick.from, pick.to);
      for (const t of ['left', 'reverse', 'right']) {
        const m = list.find((x) => x.info.turn === t);
        if (!m) continue;
        const open = m.info.open || [];
        const risk = m.info.result === 'win'
          ? h('span', { class: 'risk win' }, 'wins')
          : open.length
            ? h('span', { class: `risk${m.info.lamp_open ? ' lamp' : ''}` }, m.info.lamp_open ? 'Lamp open' : `${open.length} open`)
            : h('span', { class: 'risk safe' }, 'safe');
        const key = t === 'left' ? '←' : t === 'right' ? '→' : '↑↓';
        const btn = h('button', {
          class: 'wind-btn',
          type: 'button',
          id: `wind-${m.wind}`,
          'data-wind': m.wind,
          onclick: () => chooseWind(m.wind),
          onpointerenter: (e) => e.pointerType !== 'touch' && hoverWindTo(m.wind),
          onpointerleave: (e) => e.pointerType !== 'touch' && hoverWindTo(null),
          onfocus: () => hoverWindTo(m.wind),
          onblur: () => hoverWindTo(null),
        },
        windArrow(m.wind, { size: 20 }),
        h('span', { class: 'wind-btn-name' }, windName(m.wind)),
        h('span', { class: 'wind-btn-turn' }, h('kbd', {}, key), TURN_WORDS[t]),
        risk);
        buttons.set(m.wind, btn);
      }
      rows.push(h('div', { class: 'wind-choices', role: 'group', 'aria-label': 'The wind you leave' }, ...buttons.values()));
      note = h('p', { class: 'wind-note', id: 'wind-note', 'aria-live': 'polite' });
      rows.push(note);
    }
    const calm = st.calm ?? 0;
    const limit = st.calm_limit ?? 60;
    rows.push(h('div', { class: 'calm', id: 'calm', title: `${limit} moves in a row without a capture draw the game` },
      h('span', { class: 'calm-label' }, 'Calm'),
      h('span', { class: 'calm-bar', 'aria-hidden': 'true' }, h('span', { style: `width:${Math.min(100, (100 * calm) / limit)}%` })),
      h('span', { class: 'calm-num' }, `${calm} of ${limit} quiet moves`)));
    windCard.replaceChildren(...rows);
    return { roseBox, sum, buttons, note };
  }

  const listWords = (xs) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

  function renderSides() {
    if (!view) return;
    const st = replay ? replay.states[replay.index] : view.state;
    const rows = ['ink', 'paper'].map((owner) => {
      const toMove = !view.result && !replay && st.to_move === owner;
      // The pieces this side has taken: the other side's losses.
      const took = (st.captured || []).filter((c) => c.owner !== owner);
      const tray = h('span', { class: 'tray', id: `taken-by-${owner}`, role: 'img', 'aria-label': took.length ? `${sideName(owner)} has taken ${took.length}: ${took.map((c) => kindName(c.kind)).join(', ')}` : `${sideName(owner)} has taken nothing` },
        ...took.map((c) => pieceIcon(c.kind, c.owner, { size: 22 })));
      if (!took.length) tray.append(h('span', { class: 'tray-none', 'aria-hidden': 'true' }, 'nothing taken'));
      return h('div', { class: `side-row ${owner}${toMove ? ' to-move' : ''}`, id: `side-${owner}` },
        swatch(owner),
        h('div', { class: 'side-who' },
          h('span', { class: 'side-name-l' }, sideName(owner), h('span', { class: 'side-where' }, owner === 'ink' ? ' · south, moves first' : ' · north')),
          h('span', { class: 'side-player' }, playerLabel(owner))),
        tray);
    });
    sidesCard.replaceChildren(...rows);
  }

  let shownMoves = { id: null, n: -1, last: null };

  function renderMoves() {
    if (!view) return;
    const hist = view.history;
    const states = historyStates(view);
    const sig = `${view.id}:${hist.length}:${hist.length ? hist[hist.length - 1].move : ''}:${replay ? replay.index : '-'}`;
    if (shownMoves.sig === sig) return;
    shownMoves.sig = sig;
    const keep = shownMoves.id === view.id && shownMoves.n <= hist.length && !replay && !shownMoves.replay &&
      (shownMoves.n <= 0 || shownMoves.lastMove === hist[shownMoves.n - 1].move);
    if (!keep || shownMoves.n < 0) moveList.replaceChildren();
    const start = keep ? Math.max(0, shownMoves.n) : 0;
    if (start === 0) moveList.replaceChildren();
    moveList.querySelectorAll('.mv.last, .mv.current').forEach((x) => x.classList.remove('last', 'current'));
    let row = moveList.lastElementChild && moveList.lastElementChild.classList.contains('mv-row') ? moveList.lastElementChild : null;
    for (let i = start; i < hist.length; i++) {
      const x = hist[i];
      const owner = ownerOf(x.side);
      const mv = parseMove(x.move);
      const piece = states && mv ? pieceAt(states[i], mv.from) : null;
      const who = vsComputer() ? (humanSeat(x.side) ? 'You' : 'Computer') : mine(x.side) ? 'You' : sideName(owner);
      const text = mv
        ? `${whoWithSide(who, sideName(owner))}: ${piece ? kindName(piece.kind) + ' ' : ''}${mv.from} to ${mv.to}${mv.capture ? ', taking' : ''}, wind ${windName(mv.wind)}.`
        : `${who}: ${x.move}`;
      const node = h('li', { class: `mv mv-${owner}`, 'data-index': String(i) },
        piece ? pieceIcon(piece.kind, owner, { size: 15 }) : swatch(owner),
        h('span', { class: 'visually-hidden' }, text),
        h('span', { class: 'mv-text', 'aria-hidden': 'true' }, mv ? squaresText(mv) : x.move),
        mv ? h('span', { class: 'mv-wind', 'aria-hidden': 'true', title: `wind ${windName(mv.wind)}` }, windArrow(mv.wind, { size: 12 }), mv.wind) : null);
      if (owner === 'ink' || !row || row.classList.contains('full')) {
        const num = Math.floor(i / 2) + 1;
        row = h('li', { class: 'mv-row' }, h('span', { class: 'mv-num', 'aria-hidden': 'true' }, `${num}.`), h('ol', { class: 'mv-pair' }));
        moveList.append(row);
        if (owner === 'paper') row.querySelector('.mv-pair').append(h('li', { class: 'mv mv-gap', 'aria-hidden': 'true' }, '…'));
      }
      row.querySelector('.mv-pair').append(node);
      if (owner === 'paper') row.classList.add('full');
    }
    if (!hist.length) {
      moveList.replaceChildren(h('li', { class: 'mv-empty' }, 'No moves yet. Ink opens the game.'));
    } else {
      const mark = replay ? replay.index - 1 : hist.length - 1;
      const node = moveList.querySelector(`.mv[data-index="${mark}"]`);
      if (node) node.classList.add(replay ? 'current' : 'last');
    }
    shownMoves = { id: view.id, n: hist.length, sig, replay: !!replay, lastMove: hist.length ? hist[hist.length - 1].move : null };
    const cur = moveList.querySelector('.mv.current');
    if (cur) {
      // Centre the replayed move in the list, without scrolling the page itself.
      const r = cur.getBoundingClientRect();
      const l = moveList.getBoundingClientRect();
      moveList.scrollTop += r.top - l.top - (l.height - r.height) / 2;
    }
    else {
      moveList.scrollTop = moveList.scrollHeight;
      pinned = true;
    }
    moveList.classList.toggle('scrolled', moveList.scrollTop > 0);
  }

  function renderFacts() {
    footer.hidden = !baseText;
    footer.replaceChildren(baseText ? h('span', {}, 'Started from a set position') : '');
  }

  /* ---------- Actions ---------- */

  const players = () => playersFromSettings(store.all(), 'paper');

  /** A new match from the set position of the address, if any, else from the usual one. */
  function startMatch(who) {
    return ctl.startMatch({}, who, { position: baseText || undefined });
  }

  function newGame() {
    if (ctl.stayInOnlineGame()) return undefined;
    return startMatch(players());
  }

  /* ---------- Replay of a finished game ---------- */

  async function startReplay() {
    if (!view || !view.result || !view.history.length || replay || view.replay) return;
    if (view.online) {
      // An online game is replayed on its own page, with the engine's graph.
      location.assign(replayHref(SLUG, view.id));
      return;
    }
    const states = historyStates(view) || (await statesCache.ready);
    if (!states || !view || view.online) {
      if (!states) toast('This game cannot be replayed here.', { error: true });
      return;
    }
    clearPick();
    replay = { states, moves: view.history.map((x) => x.move), index: 0, timer: null };
    renderAll();
    const step = () => {
      if (!replay) return;
      if (replay.index >= replay.moves.length) {
        replay.timer = setTimeout(() => stopReplay(), REPLAY_STEP_MS * 1.5);
        return;
      }
      replay.index += 1;
      tick();
      renderAll();
      replay.timer = setTimeout(step, REPLAY_STEP_MS);
    };
    replay.timer = setTimeout(step, REPLAY_STEP_MS);
  }

  function stopReplay(draw = true) {
    if (!replay) return;
    clearTimeout(replay.timer);
    replay = null;
    shownMoves = { id: null, n: -1 };
    if (draw && view) renderAll();
  }

  /* ---------- Sound (optional, made on the spot: no files) ---------- */

  const tick = moveTick(store, { wave: 'sine', from: 520, to: 360, fall: 0.1, peak: 0.1, attack: 0.012, decay: 0.14 });

  /* ---------- Rules dialog ---------- */

  function showRules() {
    return openRulesDialog({
      slug: SLUG,
      name: game.name,
      summary: 'Move one piece, then turn the wind a quarter or half turn: the wind you leave is the one your opponent moves in. Sails run downwind, Oars step upwind, Kites go crosswind one square or leap two, and the Lamp steps any way onto an empty square. Take the enemy Lamp, or walk your Lamp onto the enemy’s ringed home square, to win.',
      diagrams: () => import('./rules.js'),
    });
  }

  /* ---------- Settings dialog ---------- */

  function showSettings() {
    openSettingsDialog({
      shell, store, levels,
      sides: [['ink', 'Ink (dark, moves first)', swatch('ink')], ['paper', 'Paper (light)', swatch('paper')]],
      fields: (st) => ({
        display: [checkbox('sound', st.sound, 'Sound', 'A soft tone on every move.')],
        after: [h('p', { class: 'help lw-settings-note' }, 'The opponent, level and side take effect with the next game. Settings are kept in this browser; the game in progress is not.')],
      }),
      onChange: (t) => {
        if (t.name === 'sound') store.set('sound', t.checked);
      },
      save: (f, st) => store.update({ mode: f.mode.value, level: f.level.value || st.level, side: f.side.value || st.side }),
      start: (form, save) => {
        save();
        newGame();
      },
    });
  }

  /* ---------- Keys ---------- */

  shell.registerKeys([
    { key: 'r', label: 'New game', run: () => newGame() },
    { key: 'u', label: 'Undo your last move (and the computer’s answer)', run: () => undo() },
    { key: 'p', label: 'Replay a finished game', run: () => startReplay() },
    { key: 'F1', label: 'Rules', run: () => showRules() },
    { keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], label: 'Move between squares' },
    { keys: ['Enter', ' '], label: 'Pick the piece or square in focus' },
    { keys: ['ArrowLeft', 'ArrowRight'], label: 'Once a move is picked: veer the wind left or right' },
    { keys: ['ArrowUp', 'ArrowDown'], label: 'Once a move is picked: reverse the wind' },
    { key: 'Enter', label: 'Once a wind is chosen: play the move' },
    { key: 'Escape', label: 'Take back the pick, one step at a time (or stop a replay)' },
  ]);

  // The arrows, Enter and Escape depend on the step the move is at, so the
  // page listens for them itself (after the shell, which ignores them).
  const onKey = (e) => {
    if (!root.isConnected) {
      document.removeEventListener('keydown', onKey);
      return;
    }
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || shell.dialogOpen()) return;
    const t = e.target;
    const tag = t && t.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (t && t.isContentEditable)) return;
    const onControl = tag === 'BUTTON' || tag === 'A';
    if (e.key === 'Escape') {
      if (takeBack()) e.preventDefault();
      return;
    }
    const windStep = humanToMove() && pick && pick.to;
    if (windStep) {
      const turns = view.state.turns;
      const pickTurn = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'reverse', ArrowDown: 'reverse' }[e.key];
      if (pickTurn) {
        e.preventDefault();
        selectWind(turns[pickTurn]);
        return;
      }
      if (e.key === 'Enter' && !(onControl && !t.closest('.lw'))) {
        e.preventDefault();
        if (selWind) chooseWind(selWind);
        else toast('Choose a wind first: ← or → veers it, ↑ or ↓ reverses it.', { timeout: 2600 });
      }
      return;
    }
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key) && !board.svg.contains(t)) {
      // From outside the board the arrows enter it on a piece that can move.
      e.preventDefault();
      const start = (pick && pick.from) || [...byFrom.keys()][0] || board.focusName || 'd1';
      board.focusCell(start);
    }
  };
  document.addEventListener('keydown', onKey);



  /* ---------- Start ---------- */

  if (!(await ctl.openFromAddress())) await startMatch(players());
}
