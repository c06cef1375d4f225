// The small diagrams of the Piracy rules, drawn by the board module from
// positions the server works out (POST /api/positions): where each turn of
// a ship leads comes with the position, as on the play page. Used by the
// rules page and by the rules dialog of the play page.

import { drawBoard } from './board.js';
import { positionsAfter } from '/static/shell/positions.js';
import { fillDiagrams } from '/static/shell/rules-page.js';

/** A position text: the island's south-west square and the ships (stern-bow), Cook to move. */
const position = (island, cook, silver) =>
  `island=${island};cook=${cook},hits=0,circling=0;silver=${silver},hits=0,circling=0;next=cook;ply=0`;

/** Draws `text` with Cook's moves marked, as the server gives them. */
async function draw(text, opts) {
  const view = await positionsAfter('piracy', { position: text });
  const targets = view.moves.map((m) => ({ ...m.info, turn: m.move }));
  return drawBoard(view.state, { targets, toMove: view.side_to_move, ...opts });
}

const DIAGRAMS = {
  start: () => draw(position('d4', 'a1-b2', 'h8-g7'), {
    label: 'The start: Cook on a1–b2 heading north-east, Silver on h8–g7 heading south-west, the island on d4–e5. Cook may sail to b3, c3 or c2.',
  }),
  harbour: () => draw(position('d4', 'a2-a1', 'f6-e6'), {
    focus: { at: 'b2', zoom: 2 },
    label: 'Cook in the harbour a1, heading south. Only the 90° turn to the east, to b1, stays at sea; every other turn runs onto the coast.',
  }),
  hits: () => draw(position('e3', 'b4-c5', 'd7-e7'), {
    focus: { at: 'd5', zoom: 2 },
    label: 'Cook on b4–c5 heading north-east, Silver on d7–e7. Sailing straight on to d6 would touch both of Silver’s squares: two hits.',
  }),
  ram: () => draw(position('c5', 'c3-d4', 'e4-e5'), {
    focus: { at: 'd4', zoom: 2 },
    label: 'Silver blocks e5 and e4, so Cook may not sail straight on or turn right. The only move left runs onto the island at d5.',
  }),
  survivor: () => draw('island=d4;cook=f2-g3,hits=3,circling=0;silver=b6-b7,hits=7,circling=0,sunk=shot;next=cook;ply=0;survivor=cook;owed=7', {
    label: 'Silver has sunk (its wreck is drawn faintly) and Cook sails on alone: seven more moves to win.',
  }),
};

/** Fills every `.diagram[data-diagram]` element under `root`. */
export const drawDiagrams = (root = document) => fillDiagrams(root, DIAGRAMS);
