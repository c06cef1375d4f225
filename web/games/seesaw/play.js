// Seesaw: the play page. The server keeps the match (docs/api.md) and judges
// every move; this module draws it, lets the player build a turn click by
// click (a capture chain hop by hop, with the leftover steps and "stop here"),
// sends the finished turn, and asks the computer for its turns.

import { openRulesDialog } from '/static/shell/rules-dialog.js';
import { radioGroup, checkbox } from '/static/shell/form.js';
import { BoardView, swatch, sideKey, sideName } from './board.js';
import * as G from './geometry.js';
import { inviteFriend, replayHref } from '/static/shell/session.js';
import {
  createMatchController, humanCanMove, playersFromSettings, playerLabel as seatPlayer, inSentence, matchHeadline, whoWithSide,
} from '/static/shell/match-controller.js';
import { openSettingsDialog } from '/static/shell/settings-dialog.js';
import { moveTick } from '/static/shell/sound.js';

const SLUG = 'seesaw';
const MIN_GAP_MS = 450; // let the eye follow one turn before the next one lands

const PAGE_CSS = `
.ss-page .status-card .turn-detail { margin-top: 2px; }
.ss-page .turn > svg, .ss-page .result-head > svg { width: 22px; height: 22px; }
.ss-page .chain-actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 10px; }
.ss-page .chain-actions .btn { min-height: 32px; padding: 0 10px; font-size: 0.9rem; }
.ss-page .chain-steps { margin: 8px 0 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 6px; font-size: 0.86rem; }
.ss-page .chain-steps li { padding: 1px 8px; border-radius: 999px; background: var(--surface-2); border: 1px solid var(--line); font-variant-numeric: tabular-nums; }
.ss-page .chain-steps li.now { border-color: var(--ink); font-weight: 650; }
.ss-page .last-line { margin: 10px 0 0; padding-top: 8px; border-top: 1px solid var(--line); font-size: 0.88rem; color: var(--ink-soft); }
.ss-page .last-line strong { color: var(--ink); font-weight: 650; }
.ss-page .grew { color: var(--good); font-weight: 650; }
.ss-page .score-row.score-south.to-move { border-left-color: var(--ss-south); }
.ss-page .score-row.score-north.to-move { border-left-color: var(--ss-north); }
.ss-page .score-total { font-size: 1.35rem; }
.ss-page .score-num .score-komi { font-size: 0.78rem; }
.ss-page .mv-cell { font-family: var(--mono); font-size: 0.86rem; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.ss-page .mv { min-width: 0; }
.ss-page .mv-promo { font-size: 0.72rem; font-weight: 800; color: #fff; background: var(--good); border-radius: 999px; padding: 0 5px; flex: none; }
.ss-page .mv-pair { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
.ss-page .replay-bar { display: flex; align-items: center; gap: 8px; margin-top: 10px; flex-wrap: wrap; }
.ss-page .replay-bar .btn { min-height: 32px; padding: 0 10px; }
.ss-page .replay-count { font-variant-numeric: tabular-nums; color: var(--ink-soft); font-size: 0.9rem; margin-right: auto; }
.ss-page .board-box.replaying > svg { opacity: 0.96; }
.ss-page .board-box { container-type: inline-size; }
/* Online, "New game" is in the top bar (and in the result banner): the panel needs the room. */
.ss-page .online-mode #new-btn { display: none; }
@container (max-width: 520px) { .ss .cell .cname { display: none; } }
@media (max-width: 700px) { .ss-page .chain-actions .btn kbd { display: none; } }
@media (max-width: 700px) {
  /* The hexagon is taller than wide: let its box follow, so that it fills a phone's width. */
  .ss-page .board-box { aspect-ratio: 0.87; width: min(calc(100vw - 2 * var(--frame-pad)), calc((100dvh - var(--topbar-h) - 150px) * 0.87)); }
}
`;

function injectPageCss() {
  if (document.getElementById('ss-page-css')) return;
  const style = document.createElement('style');
  style.id = 'ss-page-css';
  style.textContent = PAGE_CSS;
  document.head.append(style);
}

export async function mount({ root, game, shell, api, params }) {
  const { h, toast, showError } = shell;
  injectPageCss();
  document.body.classList.add('ss-page');

  /* ---------- Settings ---------- */

  const baseOption = (game.options || []).find((x) => x.key === 'base');
  const baseChoices = (baseOption && baseOption.choices && baseOption.choices.length ? baseOption.choices : ['4', '5']).map(String);
  const levels = game.levels && game.levels.length ? game.levels : [{ key: 'medium', name: 'Medium', about: '' }];
  const defaults = {
    mode: 'computer',
    level: (levels.find((l) => l.key === 'medium') || levels[0]).key,
    side: 'south',
    base: String((baseOption && baseOption.default) || '4'),
    names: true,
    orient: 'auto',
    deploys: false,
    sound: false,
  };
  const store = shell.createStore(SLUG, defaults);
  if (!levels.some((l) => l.key === store.get('level'))) store.set('level', defaults.level);
  if (!baseChoices.includes(String(store.get('base')))) store.set('base', defaults.base);

  let showDeploys = !!store.get('deploys');
  let flipToggle = false; // F turns the board for this visit

  /* ---------- Page ---------- */

  shell.mountTopbar({
    title: game.name,
    actions: [
      { label: 'New game', icon: 'new', key: 'R', onClick: () => newGame(), id: 'tb-new' },
      { label: 'Play online', icon: 'online', onClick: () => inviteFriend({ game, options: { base: Number(store.get('base')) } }), id: 'tb-online' },
      { label: 'Settings', icon: 'settings', onClick: () => showSettings(), id: 'tb-settings' },
      { label: 'Rules', icon: 'rules', key: 'F1', href: `/rules/${SLUG}`, onClick: () => showRules(), id: 'tb-rules' },
      { label: 'Keys', icon: 'help', key: '?', onClick: () => shell.showKeys(), id: 'tb-help' },
    ],
  });

  const boardBox = h('div', { class: 'board-box', id: 'board' });
  const statusCard = h('section', { class: 'card status-card', id: 'status', 'aria-label': 'Game status', 'aria-live': 'polite' });
  const scoresCard = h('section', { class: 'card scores-card', id: 'material', 'aria-label': 'Stacks and discs' });
  const undoBtn = h('button', { class: 'btn', type: 'button', id: 'undo-btn', onclick: () => undo() }, 'Undo', h('kbd', {}, 'U'));
  const deployBtn = h('button', { class: 'btn toggle', type: 'button', id: 'deploy-btn', 'aria-pressed': String(showDeploys), onclick: () => toggleDeploys() },
    h('span', { class: 'switch', 'aria-hidden': 'true' }), 'Deploy cells', h('kbd', {}, 'D'));
  const flipBtn = h('button', { class: 'btn', type: 'button', id: 'flip-btn', onclick: () => toggleFlip() }, 'Turn board', h('kbd', {}, 'F'));
  const newBtn = h('button', { class: 'btn', type: 'button', id: 'new-btn', onclick: () => newGame() }, 'New game', h('kbd', {}, 'R'));
  const controls = h('div', { class: 'controls' }, undoBtn, deployBtn, flipBtn, newBtn);
  const moveList = h('ol', { class: 'move-list', id: 'move-list', 'aria-live': 'polite', 'aria-label': 'Moves' });
  let pinned = true;
  moveList.addEventListener('scroll', () => {
    moveList.classList.toggle('scrolled', moveList.scrollTop > 0);
    pinned = moveList.scrollTop + moveList.clientHeight >= moveList.scrollHeight - 4;
  }, { passive: true });
  new ResizeObserver(() => {
    if (pinned) moveList.scrollTop = moveList.scrollHeight;
  }).observe(moveList);
  const movesCard = h('section', { class: 'card moves-card' }, h('h2', {}, 'Moves'), moveList);
  const footer = h('p', { class: 'match-facts', id: 'match-facts' });
  const side = h('aside', { class: 'side-panel', 'aria-label': 'Game panel' }, statusCard, scoresCard, controls, movesCard, footer);
  root.replaceChildren(h('div', { class: 'board-area' }, boardBox), side);

  /* ---------- Match state ---------- */

  let view = null; // the view on the page: the controller's latest, handed to show()
  let board = null;
  let sel = null; // {kind: 'stack', cell} | {kind: 'chain', from, hops: [cells]} | {kind: 'deploy', cell}
  let shownHistory = [];
  let replay = null; // {ply, view, timer}: a finished game replayed in place
  const infos = new Map(); // `${matchId}:${ply}` → Map(move → info): what each legal move did
  let pathCache = new Map(); // from → capture paths of the current view
  let byKeyboard = false; // whether the latest board action came from the keys

  const ctl = createMatchController({
    game, shell, api, params, panel: side, root,
    minGapMs: MIN_GAP_MS,
    moveWord: 'turn',
    show,
    renderStatus,
    mayPlay: () => humanToMove(),
    mayUndo: () => !replay,
    refuseUndoOnline: true,
    moveFailed: (err) => {
      sel = null;
      if (err.status !== 409) draw();
    },
    beforeStart: () => endReplay(true),
    fresh: () => {
      shownHistory = [];
    },
  });
  const { undo } = ctl;

  const humanSeat = (seat) => view && view.players[seat] === 'human';
  const vsComputer = () => view && view.players.some((p) => p !== 'human');
  const humanToMove = () => humanCanMove(view) && !replay;
  const moverIndex = () => G.sideIndex(view.state.mover);
  /** Online: whether this browser holds `seat`. */
  const mine = (seat) => !!view.online && view.online.seat === seat;
  const watching = () => !!view.online && (view.online.seat === null || view.online.seat === undefined);
  /** Online or replaying: this screen may not move now (and nobody here is thinking). */
  const passive = () => !view.computer_to_move && !!(view.replay || (view.online && !view.can_move));
  const playerLabel = (seat) => seatPlayer(view, seat, { levels });

  function wantFlip() {
    const st = store.all();
    let flip = false;
    // Your own side at the bottom: North's player, against the computer or online, sees the board turned round.
    if (st.orient === 'auto' && view && view.online) flip = view.online.seat === 1;
    else if (st.orient === 'auto' && view && vsComputer()) flip = view.players[1] === 'human' && view.players[0] !== 'human';
    return flip !== flipToggle;
  }

  function makeBoard(base) {
    board = new BoardView({
      base,
      interactive: true,
      names: !!store.get('names'),
      flip: wantFlip(),
      label: `Seesaw board, ${base} cells a side. Arrow keys move between cells, Enter picks or plays.`,
      onCell: (name, how) => clickCell(name, how),
    });
    boardBox.replaceChildren(board.svg);
  }

  /* ---------- Legal moves of the view ---------- */

  const legal = () => (view && !view.result ? view.moves || [] : []);

  function stepMovesFrom(cell) {
    const out = new Map();
    for (const m of legal()) if (m.info && m.info.kind === 'step' && m.info.from === cell) out.set(m.info.to, m);
    return out;
  }

  function deployMove(cell) {
    return legal().find((m) => m.info && m.info.kind === 'deploy' && m.info.to === cell) || null;
  }

  const keyOf = (to, captures, promotes) => `${to}|${[...captures].sort().join(',')}|${promotes ? 1 : 0}`;

  /**
   * A capture turn clicked in one order of its captures (`parts`, as the
   * server lists them): {from, hops, end, to, captures, promotes, parts, move, info}.
   */
  function chainPath(m, parts) {
    const info = m.info;
    const hops = parts.filter((p) => p.capture).map((p) => ({ cell: p.to, steps: p.steps, left: p.left }));
    const tail = parts[parts.length - 1];
    const end = !tail.capture ? 'step' : tail.left > 0 ? 'pass' : 'spent';
    return { from: info.from, hops, end: { kind: end, to: info.to }, to: info.to, captures: info.captures || [], promotes: !!info.promotes, parts, move: m.move, info };
  }

  /** The cells a chain enters from its start through its first `hops` captures (all of it by default). */
  const chainCells = (p, hops = p.parts.length) => [p.from, ...p.parts.slice(0, hops).flatMap((x) => x.via)];

  /**
   * Every way to click a capture turn of the stack on `from`: each order of
   * captures the server lists for each of its legal capture moves.
   */
  function capturePaths(from) {
    if (pathCache.has(from)) return pathCache.get(from);
    const out = [];
    const seen = new Set();
    const sig = (p) => `${p.hops.map((x) => x.cell).join('x')}|${p.end.kind}|${p.end.to}`;
    for (const m of legal()) {
      if (!m.info || m.info.kind !== 'capture' || m.info.from !== from) continue;
      for (const parts of m.info.orders && m.info.orders.length ? m.info.orders : [m.info.parts]) {
        const p = chainPath(m, parts);
        if (seen.has(sig(p))) continue;
        seen.add(sig(p));
        out.push(p);
      }
    }
    pathCache.set(from, out);
    return out;
  }

  function canCapture(cell) {
    return capturePaths(cell).length > 0;
  }

  function stackAt(cell) {
    return (view.state.stacks || []).find((x) => x.cell === cell) || null;
  }

  /** Where the chain being clicked stands: the paths still open and what may come next. */
  function chainOptions() {
    const n = sel.hops.length;
    const cands = capturePaths(sel.from).filter((p) => p.hops.length >= n && sel.hops.every((c, i) => p.hops[i].cell === c));
    const captures = new Set();
    const steps = new Map();
    let pass = null;
    let spent = null;
    for (const p of cands) {
      if (p.hops.length > n) captures.add(p.hops[n].cell);
      else if (p.end.kind === 'step') steps.set(p.end.to, p);
      else if (p.end.kind === 'pass') pass = p;
      else spent = p;
    }
    const me = stackAt(sel.from);
    const left = n ? cands.length ? cands[0].hops[n - 1].left : 0 : me ? me.size : 0;
    const used = n && cands.length ? cands[0].hops[n - 1].steps : 0;
    return { cands, captures, steps, pass, spent, left, used, at: n ? sel.hops[n - 1] : sel.from };
  }

  /* ---------- Drawing ---------- */

  function lastMoveOf(v, ply = v.history.length) {
    if (!ply) return null;
    const entry = v.history[ply - 1];
    if (!entry || entry.move === 'pass') return null;
    const info = (infos.get(`${v.id}:${ply - 1}`) || new Map()).get(entry.move);
    const parsed = G.parseMove(entry.move);
    if (info && info.kind === 'deploy') return { path: [info.to], captures: [], to: info.to, side: entry.side, info };
    if (info && info.path) return { path: info.path, captures: info.captures || [], to: info.to, side: entry.side, info };
    if (parsed.kind === 'deploy') return { path: [parsed.to], captures: [], to: parsed.to, side: entry.side };
    if (!parsed.from) return null;
    return { path: [parsed.from, ...(parsed.captures || []), ...(parsed.step || parsed.kind === 'step' ? [parsed.to] : [])], captures: parsed.captures || [], to: parsed.to, side: entry.side };
  }

  /** The state to draw and its decorations, given the selection. */
  function display() {
    const st = view.state;
    const deco = { last: lastMoveOf(view) };
    if (!humanToMove()) {
      return { state: st, deco };
    }
    const mover = moverIndex();
    const forcedStacks = (st.forced_captures || []).map((f) => f.from);
    const forcedTargets = [...new Set((st.forced_captures || []).flatMap((f) => f.targets))];
    deco.forced = { stacks: forcedStacks, targets: forcedTargets };
    const mine = (st.stacks || []).filter((x) => G.sideIndex(x.owner) === mover).map((x) => x.cell);
    const movable = mine.filter((c) => (st.must_capture ? canCapture(c) : stepMovesFrom(c).size > 0));
    deco.actionable = [...movable];
    if (st.must_capture) deco.actionable.push(...forcedTargets);
    const deployCells = legal().filter((m) => m.info && m.info.kind === 'deploy').map((m) => m.info.to);
    if (!st.must_capture) deco.actionable.push(...deployCells);
    if (showDeploys || (sel && sel.kind === 'deploy')) deco.deploys = deployCells;

    if (!sel) return { state: st, deco };
    if (sel.kind === 'deploy') {
      deco.chosenDeploy = sel.cell;
      deco.targets = [{ cell: sel.cell, kind: 'deploy' }];
      return { state: st, deco };
    }
    if (sel.kind === 'stack') {
      deco.picked = sel.cell;
      if (st.must_capture) {
        const firsts = new Set(capturePaths(sel.cell).map((p) => p.hops[0].cell));
        deco.targets = [...firsts].map((cell) => ({ cell, kind: 'capture' }));
      } else {
        deco.targets = [...stepMovesFrom(sel.cell).values()].map((m) => ({ cell: m.info.to, kind: 'step', promotes: !!m.info.promotes }));
      }
      return { state: st, deco };
    }
    // A capture chain part-way: the stack stands on its last capture, the taken stacks fade.
    const opts = chainOptions();
    const me = stackAt(sel.from);
    const taken = new Set(sel.hops);
    const stacks = st.stacks.filter((x) => x.cell !== sel.from && !taken.has(x.cell));
    stacks.push({ ...me, cell: opts.at, on_tile: null });
    const shown = { ...st, stacks };
    deco.ghosts = st.stacks.filter((x) => taken.has(x.cell)).map((x) => ({ ...x }));
    const path = opts.cands.length ? chainCells(opts.cands[0], sel.hops.length) : [sel.from, ...sel.hops];
    deco.chain = { path, at: opts.at, left: opts.left, side: mover };
    deco.picked = opts.at;
    deco.forced = null;
    deco.targets = [
      ...[...opts.captures].map((cell) => ({ cell, kind: 'capture' })),
      ...[...opts.steps.values()].map((p) => ({ cell: p.end.to, kind: 'step', promotes: p.promotes })),
    ];
    deco.actionable = deco.targets.map((t) => t.cell);
    deco.deploys = [];
    return { state: shown, deco };
  }

  function draw() {
    if (!view || !board) return;
    const shown = replay ? { state: replay.view.state, deco: { last: lastMoveOf(replay.view, replay.ply) } } : display();
    board.settle();
    board.render(shown.state, shown.deco);
    renderStatus();
    if (replay) renderMaterial();
  }

  /** What to animate after a new view: the turn just played, from the previous state. */
  function animationPlan(prev, v, { rest = null } = {}) {
    if (!prev || prev.id !== v.id || v.history.length !== prev.history.length + 1) return null;
    const entry = v.history[v.history.length - 1];
    const info = (infos.get(`${v.id}:${prev.history.length}`) || new Map()).get(entry.move);
    if (!info) return null;
    if (info.kind === 'deploy') return { deploy: info.to };
    if (!info.path) return null;
    // A chain clicked on the board already shows its first captures: only the rest moves.
    const path = rest ? rest.path : info.path;
    const takenCells = rest ? rest.captured : info.captures || [];
    const before = (prev.state.stacks || []).find((x) => x.cell === info.from);
    const taken = takenCells.map((c) => (prev.state.stacks || []).find((x) => x.cell === c)).filter(Boolean);
    return { path, to: info.to, captured: taken, promoted: !!info.promotes, before };
  }

  /** The part of a clicked chain the board has not shown yet: from its `shown`-th capture to the end. */
  function restOf(p, shown) {
    const full = chainCells(p);
    return { path: full.slice(chainCells(p, shown).length - 1), captured: p.hops.slice(shown).map((x) => x.cell) };
  }

  /** Draws a view the controller accepted (`before`: the one it replaces; `rest`: the part of a clicked chain still to animate). */
  function show(v, before, { rest = null } = {}) {
    view = v;
    pathCache = new Map();
    // A turn being built survives a redraw of the same position (an online view saying who is connected).
    const samePosition = before && before.id === v.id && !before.replay && !v.replay && before.history.length === v.history.length;
    if (!samePosition || !humanToMove()) sel = null;
    const key = `${v.id}:${v.history.length}`;
    if (!v.result && (v.moves || []).length) infos.set(key, new Map(v.moves.map((m) => [m.move, m.info])));
    if (!board || board.base !== Number(v.state.base)) makeBoard(v.state.base);
    else board.setFlip(wantFlip());
    draw();
    const plan = animationPlan(before, v, { rest });
    if (plan) {
      board.animate(plan);
      tick();
    }
    renderPanel();
  }

  /* ---------- Panel ---------- */

  function renderPanel() {
    renderStatus();
    renderMaterial();
    renderMoves();
    renderFacts();
    undoBtn.disabled = !ctl.canUndo() || !!replay;
    deployBtn.setAttribute('aria-pressed', String(showDeploys));
  }

  function describeTurn(info, entry) {
    if (!info) return entry.move === 'pass' ? 'passed, having no legal turn' : `played ${entry.move}`;
    if (info.kind === 'pass') return 'passed, having no legal turn';
    if (info.kind === 'deploy') return `deployed a new stack on ${info.to}`;
    const bits = [];
    if (info.kind === 'capture') {
      const order = (info.parts || []).filter((p) => p.capture).map((p) => p.to);
      const taken = order.length ? order : info.captures || [];
      const n = taken.length;
      bits.push(`took ${n === 1 ? 'the stack' : `${n} stacks`} on ${taken.join(' and ')}`);
      if (info.pass) bits.push(`stopped on ${info.to}`);
      else if (info.to !== (info.captures || []).slice(-1)[0]) bits.push(`stepped on to ${info.to}`);
    } else {
      bits.push(`moved ${info.from}–${info.to}`);
    }
    return bits.join(', ');
  }

  function lastLine() {
    const v = view;
    if (!v.history.length) return null;
    const entry = v.history[v.history.length - 1];
    const info = (infos.get(`${v.id}:${v.history.length - 1}`) || new Map()).get(entry.move);
    const who = vsComputer() ? (humanSeat(entry.side) ? 'You' : 'The computer') : mine(entry.side) ? 'You' : sideName(entry.side);
    const grew = info && info.promotes;
    return h('p', { class: 'last-line', id: 'last-move' },
      h('strong', {}, who), ` ${describeTurn(info, entry)}`,
      grew ? h('span', {}, ' and ', h('span', { class: 'grew' }, `grew to ${info.size_after}`)) : null, '.');
  }

  function chainSteps(opts) {
    const items = [];
    let at = sel.from;
    sel.hops.forEach((cell, i) => {
      const p = opts.cands[0];
      const hop = p && p.hops[i];
      items.push(h('li', { class: i === sel.hops.length - 1 ? 'now' : '' }, `${at}×${cell}${hop ? ` · ${hop.steps} step${hop.steps === 1 ? '' : 's'}` : ''}`));
      at = cell;
    });
    return h('ul', { class: 'chain-steps', id: 'chain-steps', 'aria-label': 'Captures so far' }, ...items);
  }

  function renderStatus() {
    if (!view) return;
    const st = view.state;
    const parts = [];
    if (replay) {
      const n = view.history.length;
      parts.push(h('div', { class: 'turn' }, swatch(replay.view.state.mover),
        h('div', {}, h('strong', { class: 'turn-who' }, 'Replay'),
          h('div', { class: 'turn-detail' }, replay.ply ? `After move ${replay.ply}: ${view.history[replay.ply - 1].move}` : 'The start position'))));
      parts.push(h('div', { class: 'replay-bar' },
        h('span', { class: 'replay-count', id: 'replay-count' }, `${replay.ply} / ${n}`),
        h('button', { class: 'btn', type: 'button', 'aria-label': 'Previous move', onclick: () => replayStep(-1) }, '◀'),
        h('button', { class: 'btn', type: 'button', 'aria-label': replay.timer ? 'Pause' : 'Play', onclick: () => replayAuto(!replay.timer) }, replay.timer ? 'Pause' : 'Play'),
        h('button', { class: 'btn', type: 'button', 'aria-label': 'Next move', onclick: () => replayStep(1) }, '▶'),
        h('button', { class: 'btn', type: 'button', id: 'replay-exit', onclick: () => endReplay() }, 'Done', h('kbd', {}, 'Esc'))));
      statusCard.replaceChildren(...parts);
      return;
    }
    if (view.result) {
      const w = view.result.winner;
      const headline = matchHeadline(view, { levels, sideName });
      // In place, a finished game plays itself again; the replay page steps through it with the engine's graph.
      const inPlace = !view.online && !view.replay;
      parts.push(h('div', { class: `result-banner${w === null || w === undefined ? '' : ` win-${sideKey(w)}`}`, id: 'result', role: 'status' },
        h('div', { class: 'result-head' }, w === null || w === undefined ? null : swatch(w), h('strong', {}, headline)),
        h('p', { class: 'result-reason' }, view.result.reason || ''),
        h('div', { class: 'result-actions' },
          h('button', { class: 'btn primary', type: 'button', onclick: () => newGame() }, 'New game', h('kbd', {}, 'R')),
          inPlace ? h('button', { class: 'btn', type: 'button', id: 'replay-btn', onclick: () => startReplay() }, 'Replay') : null,
          view.replay ? null : h('a', {
            class: 'btn', href: replayHref(SLUG, view.id), id: 'replay-link',
            title: 'Step through the game move by move, with the engine’s view of it',
          }, inPlace ? 'Study' : 'Replay'))));
      const line = lastLine();
      if (line) parts.push(line);
      statusCard.replaceChildren(...parts);
      return;
    }
    const mover = moverIndex();
    const thinking = view.computer_to_move;
    const still = passive();
    const who = thinking || still ? `${sideName(mover)} to move` : vsComputer() || view.online ? 'Your move' : `${sideName(mover)} to move`;
    let detail;
    const actions = [];
    if (thinking) {
      detail = h('span', { class: 'thinking', id: 'thinking' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'The computer is thinking…');
    } else if (view.replay) {
      detail = view.replay.ply ? `The position after move ${view.replay.ply} of ${view.replay.plies}.` : 'The start position.';
    } else if (still) {
      detail = watching() ? 'You are watching this game.' : `Waiting for ${inSentence(playerLabel(mover))}.`;
    } else if (st.forced_pass) {
      detail = `${sideName(mover)} can neither capture, step nor deploy, so it passes.`;
      actions.push(h('button', { class: 'btn primary', type: 'button', id: 'pass-btn', onclick: () => submit('pass') }, 'Pass', h('kbd', {}, 'P')));
    } else if (sel && sel.kind === 'chain') {
      const opts = chainOptions();
      const took = sel.hops[sel.hops.length - 1];
      const leftText = `${opts.left} step${opts.left === 1 ? '' : 's'} left`;
      if (opts.captures.size) {
        detail = `Took ${took}; ${leftText}. Another capture is compulsory: ${[...opts.captures].join(' or ')}.`;
      } else {
        detail = `Took ${took}; ${leftText} and nothing more to take. Step on ${opts.left === 1 ? 'one step' : `up to ${opts.left} steps`} ${headingWord(stackAt(sel.from))}, or stop here.`;
      }
      if (opts.pass) actions.push(h('button', { class: 'btn primary', type: 'button', id: 'stop-btn', onclick: () => stopHere() }, 'Stop here', h('kbd', {}, 'P')));
      actions.push(h('button', { class: 'btn', type: 'button', id: 'back-btn', onclick: () => backHop() }, 'Back', h('kbd', {}, '⌫')));
      actions.push(h('button', { class: 'btn', type: 'button', id: 'cancel-btn', onclick: () => cancelPick() }, 'Cancel', h('kbd', {}, 'Esc')));
      parts.push(h('div', { class: `turn turn-${sideKey(mover)}` }, swatch(mover),
        h('div', {}, h('strong', { class: 'turn-who' }, who), h('div', { class: 'turn-detail', id: 'turn-detail' }, detail), chainSteps(opts))));
      parts.push(h('div', { class: 'chain-actions' }, ...actions));
      statusCard.replaceChildren(...parts);
      return;
    } else if (sel && sel.kind === 'stack') {
      const me = stackAt(sel.cell);
      detail = st.must_capture
        ? `The ${me.size}-stack on ${sel.cell} can capture: pick a marked enemy stack.`
        : `The ${me.size}-stack on ${sel.cell} moves ${me.size === 1 ? 'one step' : `1 to ${me.size} steps`} ${headingWord(me)}: pick a dot.`;
      actions.push(h('button', { class: 'btn', type: 'button', id: 'cancel-btn', onclick: () => cancelPick() }, 'Cancel', h('kbd', {}, 'Esc')));
    } else if (sel && sel.kind === 'deploy') {
      detail = `Deploy a new stack on ${sel.cell}? Click it again to confirm.`;
      actions.push(h('button', { class: 'btn primary', type: 'button', id: 'deploy-confirm', onclick: () => playDeploy(sel.cell) }, `Deploy on ${sel.cell}`));
      actions.push(h('button', { class: 'btn', type: 'button', id: 'cancel-btn', onclick: () => cancelPick() }, 'Cancel', h('kbd', {}, 'Esc')));
    } else if (st.must_capture) {
      detail = 'A capture is compulsory. Pick a ringed stack, or click the enemy stack to take.';
    } else {
      const canDeploy = (st.deploy_cells || []).length > 0;
      detail = `Pick a stack to move it${canDeploy ? `, or deploy a new one next to your tiles (${showDeploys ? 'marked +' : 'the Deploy cells switch shows where'})` : ''}.`;
    }
    parts.push(h('div', { class: `turn turn-${sideKey(mover)}` }, swatch(mover),
      h('div', {}, h('strong', { class: 'turn-who' }, who), h('div', { class: 'turn-detail', id: 'turn-detail' }, detail))));
    if (actions.length) parts.push(h('div', { class: 'chain-actions' }, ...actions));
    const line = lastLine();
    if (line) parts.push(line);
    statusCard.replaceChildren(...parts);
  }

  function headingWord(stack) {
    if (!stack) return '';
    const fwd = stack.size % 2 === 1;
    return `${fwd ? 'forward' : 'backward'} (${stack.heading === 'up' ? 'up' : 'down'} the board)`;
  }

  function renderMaterial() {
    const st = (replay && replay.view ? replay.view : view).state;
    const rows = [0, 1].map((seat) => {
      const key = sideKey(seat);
      const m = (st.material && st.material[key]) || { stacks: 0, discs: 0 };
      const toMove = !view.result && moverIndex() === seat;
      return h('div', { class: `score-row score-${key}${toMove ? ' to-move' : ''}`, id: `score-${key}` },
        swatch(seat),
        h('div', { class: 'score-who' },
          h('span', { class: 'score-side' }, sideName(seat), h('span', { class: 'score-dir' }, seat === 0 ? ' · moves first' : '')),
          h('span', { class: 'score-player' }, playerLabel(seat))),
        h('div', { class: 'score-num' },
          h('span', { class: 'score-total' }, String(m.discs)),
          h('span', { class: 'score-komi' }, `disc${m.discs === 1 ? '' : 's'} in ${m.stacks} stack${m.stacks === 1 ? '' : 's'}`)));
    });
    scoresCard.replaceChildren(...rows);
  }

  function renderMoves() {
    const v = view;
    const names = v.history.map((x) => x.move);
    const extends_ = shownHistory.length <= names.length && shownHistory.every((m, i) => m === names[i]) && moveList.dataset.match === v.id;
    if (!extends_) {
      moveList.replaceChildren();
      moveList.dataset.match = v.id;
      shownHistory = [];
    }
    moveList.querySelectorAll('.mv.last').forEach((x) => x.classList.remove('last'));
    let row = moveList.lastElementChild && moveList.lastElementChild.classList.contains('mv-row') ? moveList.lastElementChild : null;
    for (let i = shownHistory.length; i < v.history.length; i++) {
      const e = v.history[i];
      const info = (infos.get(`${v.id}:${i}`) || new Map()).get(e.move);
      const who = vsComputer() ? (humanSeat(e.side) ? 'You' : 'Computer') : mine(e.side) ? 'You' : sideName(e.side);
      const node = h('li', { class: `mv mv-${sideKey(e.side)}`, title: info ? describeTurn(info, e) : e.move },
        swatch(e.side),
        h('span', { class: 'visually-hidden' }, `${whoWithSide(who, sideName(e.side))}: `),
        h('span', { class: 'mv-cell' }, e.move),
        info && info.promotes ? h('span', { class: 'mv-promo', title: `grew to ${info.size_after}` }, '+1') : null,
        info && info.promotes ? h('span', { class: 'visually-hidden' }, `, grew to ${info.size_after}`) : null);
      if (e.side === 0 || !row || row.classList.contains('full')) {
        row = h('li', { class: 'mv-row' }, h('span', { class: 'mv-num', 'aria-hidden': 'true' }, `${moveList.querySelectorAll('.mv-row').length + 1}.`), h('ol', { class: 'mv-pair' }));
        moveList.append(row);
        if (e.side === 1) row.querySelector('.mv-pair').append(h('li', { class: 'mv mv-gap', 'aria-hidden': 'true' }, '…'));
      }
      row.querySelector('.mv-pair').append(node);
      if (e.side === 1) row.classList.add('full');
    }
    if (v.history.length) {
      const lastNode = moveList.querySelector('.mv-row:last-child .mv:last-child');
      if (lastNode) lastNode.classList.add('last');
    }
    shownHistory = names;
    if (!v.history.length) {
      moveList.replaceChildren(h('li', { class: 'mv-empty' }, moverIndex() === 0 ? 'No moves yet. South opens the game.' : 'No moves yet: North moves first from this position.'));
      moveList.dataset.match = '';
    }
    moveList.scrollTop = moveList.scrollHeight;
    pinned = true;
    moveList.classList.toggle('scrolled', moveList.scrollTop > 0);
  }

  function renderFacts() {
    const st = view.state;
    const cells = (st.cells || []).length;
    const bits = [
      h('span', { id: 'board-size' }, `Base ${st.base} · ${cells} cells`),
      h('span', {}, view.result ? `${view.history.length} turn${view.history.length === 1 ? '' : 's'} played` : `Turn ${view.history.length + 1}`),
    ];
    if (vsComputer()) {
      const spec = view.players.find((p) => p !== 'human');
      const m = /^level:(.+)$/.exec(spec || '');
      const level = m && levels.find((l) => l.key === m[1]);
      if (level) bits.push(h('span', {}, level.name));
    } else if (view.online) bits.push(h('span', {}, 'Online'));
    else bits.push(h('span', {}, 'Two players'));
    footer.replaceChildren(...bits.flatMap((b, i) => (i ? [h('span', { class: 'dot', 'aria-hidden': 'true' }, '·'), b] : [b])));
  }

  /* ---------- Building a turn on the board ---------- */

  function clickCell(name, how = {}) {
    byKeyboard = !!how.keyboard;
    if (!view) return;
    if (replay) return;
    if (view.result) return;
    if (view.computer_to_move) {
      toast('Wait a moment: the computer is still thinking.');
      return;
    }
    if (!humanToMove()) {
      board.shake(name);
      if (view.online && !view.replay) {
        ctl.nudge(watching() ? 'You are watching: only the two players can move.' : `Wait for ${inSentence(playerLabel(moverIndex()))} to move.`);
      }
      return;
    }
    if (ctl.busy) return;
    const st = view.state;
    const mover = moverIndex();
    const stack = stackAt(name);
    const mine = stack && G.sideIndex(stack.owner) === mover;

    if (sel && sel.kind === 'chain') {
      const opts = chainOptions();
      if (opts.captures.has(name)) {
        sel.hops.push(name);
        afterHop();
      } else if (opts.steps.has(name)) {
        const p = opts.steps.get(name);
        submit(p.move, { rest: restOf(p, sel.hops.length) });
      } else {
        board.shake(name);
      }
      return;
    }
    if (sel && sel.kind === 'stack') {
      if (name === sel.cell) return cancelPick();
      if (st.must_capture) {
        const firsts = new Set(capturePaths(sel.cell).map((p) => p.hops[0].cell));
        if (firsts.has(name)) {
          sel = { kind: 'chain', from: sel.cell, hops: [name] };
          afterHop();
          return;
        }
      } else {
        const m = stepMovesFrom(sel.cell).get(name);
        if (m) {
          submit(m.move);
          return;
        }
      }
      if (!mine) {
        sel = null;
        if (!(st.must_capture && isForcedTarget(name)) && !deployMove(name)) {
          board.shake(name);
          draw();
          return;
        }
      }
    }
    if (sel && sel.kind === 'deploy') {
      if (name === sel.cell) return playDeploy(name);
      sel = null;
    }

    if (mine) {
      const ok = st.must_capture ? canCapture(name) : stepMovesFrom(name).size > 0;
      if (!ok) {
        board.shake(name);
        if (st.must_capture) toast('A capture is compulsory: pick one of the ringed stacks.', { timeout: 2200 });
        else toast(`The stack on ${name} has no free cell to step to.`, { timeout: 2200 });
        draw();
        return;
      }
      sel = { kind: 'stack', cell: name };
      draw();
      return;
    }
    if (st.must_capture && isForcedTarget(name)) {
      const takers = (st.forced_captures || []).filter((f) => f.targets.includes(name)).map((f) => f.from);
      if (takers.length === 1) {
        sel = { kind: 'chain', from: takers[0], hops: [name] };
        afterHop();
      } else {
        board.shake(name);
        toast(`Several stacks can take ${name}: pick the one that should.`, { timeout: 2500 });
      }
      return;
    }
    const dm = deployMove(name);
    if (dm) {
      if (showDeploys) playDeploy(name);
      else {
        sel = { kind: 'deploy', cell: name };
        draw();
      }
      return;
    }
    board.shake(name);
    if (sel) {
      sel = null;
      draw();
    }
  }

  function isForcedTarget(name) {
    return (view.state.forced_captures || []).some((f) => f.targets.includes(name));
  }

  /** After a capture is clicked: play the turn if it cannot go on, else show what may follow. */
  function afterHop() {
    const opts = chainOptions();
    if (!opts.cands.length) {
      sel = null;
      draw();
      return;
    }
    if (!opts.captures.size && !opts.steps.size && !opts.pass && opts.spent) {
      submit(opts.spent.move, { rest: restOf(opts.spent, sel.hops.length - 1) });
      return;
    }
    draw();
    if (byKeyboard) board.focusCell([...opts.captures][0] || [...opts.steps.keys()][0] || opts.at);
  }

  function stopHere() {
    if (!sel || sel.kind !== 'chain') {
      if (view && view.state.forced_pass && humanToMove()) submit('pass');
      return;
    }
    const opts = chainOptions();
    if (opts.pass) submit(opts.pass.move, { rest: { path: [opts.at], captured: [] } });
    else if (opts.captures.size) toast('Another capture is compulsory here.', { timeout: 2200 });
  }

  function backHop() {
    if (!sel || sel.kind !== 'chain') return;
    sel.hops.pop();
    if (!sel.hops.length) sel = { kind: 'stack', cell: sel.from };
    draw();
  }

  function cancelPick() {
    if (!sel) return;
    sel = null;
    draw();
  }

  function playDeploy(cell) {
    const m = deployMove(cell);
    if (m) submit(m.move);
  }

  /** Sends a turn; `rest` is the part of a clicked chain the board has not shown yet. */
  function submit(move, { rest = null } = {}) {
    return ctl.playMove(move, { extra: { rest } });
  }

  /* ---------- Matches ---------- */

  const players = () => playersFromSettings(store.all(), 'north');


  function newGame(base) {
    if (ctl.stayInOnlineGame()) return undefined;
    return ctl.startMatch({ base: Number(base || store.get('base')) }, players());
  }

  /* ---------- Replay of a finished game ---------- */

  async function replayTo(ply) {
    if (!replay || !view) return;
    const n = view.history.length;
    const target = Math.max(0, Math.min(n, ply));
    if (target === replay.ply && replay.view) return;
    const my = ctl.token;
    try {
      const v = target === n ? view : await api(`/api/matches/${encodeURIComponent(view.id)}/at/${target}`);
      if (my !== ctl.token || !replay) return;
      const prev = replay.view;
      const forward = prev && target === replay.ply + 1;
      replay.ply = target;
      replay.view = v;
      board.settle();
      draw();
      if (forward) {
        const fake = { ...prev, history: view.history.slice(0, target - 1) };
        const plan = animationPlan(fake, { ...v, id: view.id, history: view.history.slice(0, target) });
        if (plan) board.animate(plan);
      }
    } catch (err) {
      showError(err);
      endReplay();
    }
  }

  /** One move back or forward, by hand: the automatic replay stops. */
  function replayStep(d) {
    if (!replay) return;
    if (replay.timer) replayAuto(false);
    replayTo(replay.ply + d);
  }

  function replayAuto(on) {
    if (!replay) return;
    clearInterval(replay.timer);
    replay.timer = null;
    if (on) {
      if (replay.ply >= view.history.length) replayTo(0);
      replay.timer = setInterval(() => {
        if (!replay) return;
        if (replay.ply >= view.history.length) replayAuto(false);
        else replayTo(replay.ply + 1);
      }, 900);
    }
    renderStatus();
  }

  async function startReplay() {
    if (!view || !view.result || replay || view.replay) return;
    if (view.online) {
      // An online game is replayed on its own page, with the engine's graph.
      location.assign(replayHref(SLUG, view.id));
      return;
    }
    replay = { ply: -1, view: null, timer: null };
    boardBox.classList.add('replaying');
    await replayTo(0);
    replayAuto(true);
    renderPanel();
  }

  function endReplay(quiet = false) {
    if (!replay) return;
    clearInterval(replay.timer);
    replay = null;
    boardBox.classList.remove('replaying');
    if (!quiet && view) {
      draw();
      renderPanel();
    }
  }

  /* ---------- Toggles ---------- */

  function toggleDeploys() {
    showDeploys = !showDeploys;
    store.set('deploys', showDeploys);
    deployBtn.setAttribute('aria-pressed', String(showDeploys));
    if (sel && sel.kind === 'deploy') sel = null;
    draw();
    if (view && humanToMove() && view.state.must_capture && showDeploys) toast('No deploying now: a capture is compulsory.', { timeout: 2200 });
  }

  function toggleFlip() {
    flipToggle = !flipToggle;
    if (board) board.setFlip(wantFlip());
    draw();
  }

  /* ---------- Sound (optional, made on the spot: no files) ---------- */

  const tick = moveTick(store, { wave: 'triangle', from: 520, to: 360, fall: 0.09, peak: 0.12, attack: 0.01, decay: 0.13 });

  /* ---------- Rules dialog ---------- */

  function showRules() {
    return openRulesDialog({
      slug: SLUG,
      name: game.name,
      summary: 'Each turn, deploy a new one-disc stack next to one of your tiles, or move one stack up to as many steps as it has discs: odd stacks forward, even stacks backward. Captures are compulsory and may chain; a stack grows by one at the end of its turn on a matching tile. Take every enemy stack to win.',
      diagrams: () => import('./rules.js'),
    });
  }

  /* ---------- Settings dialog ---------- */

  const cellsOf = (b) => 3 * b * (b - 1) + 1;

  function showSettings() {
    openSettingsDialog({
      shell, store, levels,
      sides: [['south', 'South (moves first)', swatch(0)], ['north', 'North', swatch(1)]],
      fields: (st) => ({
        game: [
          h('fieldset', { id: 'base-field' }, h('legend', {}, 'Board size'),
            radioGroup('base', st.base, baseChoices.map((b) => [b, `${b} a side · ${cellsOf(Number(b))} cells`])),
            h('span', { class: 'help' }, 'Base 4 is the usual board; base 5 gives a longer game; 3 and 6 to 8 are for curiosity (8 has 169 cells).')),
        ],
        display: [
          checkbox('names', !!st.names, 'Cell names', 'Show the name of every free cell (a1, d4, …).'),
          checkbox('deploys', showDeploys, 'Deploy cells', 'Mark the cells where a new stack may go.'),
          checkbox('orient', st.orient === 'auto', 'Your side at the bottom', 'When you play North against the computer, turn the board round.'),
          checkbox('sound', !!st.sound, 'Sound', 'A soft click on every turn.'),
        ],
      }),
      onChange: (t) => {
        if (t.name === 'names') {
          store.set('names', t.checked);
          board && board.setNames(t.checked);
        }
        if (t.name === 'deploys' && t.checked !== showDeploys) toggleDeploys();
        if (t.name === 'orient') {
          store.set('orient', t.checked ? 'auto' : 'south');
          if (board) board.setFlip(wantFlip());
          draw();
        }
        if (t.name === 'sound') store.set('sound', t.checked);
      },
      save: (f, st) => store.update({
        mode: f.mode.value,
        level: f.level.value || st.level,
        side: f.side.value || st.side,
        base: f.base.value || st.base,
      }),
      start: (form, save) => {
        save();
        flipToggle = false;
        newGame();
      },
    });
  }

  /* ---------- Keys ---------- */

  shell.registerKeys([
    { key: 'r', label: 'New game', run: () => newGame() },
    { key: 'u', label: 'Undo your last turn (and the computer’s answer)', run: () => undo() },
    { key: 'd', label: 'Show or hide the cells where you may deploy', run: () => toggleDeploys() },
    { key: 'p', label: 'Stop here: end a capture turn with a pass (or pass when you have no move)', run: () => stopHere() },
    { key: 'Backspace', label: 'Take back the last capture of the turn you are building', run: () => backHop() },
    {
      key: 'Escape',
      label: 'Drop the picked stack, cancel the turn you are building, or leave the replay',
      run: () => (replay ? endReplay() : cancelPick()),
    },
    { key: 'f', label: 'Turn the board round', run: () => toggleFlip() },
    {
      key: 'c',
      label: 'Cell names on or off',
      run: () => {
        const on = !store.get('names');
        store.set('names', on);
        board && board.setNames(on);
      },
    },
    { key: 'F1', label: 'Rules', run: () => showRules() },
    {
      keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
      label: 'Move between cells (in a replay: ← and → step through the game)',
      run: (e) => {
        if (replay) {
          if (e.key === 'ArrowLeft') replayStep(-1);
          if (e.key === 'ArrowRight') replayStep(1);
          return;
        }
        if (!board || !view) return;
        const start = board.actionable.has(board.focusName) ? board.focusName : [...board.actionable][0] || board.focusName || board.L.homes[0];
        board.focusCell(start);
      },
    },
    { key: 'Enter', label: 'Pick the focused stack, or play to the focused cell' },
  ]);

  /* ---------- Start ---------- */

  const urlPosition = params.get('position');
  const urlBase = params.get('base');
  if (await ctl.openFromAddress()) return;
  if (urlPosition) {
    await ctl.startMatch({}, players(), { position: urlPosition });
    if (view) return;
  }
  await newGame(urlBase && baseChoices.includes(urlBase) ? urlBase : undefined);
}
