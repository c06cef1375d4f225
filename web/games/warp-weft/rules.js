// The small diagrams of the Warp & Weft rules, drawn by the board module
// from positions the server works out (POST /api/positions). Used by the
// rules page and by the rules dialog of the play page.

import { drawBoard } from './board.js';
import { positionsAfter, moveInfo } from '/static/shell/positions.js';
import { fillDiagrams } from '/static/shell/rules-page.js';

// A 5 × 5 board, mirrored across its diagonal, with a few penalty cells; the shuttle on the centre.
const BOARD = 'size=5;grid=3,7,-2,5,1/7,4,8,2,6/-2,8,0,9,3/5,2,9,1,-4/1,6,3,-4,2;'
  + 'taken=...../...../..x../...../.....;shuttle=c3;next=weft;komi=4.5';

/** The position after `moves`, its legal cells, and the last move for drawing. */
async function after(moves) {
  const view = await positionsAfter('warp-weft', { position: BOARD, moves, each: moves.length > 0 });
  const before = view.positions && view.positions[view.positions.length - 2];
  const last = before ? { from: before.state.shuttle_rc, to: view.state.shuttle_rc, axis: before.state.axis_to_move } : null;
  return { view, state: view.state, last, lit: view.moves.map((m) => m.move) };
}

const DIAGRAMS = {
  async start() {
    const { state, lit } = await after([]);
    return drawBoard(state, { lit, label: 'A 5 by 5 board at the start: the shuttle on the centre, row 3 lit for Weft' });
  },
  async preview() {
    const { view, state, lit } = await after([]);
    return drawBoard(state, {
      lit,
      preview: moveInfo(view, 'd3'),
      hints: true,
      label: 'Pointing at the 9 on d3: column d is outlined in blue, and the 5 on d1 is ringed as Warp’s best reply',
    });
  },
  async hop() {
    const { state, lit, last } = await after(['d3', 'd1', 'b1', 'b3']);
    return drawBoard(state, { lit, last, label: 'After four moves: Weft may hop over the used cells of row 3 to reach a3 or e3' });
  },
  async strand() {
    const { view, state, lit, last } = await after(['a3', 'a1', 'b1', 'b3', 'd3', 'd1', 'e1']);
    return drawBoard(state, {
      lit,
      last,
      preview: moveInfo(view, 'e3'),
      hints: true,
      label: 'Warp to move in column e: taking e3 would leave Weft no unused cell in row 3',
    });
  },
};

/** Fills every `.diagram[data-diagram]` element under `root`. */
export const drawDiagrams = (root = document) => fillDiagrams(root, DIAGRAMS);
