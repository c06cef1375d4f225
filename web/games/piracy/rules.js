// The small diagrams of the Piracy rules, drawn by the board module from
// positions written out by hand. Used by the rules page and by the rules
// dialog of the play page.

import { drawBoard, squareXY, squareName } from './board.js';

const HEADINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const STEP = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];
const CORNERS = ['a1', 'h1', 'a8', 'h8'];

/** A state shaped like the API's, from a few facts. */
function position({ island, cook, silver, hits = [0, 0], sunk = [false, false] }) {
  const [ix, iy] = squareXY(island);
  const islandSquares = [[ix, iy], [ix + 1, iy], [ix, iy + 1], [ix + 1, iy + 1]].map(([x, y]) => squareName(x, y));
  const ship = ([stern, bow], seat) => {
    const a = squareXY(stern);
    const b = squareXY(bow);
    const h = STEP.findIndex(([dx, dy]) => a[0] + dx === b[0] && a[1] + dy === b[1]);
    return {
      name: seat ? 'Silver' : 'Cook', seat, stern, bow, stern_xy: a, bow_xy: b, heading: HEADINGS[h], heading_index: h,
      hits: hits[seat], circling: 0, sunk: sunk[seat], fate: sunk[seat] ? 'shot' : null, in_harbour: CORNERS.includes(bow),
    };
  };
  return { island, island_squares: islandSquares, harbours: CORNERS, ships: [ship(cook, 0), ship(silver, 1)] };
}

/** Where each turn of a ship would take it (only the geometry, for pictures). */
function targets(state, seat) {
  const ship = state.ships[seat];
  const other = state.ships[1 - seat];
  const turns = ship.in_harbour ? ['LL', 'L', 'S', 'R', 'RR'] : ['L', 'S', 'R'];
  const delta = { LL: -2, L: -1, S: 0, R: 1, RR: 2 };
  const near = (p, q) => Math.max(Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1])) === 1;
  const out = [];
  for (const turn of turns) {
    const h = (ship.heading_index + delta[turn] + 8) % 8;
    const to = [ship.bow_xy[0] + STEP[h][0], ship.bow_xy[1] + STEP[h][1]];
    const name = to[0] >= 0 && to[0] < 8 && to[1] >= 0 && to[1] < 8 ? squareName(...to) : null;
    if (!other.sunk && (name === other.stern || name === other.bow)) continue;
    const aground = !name ? 'edge' : state.island_squares.includes(name) ? 'island' : null;
    let hits = 0;
    if (!aground && !other.sunk) {
      for (const sq of [other.stern_xy, other.bow_xy]) if (near(sq, ship.bow_xy) || near(sq, to)) hits++;
    }
    out.push({ turn, to: name, to_xy: to, aground, hits });
  }
  return out;
}

const DIAGRAMS = {
  start() {
    const s = position({ island: 'd4', cook: ['a1', 'b2'], silver: ['h8', 'g7'] });
    return drawBoard(s, { targets: targets(s, 0), toMove: 0, label: 'The start: Cook on a1–b2 heading north-east, Silver on h8–g7 heading south-west, the island on d4–e5. Cook may sail to b3, c3 or c2.' });
  },
  harbour() {
    const s = position({ island: 'd4', cook: ['a2', 'a1'], silver: ['f6', 'e6'] });
    return drawBoard(s, { targets: targets(s, 0), toMove: 0, focus: { at: 'b2', zoom: 2 }, label: 'Cook in the harbour a1, heading south. Only the 90° turn to the east, to b1, stays at sea; every other turn runs onto the coast.' });
  },
  hits() {
    const s = position({ island: 'e3', cook: ['b4', 'c5'], silver: ['d7', 'e7'] });
    return drawBoard(s, { targets: targets(s, 0), toMove: 0, focus: { at: 'd5', zoom: 2 }, label: 'Cook on b4–c5 heading north-east, Silver on d7–e7. Sailing straight on to d6 would touch both of Silver’s squares: two hits.' });
  },
  ram() {
    const s = position({ island: 'c5', cook: ['c3', 'd4'], silver: ['e4', 'e5'] });
    return drawBoard(s, { targets: targets(s, 0), toMove: 0, focus: { at: 'd4', zoom: 2 }, label: 'Silver blocks e5 and e4, so Cook may not sail straight on or turn right. The only move left runs onto the island at d5.' });
  },
  survivor() {
    const s = position({ island: 'd4', cook: ['f2', 'g3'], silver: ['b6', 'b7'], hits: [3, 7], sunk: [false, true] });
    return drawBoard(s, { targets: targets(s, 0), toMove: 0, label: 'Silver has sunk (its wreck is drawn faintly) and Cook sails on alone: seven more moves to win.' });
  },
};

/** Fills every `.diagram[data-diagram]` element under `root`. */
export function drawDiagrams(root = document) {
  for (const el of root.querySelectorAll('.diagram[data-diagram]')) {
    const draw = DIAGRAMS[el.dataset.diagram];
    if (draw) el.replaceChildren(draw());
  }
}
