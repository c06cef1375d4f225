// The small diagrams of the Seesaw rules, drawn by the board module from
// hand-made positions. Used by the rules page and by the play page's rules dialog.

import { drawBoard } from './board.js';
import * as G from './logic.js';

/** A base-4 position from its text, as the board draws it. */
const P = (text) => G.parsePosition(text);

function stepTargets(pos, cell) {
  const s = pos.stacks.get(cell);
  const promo = G.promotionCells(pos, s.owner, s.size);
  return G.stepsFrom(pos, cell).map((c) => ({ cell: c, kind: 'step', promotes: promo.has(c) }));
}

function chainDeco(pos, from, hops, { targets = [] } = {}) {
  const state = G.toState(pos);
  const me = pos.stacks.get(from);
  const at = hops[hops.length - 1];
  const taken = new Set(hops);
  const stacks = state.stacks.filter((x) => x.cell !== from && !taken.has(x.cell));
  const moved = state.stacks.find((x) => x.cell === from);
  stacks.push({ ...moved, cell: at });
  const path = G.pathCells(pos, { from, hops: hops.map((cell) => ({ cell })), end: null });
  const paths = G.chainPaths(pos, from).filter((p) => hops.every((c, i) => p.hops[i] && p.hops[i].cell === c));
  const left = paths.length ? paths[0].hops[hops.length - 1].left : 0;
  return {
    state: { ...state, stacks },
    deco: {
      chain: { path, at, left, side: me.owner },
      picked: at,
      ghosts: state.stacks.filter((x) => taken.has(x.cell)),
      targets,
    },
  };
}

const DIAGRAMS = {
  start() {
    const pos = G.startPosition(4);
    const state = G.toState(pos);
    return drawBoard(state, {
      names: true,
      deco: { deploys: G.deployCells(pos, 0) },
      label: 'The base-4 board at the start: one South stack on d1, one North stack on d7, each on a tile of its colour; the dashed cells are where South may deploy',
    });
  },
  steps() {
    const pos = P('tiles:c1=1,d1=1,d2=1,d6=2,d7=2,e6=2;stacks:d3=1x3,e4=1x1,d7=2x1,e6=2x1;next:1');
    const state = G.toState(pos);
    return drawBoard(state, {
      deco: { picked: 'd3', targets: stepTargets(pos, 'd3') },
      label: 'A South 3-stack on d3 may move one to three steps in the three upward directions, around its own stack on e4; on North’s tile d6 it would grow',
    });
  },
  backward() {
    const pos = P('tiles:c1=1,c3=1,d1=1,d3=1,d6=2,d7=2;stacks:d5=1x2,c3=1x1,a4=2x1;next:1');
    const state = G.toState(pos);
    return drawBoard(state, {
      deco: { picked: 'd5', targets: stepTargets(pos, 'd5') },
      label: 'A South 2-stack on d5 moves backward, down the board, up to two steps; ending on its own tile d3 would make it grow',
    });
  },
  range() {
    const pos = P('tiles:c1=1,d1=1,d2=1,d6=2,d7=2;stacks:d3=1x3,f4=2x1,b5=2x1,d6=2x2;next:1');
    const state = G.toState(pos);
    const first = G.firstCaptures(pos);
    return drawBoard(state, {
      deco: { forced: { stacks: first.map((f) => f.from), targets: first.flatMap((f) => f.targets) } },
      label: 'South must capture: its 3-stack on d3 is ringed; it can reach d6 and f4 (marked with a target) but not b5',
    });
  },
  chain() {
    const pos = P('tiles:a1=1,a2=1,a3=1,b3=1,b4=1,c1=1,c4=1,c5=2,d1=1,d2=1,d3=1,d4=1,d5=2,d6=2,d7=2,e1=1,e3=2,e4=2,e6=2,f1=1,f3=2,f4=2,g1=1;stacks:a2=2x4,b1=1x1,b3=1x1,b5=1x1,f3=2x1,f4=2x1;next:2');
    const { state, deco } = chainDeco(pos, 'a2', ['b3'], { targets: [{ cell: 'b1', kind: 'capture' }, { cell: 'b5', kind: 'capture' }] });
    return drawBoard(state, {
      deco,
      label: 'North’s 4-stack from a2 has taken b3 with one step; three steps are left, so it must go on and take b1 or b5',
    });
  },
  leftover() {
    const pos = P('tiles:a1=1,a2=1,a3=1,b3=1,b4=1,c1=1,c4=1,c5=2,d1=1,d2=1,d3=1,d4=1,d5=2,d6=2,d7=2,e1=1,e3=2,e4=2,e6=2,f1=1,f3=2,f4=2,g1=1;stacks:a2=2x4,b1=1x1,b3=1x1,b5=1x1,f3=2x1,f4=2x1;next:2');
    const paths = G.chainPaths(pos, 'a2').filter((p) => p.hops.length === 2 && p.hops[0].cell === 'b3' && p.hops[1].cell === 'b5' && p.end.kind === 'step');
    const { state, deco } = chainDeco(pos, 'a2', ['b3', 'b5'], { targets: paths.map((p) => ({ cell: p.end.to, kind: 'step', promotes: p.promotes })) });
    return drawBoard(state, {
      deco,
      label: 'After taking b3 and then b5, one step is left and nothing more can be taken: the stack may step on (the dot) or stop where it is',
    });
  },
  promote() {
    const pos = P('tiles:c1=1,c5=2,d1=1,d6=2,d7=2;stacks:d5=1x1,d7=2x1,b2=2x1;next:1');
    const state = G.toState(pos);
    return drawBoard(state, {
      deco: { picked: 'd5', targets: stepTargets(pos, 'd5') },
      label: 'A South 1-stack on d5: stepping onto North’s tile on d6 or c5 makes it grow to 2 (the +1 badges)',
    });
  },
};

/** Fills every `.diagram[data-diagram]` element under `root`. */
export function drawDiagrams(root = document) {
  for (const el of root.querySelectorAll('.diagram[data-diagram]')) {
    const draw = DIAGRAMS[el.dataset.diagram];
    if (!draw) continue;
    try {
      el.replaceChildren(draw());
    } catch (err) {
      console.warn(`Diagram ${el.dataset.diagram}:`, err);
    }
  }
}
