// The small diagrams of the Seesaw rules, drawn by the board module from
// positions the server works out (POST /api/positions): where a stack may
// step, which captures are forced, and every capture order of a chain come
// with the legal moves. Used by the rules page and by the play page's rules dialog.

import { drawBoard } from './board.js';
import { positionsAfter } from '/static/shell/positions.js';
import { fillDiagrams } from '/static/shell/rules-page.js';

/** A position text, as the server gives it back with its moves. */
const P = (text) => positionsAfter('seesaw', { position: text });

/** The steps of the stack on `cell`, as the board's target marks. */
function stepTargets(view, cell) {
  return view.moves
    .filter((m) => m.info.from === cell && m.info.kind === 'step')
    .map((m) => ({ cell: m.info.to, kind: 'step', promotes: !!m.info.promotes }));
}

/** A diagram of the stack on `cell` picked in `position`, with the cells the server lets it step to. */
async function stepDiagram(position, cell, label) {
  const view = await P(position);
  return drawBoard(view.state, { deco: { picked: cell, targets: stepTargets(view, cell) }, label });
}

/** The capture moves from `from` whose first parts take `hops`, in that order. */
function chainsThrough(view, from, hops) {
  return view.moves.filter((m) => m.info.from === from && m.info.kind === 'capture'
    && hops.every((cell, i) => m.info.parts[i] && m.info.parts[i].capture && m.info.parts[i].to === cell));
}

/** The board partway through a chain: the stack on the last cell taken, the taken stacks faint. */
function chainDeco(view, from, hops, targets) {
  const { state } = view;
  const [first] = chainsThrough(view, from, hops);
  const done = first.info.parts.slice(0, hops.length);
  const at = hops[hops.length - 1];
  const taken = new Set(hops);
  const moved = state.stacks.find((x) => x.cell === from);
  const stacks = state.stacks.filter((x) => x.cell !== from && !taken.has(x.cell)).concat([{ ...moved, cell: at }]);
  return {
    state: { ...state, stacks },
    deco: {
      chain: { path: [from, ...done.flatMap((p) => p.via)], at, left: done[done.length - 1].left, side: moved.owner },
      picked: at,
      ghosts: state.stacks.filter((x) => taken.has(x.cell)),
      targets,
    },
  };
}

/** What may follow `hops` in a chain from `from`: the next captures, or the steps that end it. */
function nextInChain(view, from, hops) {
  const seen = new Map();
  for (const m of chainsThrough(view, from, hops)) {
    const next = m.info.parts[hops.length];
    if (!next) continue;
    const kind = next.capture ? 'capture' : 'step';
    seen.set(next.to, { cell: next.to, kind, ...(kind === 'step' ? { promotes: !!m.info.promotes } : {}) });
  }
  return [...seen.values()];
}

const CHAIN = 'tiles:a1=1,a2=1,a3=1,b3=1,b4=1,c1=1,c4=1,c5=2,d1=1,d2=1,d3=1,d4=1,d5=2,d6=2,d7=2,e1=1,e3=2,e4=2,e6=2,f1=1,f3=2,f4=2,g1=1;'
  + 'stacks:a2=2x4,b1=1x1,b3=1x1,b5=1x1,f3=2x1,f4=2x1;next:2';

const DIAGRAMS = {
  async start() {
    const view = await positionsAfter('seesaw', { options: { base: 4 } });
    return drawBoard(view.state, {
      names: true,
      deco: { deploys: view.state.deploy_cells },
      label: 'The base-4 board at the start: one South stack on d1, one North stack on d7, each on a tile of its colour; the dashed cells are where South may deploy',
    });
  },
  steps: () => stepDiagram('tiles:c1=1,d1=1,d2=1,d6=2,d7=2,e6=2;stacks:d3=1x3,e4=1x1,d7=2x1,e6=2x1;next:1', 'd3',
    'A South 3-stack on d3 may move one to three steps in the three upward directions, around its own stack on e4; on North’s tile d6 it would grow'),
  backward: () => stepDiagram('tiles:c1=1,c3=1,d1=1,d3=1,d6=2,d7=2;stacks:d5=1x2,c3=1x1,a4=2x1;next:1', 'd5',
    'A South 2-stack on d5 moves backward, down the board, up to two steps; ending on its own tile d3 would make it grow'),
  async range() {
    const view = await P('tiles:c1=1,d1=1,d2=1,d6=2,d7=2;stacks:d3=1x3,f4=2x1,b5=2x1,d6=2x2;next:1');
    const first = view.state.forced_captures;
    return drawBoard(view.state, {
      deco: { forced: { stacks: first.map((f) => f.from), targets: first.flatMap((f) => f.targets) } },
      label: 'South must capture: its 3-stack on d3 is ringed; it can reach d6 and f4 (marked with a target) but not b5',
    });
  },
  async chain() {
    const view = await P(CHAIN);
    const { state, deco } = chainDeco(view, 'a2', ['b3'], nextInChain(view, 'a2', ['b3']));
    return drawBoard(state, {
      deco,
      label: 'North’s 4-stack from a2 has taken b3 with one step; three steps are left, so it must go on and take b1 or b5',
    });
  },
  async leftover() {
    const view = await P(CHAIN);
    const { state, deco } = chainDeco(view, 'a2', ['b3', 'b5'], nextInChain(view, 'a2', ['b3', 'b5']));
    return drawBoard(state, {
      deco,
      label: 'After taking b3 and then b5, one step is left and nothing more can be taken: the stack may step on (the dot) or stop where it is',
    });
  },
  promote: () => stepDiagram('tiles:c1=1,c5=2,d1=1,d6=2,d7=2;stacks:d5=1x1,d7=2x1,b2=2x1;next:1', 'd5',
    'A South 1-stack on d5: stepping onto North’s tile on d6 or c5 makes it grow to 2 (the +1 badges)'),
};

/** Fills every `.diagram[data-diagram]` element under `root`. */
export const drawDiagrams = (root = document) => fillDiagrams(root, DIAGRAMS);
