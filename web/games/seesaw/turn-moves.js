// Seesaw's legal moves of one view, read the way the play page builds a turn
// click by click: steps from a cell, deploys, and every order of every
// capture chain the server lists (docs/api.md, the moves' `info`), and what
// the board should mark for a turn part-way built. Nothing here knows a rule:
// it only looks the server's moves up.
import * as G from './geometry.js';

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
export const chainCells = (p, hops = p.parts.length) => [p.from, ...p.parts.slice(0, hops).flatMap((x) => x.via)];

/** The part of a clicked chain the board has not shown yet: from its `shown`-th capture to the end. */
export function restOf(p, shown) {
  const full = chainCells(p);
  return { path: full.slice(chainCells(p, shown).length - 1), captured: p.hops.slice(shown).map((x) => x.cell) };
}

/** The legal moves of `view` (none once the game is over), looked up for the move builder. */
export class TurnMoves {
  constructor(view) {
    this.view = view;
    this.legal = view && !view.result ? view.moves || [] : [];
    this.paths = new Map(); // from → its capture paths
  }

  /** The step moves of the stack on `cell`, by the cell they go to. */
  stepsFrom(cell) {
    return new Map(this.legal.filter((m) => m.info && m.info.kind === 'step' && m.info.from === cell).map((m) => [m.info.to, m]));
  }

  /** The deploy move onto `cell`, or null. */
  deploy(cell) {
    return this.legal.find((m) => m.info && m.info.kind === 'deploy' && m.info.to === cell) || null;
  }

  /** Every cell a new stack may be deployed on. */
  deployCells() {
    return this.legal.filter((m) => m.info && m.info.kind === 'deploy').map((m) => m.info.to);
  }

  /** Every way to click a capture turn of the stack on `from`: each order of captures of each legal capture. */
  capturePaths(from) {
    if (this.paths.has(from)) return this.paths.get(from);
    const out = [];
    const seen = new Set();
    for (const m of this.legal) {
      if (!m.info || m.info.kind !== 'capture' || m.info.from !== from) continue;
      for (const parts of m.info.orders && m.info.orders.length ? m.info.orders : [m.info.parts]) {
        const p = chainPath(m, parts);
        const sig = `${p.hops.map((x) => x.cell).join('x')}|${p.end.kind}|${p.end.to}`;
        if (!seen.has(sig)) out.push(p);
        seen.add(sig);
      }
    }
    this.paths.set(from, out);
    return out;
  }

  /** The stack on `cell`, or null. */
  stackAt(cell) {
    return (this.view.state.stacks || []).find((x) => x.cell === cell) || null;
  }

  /** Whether the stack on `cell` belongs to the side to move. */
  moverOwns(cell) {
    const stack = this.stackAt(cell);
    return !!stack && G.sideIndex(stack.owner) === G.sideIndex(this.view.state.mover);
  }

  /** Whether the stack on `cell` has a turn now (a capture when one is compulsory, else a step). */
  canMove(cell) {
    return this.view.state.must_capture ? this.capturePaths(cell).length > 0 : this.stepsFrom(cell).size > 0;
  }

  /** Whether `cell` holds an enemy stack some stack must take. */
  forcedTarget(cell) {
    return (this.view.state.forced_captures || []).some((f) => f.targets.includes(cell));
  }

  /** Where a chain being clicked (`sel` {from, hops}) stands: the paths still open and what may come next. */
  chainOptions(sel) {
    const n = sel.hops.length;
    const cands = this.capturePaths(sel.from).filter((p) => p.hops.length >= n && sel.hops.every((c, i) => p.hops[i].cell === c));
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
    const me = this.stackAt(sel.from);
    const left = n ? (cands.length ? cands[0].hops[n - 1].left : 0) : me ? me.size : 0;
    return { cands, captures, steps, pass, spent, left, at: n ? sel.hops[n - 1] : sel.from };
  }

  /**
   * What the board shows for a turn being built (`sel`: null, {kind:
   * 'stack', cell}, {kind: 'chain', from, hops} or {kind: 'deploy', cell}):
   * the state to draw and its marks (see the board's render).
   */
  decorations(sel, { showDeploys, last }) {
    const st = this.view.state;
    const deco = { last };
    const mover = G.sideIndex(st.mover);
    const forcedTargets = [...new Set((st.forced_captures || []).flatMap((f) => f.targets))];
    deco.forced = { stacks: (st.forced_captures || []).map((f) => f.from), targets: forcedTargets };
    const movable = (st.stacks || []).filter((x) => G.sideIndex(x.owner) === mover && this.canMove(x.cell)).map((x) => x.cell);
    const deployCells = this.deployCells();
    deco.actionable = [...movable, ...(st.must_capture ? forcedTargets : deployCells)];
    if (showDeploys || (sel && sel.kind === 'deploy')) deco.deploys = deployCells;
    if (!sel) return { state: st, deco };
    if (sel.kind === 'deploy') return { state: st, deco: { ...deco, chosenDeploy: sel.cell, targets: [{ cell: sel.cell, kind: 'deploy' }] } };
    if (sel.kind === 'stack') {
      deco.picked = sel.cell;
      deco.targets = st.must_capture
        ? [...new Set(this.capturePaths(sel.cell).map((p) => p.hops[0].cell))].map((cell) => ({ cell, kind: 'capture' }))
        : [...this.stepsFrom(sel.cell).values()].map((m) => ({ cell: m.info.to, kind: 'step', promotes: !!m.info.promotes }));
      return { state: st, deco };
    }
    // A capture chain part-way: the stack stands on its last capture, the taken stacks fade.
    const opts = this.chainOptions(sel);
    const me = this.stackAt(sel.from);
    const taken = new Set(sel.hops);
    const stacks = [...st.stacks.filter((x) => x.cell !== sel.from && !taken.has(x.cell)), { ...me, cell: opts.at, on_tile: null }];
    const targets = [
      ...[...opts.captures].map((cell) => ({ cell, kind: 'capture' })),
      ...[...opts.steps.values()].map((p) => ({ cell: p.end.to, kind: 'step', promotes: p.promotes })),
    ];
    return {
      state: { ...st, stacks },
      deco: {
        ...deco,
        ghosts: st.stacks.filter((x) => taken.has(x.cell)).map((x) => ({ ...x })),
        chain: { path: opts.cands.length ? chainCells(opts.cands[0], sel.hops.length) : [sel.from, ...sel.hops], at: opts.at, left: opts.left, side: mover },
        picked: opts.at,
        forced: null,
        targets,
        actionable: targets.map((t) => t.cell),
        deploys: [],
      },
    };
  }
}
