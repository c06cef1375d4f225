// The small diagrams of the Leeward rules, drawn by the board module from
// positions the server works out (POST /api/positions): where a piece goes
// and what each wind opens come with the legal moves. Used by the rules page
// and by the rules dialog of the play page.

import { drawBoard, pieceIcon, windArrow } from './board.js';
import { positionsAfter } from '/static/shell/positions.js';
import { fillDiagrams } from '/static/shell/rules-page.js';

const START = 'board=okslsko/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=ink;calm=0';
// The piece diagrams keep both Lamps on their home squares (d1, d7), out of the way: a position needs them.

/** The squares the piece on `square` reaches, as the board's target marks, from the server's legal moves. */
function targets(view, square) {
  const seen = new Map();
  for (const { info } of view.moves) if (info.from === square) seen.set(info.to, { square: info.to, capture: !!info.captures });
  return [...seen.values()];
}

async function pieceDiagram(text, square, label) {
  const view = await positionsAfter('leeward', { position: text });
  return drawBoard(view.state, { picked: square, targets: targets(view, square), label });
}

const DIAGRAMS = {
  async start() {
    const view = await positionsAfter('leeward', { position: START });
    return drawBoard(view.state, {
      label: 'The start: Ink along rank 1 and on d2, Paper along rank 7 and on d6, the Lamps on their ringed home squares d1 and d7, the wind blowing east',
    });
  },
  sail: () => pieceDiagram('board=3l3/7/7/1S3o1/7/7/3L3;wind=E;next=ink', 'b4',
    'An Ink Sail on b4 with the wind blowing east: it may stop on c4, d4 or e4, or take the Paper Oar on f4, but not pass it'),
  kite: () => pieceDiagram('board=3l3/7/3o3/3K3/3O3/7/3L3;wind=E;next=ink', 'd4',
    'An Ink Kite on d4 with the wind blowing east: it goes north or south, one square or two; it may take the Paper Oar on d5, leap it to d6, or leap its own Oar on d3 to d2'),
  oar: () => pieceDiagram('board=3l3/7/2k4/3O3/7/7/3L3;wind=E;next=ink', 'd4',
    'An Ink Oar on d4 with the wind blowing east: it steps west into the wind, to c4, or slanting to c3, or takes the Paper Kite on c5'),
  lamp: () => pieceDiagram('board=3l3/7/7/4o2/3L3/2S4/7;wind=E;next=ink', 'd3',
    'An Ink Lamp on d3: it steps one square any way onto an empty square; it cannot take the Paper Oar on e4 and cannot go to its own Sail on c2'),
  async turn() {
    // Ink has walked its Lamp from d1 to c2; the three winds it may leave, and what each opens to Paper, come with the start's moves.
    const start = await positionsAfter('leeward', { position: START });
    const lampMoves = start.moves.filter((m) => m.info.from === 'd1' && m.info.to === 'c2');
    const choices = lampMoves.map(({ info }) => ({ wind: info.wind, turn: info.turn, open: info.open }));
    const south = lampMoves.find((m) => m.info.wind === 'S');
    const after = await positionsAfter('leeward', { position: START, moves: [south.move] });
    return drawBoard({ ...after.state, to_move: 'ink' }, {
      wind: 'S',
      origin: 'd1',
      moved: 'c2',
      choices,
      selected: 'S',
      threats: south.info.open,
      lampSquare: 'c2',
      label: 'Ink has moved its Lamp from d1 to c2 and must now turn the wind. Pointing at south marks the Sail on e1 and the Lamp on c2: Paper’s Sails on e7 and c7 could run down and take them',
    });
  },
  landfall: () => pieceDiagram('board=2s1o2/3L3/2k4/5l1/7/7/4S2;wind=S;next=ink', 'd6',
    'Ink’s Lamp on d6, next to Paper’s empty home square d7: stepping onto it makes landfall and wins'),
};

/** Fills every `.diagram[data-diagram]` and `.piece-icon[data-kind]` element under `root`. */
export async function drawDiagrams(root = document) {
  for (const el of root.querySelectorAll('.piece-icon[data-kind]')) {
    el.replaceChildren(pieceIcon(el.dataset.kind, el.dataset.owner || 'ink', { size: Number(el.dataset.size || 30), wind: el.dataset.wind || 'N' }));
  }
  for (const el of root.querySelectorAll('.wind-icon[data-wind]')) {
    el.replaceChildren(windArrow(el.dataset.wind, { size: 16 }));
  }
  await fillDiagrams(root, DIAGRAMS);
}
