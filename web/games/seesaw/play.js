// Seesaw: the play page. The frame (shell/play-frame.js) runs the match and
// the page around it; this module draws the board (turned round for North
// unless the settings keep it fixed), lets the player build a turn click by
// click (a capture chain hop by hop, with the steps left and "stop here",
// from the server's moves: turn-moves.js), keeps the stacks card, and
// replays a finished game in place.

import { radioGroup, checkbox } from '/static/shell/form.js';
import { createPlayFrame } from '/static/shell/play-frame.js';
import { createInPlaceReplay } from '/static/shell/in-place-replay.js';
import { whoWithSide } from '/static/shell/match-controller.js';
import { BoardView, swatch, sideKey, sideName } from './board.js';
import * as G from './geometry.js';
import { TurnMoves, restOf } from './turn-moves.js';
import { describeTurn, headingWord, chainDetail } from './turn-words.js';

const cellsOf = (b) => 3 * b * (b - 1) + 1;

export async function mount(ctx) {
  const { shell, api, game, params } = ctx;
  const { h, toast, showError } = shell;
  const baseOption = (game.options || []).find((x) => x.key === 'base') || {};
  const baseChoices = (baseOption.choices && baseOption.choices.length ? baseOption.choices : ['4', '5']).map(String);
  const frame = await createPlayFrame(ctx, {
    css: import.meta.resolve('./play.css'),
    pageClass: 'ss-page',
    levelDefault: 'medium',
    sides: [['south', 'South (moves first)', swatch(0)], ['north', 'North', swatch(1)]],
    defaults: { base: String(baseOption.default || '4'), names: true, orient: 'auto', deploys: false },
  });
  const { store } = frame;
  if (!baseChoices.includes(String(store.get('base')))) store.set('base', String(baseOption.default || '4'));
  let showDeploys = !!store.get('deploys');
  let flipToggle = false; // F turns the board for this visit
  let board = null;
  let moves = new TurnMoves(null); // the legal moves of the view on the page
  let sel = null; // {kind: 'stack', cell} | {kind: 'chain', from, hops: [cells]} | {kind: 'deploy', cell}
  let byKeyboard = false; // whether the latest board action came from the keys
  const infos = new Map(); // `${matchId}:${ply}` → Map(move → info): what each legal move did

  const view = () => frame.view;
  const humanToMove = () => frame.humanToMove() && !replay.active;
  const moverIndex = () => G.sideIndex(view().state.mover);
  const infoOf = (v, ply) => (infos.get(`${v.id}:${ply}`) || new Map()).get(v.history[ply].move);
  const button = (id, label, run, primary = false, key = null) => h('button', { class: `btn${primary ? ' primary' : ''}`, type: 'button', id, onclick: run }, label, key ? h('kbd', {}, key) : null);

  const scoresCard = h('section', { class: 'card scores-card', id: 'material', 'aria-label': 'Stacks and discs' });
  const deployBtn = h('button', { class: 'btn toggle', type: 'button', id: 'deploy-btn', 'aria-pressed': String(showDeploys), onclick: () => toggleDeploys() },
    h('span', { class: 'switch', 'aria-hidden': 'true' }), 'Deploy cells', h('kbd', {}, 'D'));
  const flipBtn = button('flip-btn', 'Turn board', () => toggleFlip(), false, 'F');

  let replay = null; // the in-place replay (made once the controller is)

  frame.mount({
    cards: [scoresCard],
    controls: [deployBtn, flipBtn],
    sideName,
    sideKey,
    swatch,
    mover: () => moverIndex(),
    voice: { wave: 'triangle', from: 520, to: 360, fall: 0.09, peak: 0.12, attack: 0.01, decay: 0.13 },
    rules: {
      summary: 'Each turn, deploy a new one-disc stack next to one of your tiles, or move one stack up to as many steps as it has discs: odd stacks forward, even stacks backward. Captures are compulsory and may chain; a stack grows by one at the end of its turn on a matching tile. Take every enemy stack to win.',
      diagrams: () => import('./rules.js'),
    },
    newMatch: ({ base, position } = {}) => ({ options: position ? {} : { base: Number(base || store.get('base')) }, position }),
    invite: () => ({ options: { base: Number(store.get('base')) } }),
    show,
    turnDetail,
    picking: () => !!sel,
    statusExtras,
    statusOverride: () => (replay.active && replay.view ? replayStatus() : null),
    resultActions: () => (inPlace() ? [button('replay-btn', 'Replay', () => startReplay(), false, 'R')] : []),
    replay: () => (inPlace() ? startReplay() : false),
    replayLabel: () => (inPlace() ? 'Study' : 'Replay'),
    moveEntry,
    emptyMoves: () => (moverIndex() === 0 ? 'No moves yet. South opens the game.' : 'No moves yet: North moves first from this position.'),
    facts,
    undoOff: () => replay.active,
    settings: {
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
        if (t.name === 'names') setNames(t.checked);
        if (t.name === 'deploys' && t.checked !== showDeploys) toggleDeploys();
        if (t.name === 'orient') {
          store.set('orient', t.checked ? 'auto' : 'south');
          orient();
        }
      },
      save: (f, st) => ({ base: f.base.value || st.base }),
      start: () => {
        flipToggle = false;
        return {};
      },
    },
    controller: {
      minGapMs: 450,
      moveWord: 'turn',
      mayPlay: () => humanToMove(),
      mayUndo: () => !replay.active,
      refuseUndoOnline: true,
      moveFailed: (err) => {
        sel = null;
        if (err.status !== 409) draw();
      },
      beforeStart: () => {
        replay.drop();
        frame.boardBox.classList.remove('replaying');
      },
    },
    keys: [
      { key: 'd', label: 'Show or hide the cells where you may deploy', run: () => toggleDeploys() },
      { key: 'p', label: 'Stop here: end a capture turn with a pass (or pass when you have no move)', run: () => stopHere() },
      { key: 'Backspace', label: 'Take back the last capture of the turn you are building', run: () => backHop() },
      { key: 'Escape', label: 'Drop the picked stack, cancel the turn you are building, or leave the replay', run: () => (replay.active ? replay.stop() : cancelPick()) },
      { key: 'f', label: 'Turn the board round', run: () => toggleFlip() },
      { key: 'c', label: 'Cell names on or off', run: () => setNames(!store.get('names')) },
      {
        keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
        label: 'Move between cells (in a replay: ← and → step through the game)',
        run: (e) => {
          if (replay.active) {
            if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') replay.step(e.key === 'ArrowLeft' ? -1 : 1);
            return;
          }
          if (!board || !view()) return;
          board.focusCell(board.actionable.has(board.focusName) ? board.focusName : [...board.actionable][0] || board.focusName || board.L.homes[0]);
        },
      },
      { key: 'Enter', label: 'Pick the focused stack, or play to the focused cell' },
    ],
  });
  replay = createInPlaceReplay({
    api, ctl: frame.ctl, stepMs: 900,
    draw: (at, ply, forward, before) => {
      board.settle();
      draw();
      renderMaterial();
      if (forward) {
        const plan = animationPlan({ ...before, id: view().id, history: view().history.slice(0, ply - 1) }, { ...at, id: view().id, history: view().history.slice(0, ply) });
        if (plan) board.animate(plan);
      }
    },
    ended: () => {
      frame.boardBox.classList.remove('replaying');
      draw();
      frame.renderPanel();
    },
    failed: showError,
  });


  const wantFlip = () => frame.turnedRound(store.get('orient'), flipToggle);

  function orient() {
    if (board) board.setFlip(wantFlip());
    draw();
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
    frame.boardBox.replaceChildren(board.svg);
  }

  const inPlace = () => !view().online && !view().replay;

  /* ---------- Drawing ---------- */

  function lastMoveOf(v, ply = v.history.length) {
    const entry = ply ? v.history[ply - 1] : null;
    if (!entry || entry.move === 'pass') return null;
    const info = infoOf(v, ply - 1);
    const parsed = G.parseMove(entry.move);
    if (info && info.kind === 'deploy') return { path: [info.to], captures: [], to: info.to, side: entry.side, info };
    if (info && info.path) return { path: info.path, captures: info.captures || [], to: info.to, side: entry.side, info };
    if (parsed.kind === 'deploy') return { path: [parsed.to], captures: [], to: parsed.to, side: entry.side };
    if (!parsed.from) return null;
    return { path: [parsed.from, ...(parsed.captures || []), ...(parsed.step || parsed.kind === 'step' ? [parsed.to] : [])], captures: parsed.captures || [], to: parsed.to, side: entry.side };
  }

  function draw() {
    const v = view();
    if (!v || !board) return;
    let shown;
    if (replay.active && replay.view) shown = { state: replay.view.state, deco: { last: lastMoveOf({ ...replay.view, id: v.id, history: v.history }, replay.ply) } };
    else if (!humanToMove()) shown = { state: v.state, deco: { last: lastMoveOf(v) } };
    else shown = moves.decorations(sel, { showDeploys, last: lastMoveOf(v) });
    board.settle();
    board.render(shown.state, shown.deco);
    frame.renderStatus();
  }

  /** What to animate after a new view: the turn just played, from the previous state. */
  function animationPlan(prev, v, { rest = null } = {}) {
    if (!prev || prev.id !== v.id || v.history.length !== prev.history.length + 1) return null;
    const info = infoOf(v, prev.history.length);
    if (!info) return null;
    if (info.kind === 'deploy') return { deploy: info.to };
    if (!info.path) return null;
    // A chain clicked on the board already shows its first captures: only the rest moves.
    const stacks = prev.state.stacks || [];
    const taken = (rest ? rest.captured : info.captures || []).map((c) => stacks.find((x) => x.cell === c)).filter(Boolean);
    return { path: rest ? rest.path : info.path, to: info.to, captured: taken, promoted: !!info.promotes, before: stacks.find((x) => x.cell === info.from) };
  }

  /** Draws a view on the board and the stacks card (`before`: the one it replaces; `rest`: the part of a clicked chain still to animate). */
  function show(v, before, { rest = null } = {}) {
    moves = new TurnMoves(v);
    // A turn being built survives a redraw of the same position (an online view saying who is connected).
    const samePosition = before && before.id === v.id && !before.replay && !v.replay && before.history.length === v.history.length;
    if (!samePosition || !humanToMove()) sel = null;
    if (!v.result && (v.moves || []).length) infos.set(`${v.id}:${v.history.length}`, new Map(v.moves.map((m) => [m.move, m.info])));
    if (!board || board.base !== Number(v.state.base)) makeBoard(v.state.base);
    else board.setFlip(wantFlip());
    draw();
    const plan = animationPlan(before, v, { rest });
    if (plan) board.animate(plan);
    renderMaterial();
    deployBtn.setAttribute('aria-pressed', String(showDeploys));
  }

  /** The last turn in words: "The computer took the stack on b3 and grew to 2." */
  function lastLine() {
    const v = view();
    if (!v.history.length) return null;
    const entry = v.history[v.history.length - 1];
    const info = infoOf(v, v.history.length - 1);
    const who = frame.vsComputer() ? (frame.humanSeat(entry.side) ? 'You' : 'The computer') : frame.mine(entry.side) ? 'You' : sideName(entry.side);
    return h('p', { class: 'last-line', id: 'last-move' }, h('strong', {}, who), ` ${describeTurn(info, entry)}`,
      info && info.promotes ? h('span', {}, ' and ', h('span', { class: 'grew' }, `grew to ${info.size_after}`)) : null, '.');
  }

  /** The status line for the person to move: what the turn being built needs next. */
  function turnDetail() {
    const st = view().state;
    if (st.forced_pass) return `${sideName(moverIndex())} can neither capture, step nor deploy, so it passes.`;
    if (sel && sel.kind === 'chain') return chainDetail(sel, moves.chainOptions(sel), moves.stackAt(sel.from));
    if (sel && sel.kind === 'stack') {
      const me = moves.stackAt(sel.cell);
      return st.must_capture
        ? `The ${me.size}-stack on ${sel.cell} can capture: pick a marked enemy stack.`
        : `The ${me.size}-stack on ${sel.cell} moves ${me.size === 1 ? 'one step' : `1 to ${me.size} steps`} ${headingWord(me)}: pick a dot.`;
    }
    if (sel && sel.kind === 'deploy') return `Deploy a new stack on ${sel.cell}? Click it again to confirm.`;
    if (st.must_capture) return 'A capture is compulsory. Pick a ringed stack, or click the enemy stack to take.';
    const canDeploy = (st.deploy_cells || []).length > 0;
    return `Pick a stack to move it${canDeploy ? `, or deploy a new one next to your tiles (${showDeploys ? 'marked +' : 'the Deploy cells switch shows where'})` : ''}.`;
  }

  /** The buttons of the turn being built, and the last turn in words. */
  function statusExtras() {
    const v = view();
    const actions = [];
    if (!v.result && humanToMove() && !frame.ctl.animating) {
      if (v.state.forced_pass) actions.push(button('pass-btn', 'Pass', () => submit('pass'), true, 'P'));
      else if (sel && sel.kind === 'chain') {
        if (moves.chainOptions(sel).pass) actions.push(button('stop-btn', 'Stop here', () => stopHere(), true, 'P'));
        actions.push(button('back-btn', 'Back', () => backHop(), false, '⌫'));
      } else if (sel && sel.kind === 'deploy') actions.push(button('deploy-confirm', `Deploy on ${sel.cell}`, () => playDeploy(sel.cell), true));
      if (sel) actions.push(button('cancel-btn', 'Cancel', () => cancelPick(), false, 'Esc'));
    }
    return [actions.length ? h('div', { class: 'chain-actions' }, ...actions) : null, sel && sel.kind === 'chain' ? null : lastLine()];
  }

  function replayStatus() {
    const n = view().history.length;
    const ply = replay.ply;
    return [h('div', { class: 'turn' }, swatch(replay.view.state.mover),
      h('div', {}, h('strong', { class: 'turn-who' }, 'Replay'),
        h('div', { class: 'turn-detail' }, ply ? `After move ${ply}: ${view().history[ply - 1].move}` : 'The start position'))),
    h('div', { class: 'replay-bar' },
      h('span', { class: 'replay-count', id: 'replay-count' }, `${ply} / ${n}`),
      h('button', { class: 'btn', type: 'button', 'aria-label': 'Previous move', onclick: () => replay.step(-1) }, '◀'),
      h('button', { class: 'btn', type: 'button', 'aria-label': replay.playing ? 'Pause' : 'Play', onclick: () => { replay.play(!replay.playing); frame.renderStatus(); } }, replay.playing ? 'Pause' : 'Play'),
      h('button', { class: 'btn', type: 'button', 'aria-label': 'Next move', onclick: () => replay.step(1) }, '▶'),
      button('replay-exit', 'Done', () => replay.stop(), false, 'Esc'))];
  }

  function renderMaterial() {
    const st = (replay.active && replay.view ? replay.view : view()).state;
    scoresCard.replaceChildren(...[0, 1].map((seat) => {
      const key = sideKey(seat);
      const m = (st.material && st.material[key]) || { stacks: 0, discs: 0 };
      return h('div', { class: `score-row score-${key}${!view().result && moverIndex() === seat ? ' to-move' : ''}`, id: `score-${key}` },
        swatch(seat),
        h('div', { class: 'score-who' },
          h('span', { class: 'score-side' }, sideName(seat), h('span', { class: 'score-dir' }, seat === 0 ? ' · moves first' : '')),
          h('span', { class: 'score-player' }, frame.label(seat))),
        h('div', { class: 'score-num' },
          h('span', { class: 'score-total' }, String(m.discs)),
          h('span', { class: 'score-komi' }, `disc${m.discs === 1 ? '' : 's'} in ${m.stacks} stack${m.stacks === 1 ? '' : 's'}`)));
    }));
  }

  /** Turn i of the history for the move list, with what it did (the server's words for it). */
  function moveEntry(i) {
    const v = view();
    const e = v.history[i];
    const info = infoOf(v, i);
    return {
      node: h('li', { class: `mv mv-${sideKey(e.side)}`, title: info ? describeTurn(info, e) : e.move },
        swatch(e.side),
        h('span', { class: 'visually-hidden' }, `${whoWithSide(frame.mover(e), sideName(e.side))}: `),
        h('span', { class: 'mv-cell' }, e.move),
        info && info.promotes ? h('span', { class: 'mv-promo', title: `grew to ${info.size_after}` }, '+1') : null,
        info && info.promotes ? h('span', { class: 'visually-hidden' }, `, grew to ${info.size_after}`) : null),
    };
  }

  function facts() {
    const v = view();
    const spec = v.players.find((p) => p !== 'human');
    const level = spec && frame.levels.find((l) => `level:${l.key}` === spec);
    return [
      h('span', { id: 'board-size' }, `Base ${v.state.base} · ${(v.state.cells || []).length} cells`),
      h('span', {}, v.result ? `${v.history.length} turn${v.history.length === 1 ? '' : 's'} played` : `Turn ${v.history.length + 1}`),
      h('span', {}, frame.vsComputer() ? (level ? level.name : 'Computer') : v.online ? 'Online' : 'Two players'),
    ];
  }

  /* ---------- Building a turn on the board ---------- */

  /** Why a click on `name` builds nothing, from the server's moves (the page knows no rule). */
  function whyNot(name) {
    const st = view().state;
    const stack = moves.stackAt(name);
    const mover = sideName(moverIndex());
    if (sel && sel.kind === 'chain') return moves.chainOptions(sel).captures.size ? 'Another capture is compulsory: take a marked stack.' : `The chain cannot go to ${name}: step to a dot, or stop here.`;
    if (stack && !moves.moverOwns(name)) return `That stack is ${sideName(stack.owner)}’s: ${mover}’s stacks are yours.`;
    if (stack && st.must_capture) return 'A capture is compulsory: pick one of the ringed stacks.';
    if (stack) return `The stack on ${name} has no free cell to step to.`;
    if (st.must_capture) return 'A capture is compulsory: pick one of the ringed stacks.';
    return `Nothing can go to ${name}: pick one of your stacks, or a cell to deploy on.`;
  }

  function refuse(name) {
    frame.refuse(() => board.shake(name), whyNot(name));
    if (sel && sel.kind !== 'chain') {
      sel = null;
      draw();
    }
  }

  function clickCell(name, how = {}) {
    byKeyboard = !!how.keyboard;
    if (!view() || replay.active) return;
    const notNow = frame.notNow();
    if (notNow) {
      frame.refuse(() => board.shake(name), notNow);
      return;
    }
    const st = view().state;
    if (sel && sel.kind === 'chain') {
      const opts = moves.chainOptions(sel);
      if (opts.captures.has(name)) {
        sel.hops.push(name);
        afterHop();
      } else if (opts.steps.has(name)) {
        const p = opts.steps.get(name);
        submit(p.move, { rest: restOf(p, sel.hops.length) });
      } else refuse(name);
      return;
    }
    if (sel && sel.kind === 'stack') {
      if (name === sel.cell) return cancelPick();
      const first = st.must_capture && moves.capturePaths(sel.cell).find((p) => p.hops[0].cell === name);
      const step = !st.must_capture && moves.stepsFrom(sel.cell).get(name);
      if (first) {
        sel = { kind: 'chain', from: sel.cell, hops: [name] };
        afterHop();
        return;
      }
      if (step) return submit(step.move);
      if (!moves.moverOwns(name) && !(st.must_capture && moves.forcedTarget(name)) && !moves.deploy(name)) return refuse(name);
      sel = null;
    }
    if (sel && sel.kind === 'deploy') {
      if (name === sel.cell) return playDeploy(name);
      sel = null;
    }
    if (moves.moverOwns(name)) {
      if (!moves.canMove(name)) return refuse(name);
      sel = { kind: 'stack', cell: name };
      return draw();
    }
    if (st.must_capture && moves.forcedTarget(name)) {
      const takers = (st.forced_captures || []).filter((f) => f.targets.includes(name)).map((f) => f.from);
      if (takers.length === 1) {
        sel = { kind: 'chain', from: takers[0], hops: [name] };
        afterHop();
      } else frame.refuse(() => board.shake(name), `Several stacks can take ${name}: pick the one that should.`);
      return;
    }
    if (moves.deploy(name)) {
      if (showDeploys) playDeploy(name);
      else {
        sel = { kind: 'deploy', cell: name };
        draw();
      }
      return;
    }
    refuse(name);
  }

  /** After a capture is clicked: play the turn if it cannot go on, else show what may follow. */
  function afterHop() {
    const opts = moves.chainOptions(sel);
    if (!opts.cands.length) sel = null;
    else if (!opts.captures.size && !opts.steps.size && !opts.pass && opts.spent) {
      submit(opts.spent.move, { rest: restOf(opts.spent, sel.hops.length - 1) });
      return;
    }
    draw();
    if (sel && byKeyboard) board.focusCell([...opts.captures][0] || [...opts.steps.keys()][0] || opts.at);
  }

  function stopHere() {
    if (!sel || sel.kind !== 'chain') {
      if (view() && view().state.forced_pass && humanToMove()) submit('pass');
      return;
    }
    const opts = moves.chainOptions(sel);
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
    const m = moves.deploy(cell);
    if (m) submit(m.move);
  }

  /** Sends a turn; `rest` is the part of a clicked chain the board has not shown yet. */
  function submit(move, { rest = null } = {}) {
    return frame.ctl.playMove(move, { extra: { rest } });
  }

  /* ---------- Replay and toggles ---------- */

  async function startReplay() {
    const v = view();
    if (!v || !v.result || replay.active || v.replay) return;
    frame.boardBox.classList.add('replaying');
    await replay.start();
    frame.renderPanel();
  }

  function toggleDeploys() {
    showDeploys = !showDeploys;
    store.set('deploys', showDeploys);
    deployBtn.setAttribute('aria-pressed', String(showDeploys));
    if (sel && sel.kind === 'deploy') sel = null;
    draw();
    // The switch only marks cells; while a capture is compulsory there are none to mark yet.
    if (view() && humanToMove() && view().state.must_capture && showDeploys) toast('Deploy cells are marked once you may deploy: now a capture is compulsory.', { timeout: 2600 });
  }

  function toggleFlip() {
    flipToggle = !flipToggle;
    orient();
  }

  function setNames(on) {
    store.set('names', on);
    if (board) board.setNames(on);
  }

  const urlBase = params.get('base');
  const position = params.get('position') || undefined;
  await frame.start({ base: baseChoices.includes(urlBase) ? urlBase : undefined, position });
  if (!frame.view && position) await frame.newGame({ base: baseChoices.includes(urlBase) ? urlBase : undefined });
}
