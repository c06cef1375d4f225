// The small diagrams of the Warp & Weft rules, drawn by the board module
// from positions the server works out (POST /api/positions). Used by the
// rules page and by the rules dialog of the play page.

import { drawBoard } from './board.js';
import { positionsAfter, moveInfo } from '/static/shell/positions.js';
import { fillDiagrams } from '/static/shell/rules-page.js';

// A 5 × 5 board, mirrored across its diagonal, with a few penalty cells; the shuttle on the centre.
const BOARD = 'size=5;grid=3,7,-2,5,1/7,4,8,2,6/-2,8,0,9,3/5,2,9,1,-4/1,6,3,-4,2;'
  + 'taken=...../...../..x../...../.....;shuttle=c3;next=weft;komi=4.5';

/**
 * The position after `moves` on the board above (with `variant`, such as
 * `;pass=once`, added to its text), its legal cells, the last move for
 * drawing, and the cells whose value that move changed (passover).
 */
async function after(moves, variant = '') {
  const view = await positionsAfter('warp-weft', { position: BOARD + variant, moves, each: moves.length > 0 });
  const before = view.positions && view.positions[view.positions.length - 2];
  const last = before ? { from: before.state.shuttle_rc, to: view.state.shuttle_rc, axis: before.state.axis_to_move } : null;
  const changed = [];
  if (before) {
    view.state.grid.forEach((row, r) => row.forEach((x, c) => {
      if (!view.state.taken[r][c] && before.state.grid[r][c] !== x) changed.push(String.fromCharCode(97 + c) + (r + 1));
    }));
  }
  return { view, state: view.state, last, changed, lit: view.moves.map((m) => m.move).filter((m) => m !== 'pass' && m !== 'swap') };
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
  async pass() {
    const { state, lit, last } = await after(['a3', 'a1', 'b1', 'b3', 'd3', 'd1', 'e1', 'e3'], ';pass=once');
    return drawBoard(state, { lit, last, label: 'With pass once: Weft has no unused cell left in row 3 but still has its pass' });
  },
  async passover() {
    const { state, lit, last, changed } = await after(['e3'], ';passover=2');
    return drawBoard(state, { lit, last, changed, label: 'With passover +2: Weft slid from c3 to e3 over d3, whose 9 became 11' });
  },
  async blocking() {
    const { state, lit, last } = await after(['b3', 'b4', 'c4'], ';blocking=true');
    return drawBoard(state, { lit, last, label: 'With blocking: Warp on c4 cannot cross the used centre, so only c5 is lit in column c' });
  },
};

/** Fills every `.diagram[data-diagram]` element under `root`. */
export const drawDiagrams = (root = document) => fillDiagrams(root, DIAGRAMS);
