// The small diagrams of the Warp & Weft rules, drawn by the board module.
// Used by the rules page and by the rules dialog of the play page.

import { drawBoard, stateFromGrid, playLocal, moveInfoLocal, legalCells, parseCell, cellName } from './board.js';

// A 5 × 5 grid, mirrored across its diagonal, with a few penalty cells.
const GRID = [
  [3, 7, -2, 5, 1],
  [7, 4, 8, 2, 6],
  [-2, 8, 0, 9, 3],
  [5, 2, 9, 1, -4],
  [1, 6, 3, -4, 2],
];

function after(moves) {
  let s = stateFromGrid(GRID);
  let last = null;
  for (const name of moves) {
    const rc = parseCell(name);
    last = { from: s.shuttle_rc, to: rc, axis: s.axis_to_move };
    s = playLocal(s, rc);
  }
  return { state: s, last };
}

const lit = (s) => legalCells(s).map(([r, c]) => cellName(r, c));

const DIAGRAMS = {
  start() {
    const { state } = after([]);
    return drawBoard(state, { label: 'A 5 by 5 board at the start: the shuttle on the centre, row 3 lit for Weft' });
  },
  preview() {
    const { state } = after([]);
    return drawBoard(state, {
      preview: moveInfoLocal(state, [2, 3]),
      hints: true,
      label: 'Pointing at the 9 on d3: column d is outlined in blue, and the 5 on d1 is ringed as Warp’s best reply',
    });
  },
  hop() {
    const { state, last } = after(['d3', 'd1', 'b1', 'b3']);
    return drawBoard(state, { lit: lit(state), last, label: 'After four moves: Weft may hop over the used cells of row 3 to reach a3 or e3' });
  },
  strand() {
    const { state, last } = after(['a3', 'a1', 'b1', 'b3', 'd3', 'd1', 'e1']);
    return drawBoard(state, {
      lit: lit(state),
      last,
      preview: moveInfoLocal(state, [2, 4]),
      hints: true,
      label: 'Warp to move in column e: taking e3 would leave Weft no unused cell in row 3',
    });
  },
};

/** Fills every `.diagram[data-diagram]` element under `root`. */
export function drawDiagrams(root = document) {
  for (const el of root.querySelectorAll('.diagram[data-diagram]')) {
    const draw = DIAGRAMS[el.dataset.diagram];
    if (draw) el.replaceChildren(draw());
  }
}
