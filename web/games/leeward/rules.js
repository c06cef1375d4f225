// The small diagrams of the Leeward rules, drawn by the board module.
// Used by the rules page and by the rules dialog of the play page.

import { drawBoard, stateFromText, applyMove, reach, openTo, pieceAt, pieceIcon, windArrow, turnsOf } from './board.js';

const START = 'board=okslsko/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=ink;calm=0';

/** The squares a piece reaches, as the board's target marks. */
function targets(state, square) {
  return reach(state, square).map((sq) => ({ square: sq, capture: !!pieceAt(state, sq) }));
}

function pieceDiagram(text, square, label) {
  const state = stateFromText(text);
  return drawBoard(state, { picked: square, targets: targets(state, square), label });
}

const DIAGRAMS = {
  start() {
    return drawBoard(stateFromText(START), {
      label: 'The start: Ink along rank 1 and on d2, Paper along rank 7 and on d6, the Lamps on their ringed home squares d1 and d7, the wind blowing east',
    });
  },
  sail() {
    return pieceDiagram('board=7/7/7/1S3o1/7/7/7;wind=E;next=ink', 'b4',
      'An Ink Sail on b4 with the wind blowing east: it may stop on c4, d4 or e4, or take the Paper Oar on f4, but not pass it');
  },
  kite() {
    return pieceDiagram('board=7/7/3o3/3K3/3O3/7/7;wind=E;next=ink', 'd4',
      'An Ink Kite on d4 with the wind blowing east: it goes north or south, one square or two; it may take the Paper Oar on d5, leap it to d6, or leap its own Oar on d3 to d2');
  },
  oar() {
    return pieceDiagram('board=7/7/2k4/3O3/7/7/7;wind=E;next=ink', 'd4',
      'An Ink Oar on d4 with the wind blowing east: it steps west into the wind, to c4, or slanting to c3, or takes the Paper Kite on c5');
  },
  lamp() {
    return pieceDiagram('board=7/7/7/4o2/3L3/2S4/7;wind=E;next=ink', 'd3',
      'An Ink Lamp on d3: it steps one square any way onto an empty square; it cannot take the Paper Oar on e4 and cannot go to its own Sail on c2');
  },
  turn() {
    // Ink has walked its Lamp from d1 to c2; the three winds it may leave are drawn round it.
    const before = stateFromText(START);
    const after = applyMove(before, { from: 'd1', to: 'c2', wind: 'E' });
    const turns = turnsOf('E');
    const choices = ['left', 'right', 'reverse'].map((t) => ({ wind: turns[t], turn: t, open: openTo(after, 'ink', turns[t]) }));
    return drawBoard({ ...after, to_move: 'ink' }, {
      wind: 'S',
      origin: 'd1',
      moved: 'c2',
      choices,
      selected: 'S',
      threats: openTo(after, 'ink', 'S'),
      lampSquare: 'c2',
      label: 'Ink has moved its Lamp from d1 to c2 and must now turn the wind. Pointing at south marks the Sail on e1 and the Lamp on c2: Paper’s Sails on e7 and c7 could run down and take them',
    });
  },
  landfall() {
    const state = stateFromText('board=2s1o2/3L3/2k4/5l1/7/7/4S2;wind=S;next=ink');
    return drawBoard(state, {
      picked: 'd6',
      targets: targets(state, 'd6'),
      label: 'Ink’s Lamp on d6, next to Paper’s empty home square d7: stepping onto it makes landfall and wins',
    });
  },
};

/** Fills every `.diagram[data-diagram]` and `.piece-icon[data-kind]` element under `root`. */
export function drawDiagrams(root = document) {
  for (const el of root.querySelectorAll('.diagram[data-diagram]')) {
    const draw = DIAGRAMS[el.dataset.diagram];
    if (draw) el.replaceChildren(draw());
  }
  for (const el of root.querySelectorAll('.piece-icon[data-kind]')) {
    el.replaceChildren(pieceIcon(el.dataset.kind, el.dataset.owner || 'ink', { size: Number(el.dataset.size || 30), wind: el.dataset.wind || 'N' }));
  }
  for (const el of root.querySelectorAll('.wind-icon[data-wind]')) {
    el.replaceChildren(windArrow(el.dataset.wind, { size: 16 }));
  }
}
