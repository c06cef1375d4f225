// Seesaw's board as the screen draws it: the hex cells with their names and
// centres, which way a stack points, and moves read back from the server's
// notation (for the last-move marks). No rule lives here: the server gives
// every legal move, with every order of a capture chain.
//
// Cells are flat-topped hexagons in vertical columns, named by column letter
// (a at the left, as South sees the board) and row (1 at the bottom of each
// column). Axial coordinates: q is the column's offset from the middle one,
// r the second axis; the centre is (1.5·q, √3·(r + q/2)) in hexagon radii,
// y growing upward.

/** The six directions, clockwise from straight up: up, up-right, down-right, down, down-left, up-left. */
export const DIRECTIONS = [[0, 1], [1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1]];

export const SOUTH = 0;
export const NORTH = 1;
export const SIDE_KEYS = ['south', 'north'];
export const SIDE_NAMES = ['South', 'North'];
export const sideIndex = (s) => (s === 1 || s === 'north' || s === 'North' ? NORTH : SOUTH);

const layouts = new Map();

/** The board of a base (cells per side): cells with names and centres, and each cell's neighbours. */
export function layout(base) {
  const n = Number(base);
  if (layouts.has(n)) return layouts.get(n);
  const cells = [];
  for (let q = -(n - 1); q <= n - 1; q++) {
    const low = Math.max(-(n - 1), -(n - 1) - q);
    const high = Math.min(n - 1, n - 1 - q);
    for (let r = low; r <= high; r++) {
      const column = q + n - 1;
      const row = r - low + 1;
      cells.push({
        name: String.fromCharCode(97 + column) + row,
        q, r, column, row,
        x: 1.5 * q,
        y: Math.sqrt(3) * (r + q / 2),
      });
    }
  }
  const index = new Map(cells.map((c, i) => [c.name, i]));
  const byQr = new Map(cells.map((c, i) => [`${c.q},${c.r}`, i]));
  const around = cells.map((c) => DIRECTIONS.map(([dq, dr]) => {
    const i = byQr.get(`${c.q + dq},${c.r + dr}`);
    return i === undefined ? null : cells[i].name;
  }));
  const nbr = new Map(cells.map((c, i) => [c.name, around[i]]));
  const mid = String.fromCharCode(97 + n - 1);
  const L = { base: n, cells, index, nbr, homes: [`${mid}1`, `${mid}${2 * n - 1}`], columns: 2 * n - 1 };
  layouts.set(n, L);
  return L;
}

/** Sorts cell names by column, then row. */
export function byCell(L) {
  return (a, b) => L.index.get(a) - L.index.get(b);
}

/**
 * Reads a move as written by the server (`+c2`, `d1-d3`, `d3xf4xg5-g6`,
 * `d3xf4-pass`, or `d3xf4 pass` in older records, `pass`): {kind, from, captures, to, pass}.
 */
export function parseMove(text) {
  const t = String(text || '').trim().toLowerCase();
  if (t === 'pass') return { kind: 'pass' };
  if (t.startsWith('+')) return { kind: 'deploy', to: t.slice(1) };
  const pass = /[-\s]pass$/.test(t);
  const body = t.replace(/[-\s]+pass$/, '');
  const cells = body.split(/[x-]/);
  const seps = body.replace(/[a-z]\d+/g, '');
  if (!seps.includes('x')) return { kind: 'step', from: cells[0], to: cells[cells.length - 1], captures: [] };
  const stepEnd = seps.endsWith('-');
  const captures = cells.slice(1, stepEnd ? -1 : undefined);
  return { kind: 'capture', from: cells[0], captures, to: cells[cells.length - 1], pass, step: stepEnd };
}
