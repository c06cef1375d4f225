// Seesaw on the client: the hex board's geometry, the position text, and the
// few rules the page needs to draw diagrams and to let a player click a
// capture chain in any order. The server stays the judge of every move: the
// play page only offers paths that end in one of the server's legal moves.
//
// Cells are flat-topped hexagons in vertical columns, named by column letter
// (a at the left, as South sees the board) and row (1 at the bottom of each
// column). Axial coordinates: q is the column's offset from the middle one,
// r the second axis; the centre is (1.5·q, √3·(r + q/2)) in hexagon radii,
// y growing upward.

/** The six directions, clockwise from straight up: up, up-right, down-right, down, down-left, up-left. */
export const DIRECTIONS = [[0, 1], [1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1]];
export const UP = [0, 1, 5];
export const DOWN = [2, 3, 4];
export const ALL = [0, 1, 2, 3, 4, 5];

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

/** Whether a stack of `size` owned by `owner` steps upward now (odd: forward; even: backward). */
export function movesUp(owner, size) {
  return (sideIndex(owner) === SOUTH) === (size % 2 === 1);
}

/* ---------- Positions ---------- */

/**
 * A position the helpers below understand:
 * {base, L, stacks: Map(cell → {owner: 0|1, size}), tiles: Map(cell → 0|1), next: 0|1, winner: 0|1|null}.
 */
export function fromState(state) {
  const L = layout(state.base);
  return {
    base: L.base,
    L,
    stacks: new Map((state.stacks || []).map((s) => [s.cell, { owner: sideIndex(s.owner), size: s.size }])),
    tiles: new Map((state.tiles || []).map((t) => [t.cell, sideIndex(t.owner)])),
    next: sideIndex(state.mover),
    winner: state.winner === null || state.winner === undefined ? null : sideIndex(state.winner),
  };
}

/** Reads the canonical position text (`tiles:d1=1,…;stacks:d1=1x1,…;next:1[;winner:n][;base:n]`). */
export function parsePosition(text) {
  const fields = {};
  for (const part of String(text).split(';')) {
    const i = part.indexOf(':');
    if (i > 0) fields[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  const tiles = new Map();
  for (const e of (fields.tiles || '').split(',').filter(Boolean)) {
    const [cell, owner] = e.split('=');
    tiles.set(cell.trim(), Number(owner) - 1);
  }
  const stacks = new Map();
  for (const e of (fields.stacks || '').split(',').filter(Boolean)) {
    const [cell, rest] = e.split('=');
    const [owner, size] = rest.split('x');
    stacks.set(cell.trim(), { owner: Number(owner) - 1, size: Number(size) });
  }
  // The two start tiles never move; the largest board whose corners hold them is the board.
  let base = fields.base ? Number(fields.base) : null;
  for (let b = 8; !base && b >= 3; b--) {
    const mid = String.fromCharCode(97 + b - 1);
    if (tiles.get(`${mid}1`) === SOUTH && tiles.get(`${mid}${2 * b - 1}`) === NORTH) base = b;
  }
  if (!base) throw new Error(`cannot tell the board size of "${text}"`);
  return {
    base,
    L: layout(base),
    stacks,
    tiles,
    next: Number(fields.next || 1) - 1,
    winner: fields.winner ? Number(fields.winner) - 1 : null,
  };
}

/** The start position of a board. */
export function startPosition(base = 4) {
  const L = layout(base);
  return {
    base: L.base,
    L,
    stacks: new Map([[L.homes[0], { owner: SOUTH, size: 1 }], [L.homes[1], { owner: NORTH, size: 1 }]]),
    tiles: new Map([[L.homes[0], SOUTH], [L.homes[1], NORTH]]),
    next: SOUTH,
    winner: null,
  };
}

/** The position in the shape of the API's `state` (what the board draws), with the mover's options. */
export function toState(pos) {
  const { L } = pos;
  const stacks = [];
  const tiles = [];
  for (const c of L.cells) {
    const s = pos.stacks.get(c.name);
    const t = pos.tiles.get(c.name);
    if (t !== undefined) tiles.push({ cell: c.name, owner: SIDE_KEYS[t] });
    if (s) {
      stacks.push({
        cell: c.name, owner: SIDE_KEYS[s.owner], size: s.size,
        direction: s.size % 2 === 1 ? 'forward' : 'backward',
        heading: movesUp(s.owner, s.size) ? 'up' : 'down',
        on_tile: t === undefined ? null : SIDE_KEYS[t],
      });
    }
  }
  const over = pos.winner !== null && pos.winner !== undefined;
  const forced = over ? [] : firstCaptures(pos);
  const material = (side) => {
    let st = 0;
    let discs = 0;
    for (const s of pos.stacks.values()) if (s.owner === side) { st++; discs += s.size; }
    return { stacks: st, discs };
  };
  return {
    base: L.base,
    cells: L.cells.map((c) => ({ name: c.name, column: c.column, row: c.row, q: c.q, r: c.r, x: c.x, y: c.y })),
    tiles,
    stacks,
    mover: SIDE_KEYS[pos.next],
    must_capture: forced.length > 0,
    forced_captures: forced,
    deploy_cells: over || forced.length ? [] : deployCells(pos, pos.next),
    forced_pass: false,
    material: { south: material(SOUTH), north: material(NORTH) },
    winner: over ? SIDE_KEYS[pos.winner] : null,
    draw: false,
  };
}

/* ---------- Rules ---------- */

const emptyIn = (pos, extra = []) => {
  const vacated = new Set(extra);
  return (cell) => !pos.stacks.has(cell) || vacated.has(cell);
};

/** Cells a stack on `at` can step to with 1..range steps in `dirs` through cells for which `open` holds. */
export function stepTargets(pos, at, range, dirs, open) {
  const reach = new Set();
  let frontier = [at];
  for (let d = 0; d < range && frontier.length; d++) {
    const next = [];
    for (const c of frontier) {
      for (const k of dirs) {
        const n = pos.L.nbr.get(c)[k];
        if (n && open(n) && !reach.has(n) && n !== at) {
          reach.add(n);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return reach;
}

/**
 * The enemy stacks a stack on `at` with `range` steps may capture, each with
 * the steps the capture uses (the shortest way through empty cells, the jump
 * included). With one step: the enemies next to it. With more: the enemies
 * next to an empty cell it can reach in 1..range−1 steps in any direction
 * (its own cell does not count).
 */
export function captureTargets(pos, at, range, open, isEnemy) {
  const steps = new Map();
  const around = (c) => pos.L.nbr.get(c).filter(Boolean);
  const nextTo = around(at).filter(isEnemy);
  if (range <= 1) {
    for (const e of nextTo) steps.set(e, 1);
    return steps;
  }
  const assigned = new Map(nextTo.map((e) => [e, 1]));
  const seen = new Set([at]);
  let touched = new Set(around(at));
  for (let d = 1; d < range; d++) {
    const layer = [...touched].filter((c) => open(c) && !seen.has(c));
    if (!layer.length) break;
    for (const c of layer) seen.add(c);
    touched = new Set(layer.flatMap(around));
    for (const c of touched) {
      if (!isEnemy(c)) continue;
      if (!assigned.has(c)) assigned.set(c, d + 1);
      steps.set(c, assigned.get(c));
    }
  }
  return steps;
}

/** The cells where a stack of `size` owned by `side` grows: the opponent's tiles when odd, its own when even. */
export function promotionCells(pos, side, size) {
  const want = size % 2 === 1 ? 1 - side : side;
  return new Set([...pos.tiles].filter(([, o]) => o === want).map(([c]) => c));
}

/**
 * Every capture path of the stack on `from`: {from, hops: [{cell, steps, left}],
 * end: {kind: 'spent'|'pass'|'step', to}, to, captures (sorted), promotes}.
 */
export function chainPaths(pos, from) {
  const me = pos.stacks.get(from);
  if (!me) return [];
  const side = me.owner;
  const k = me.size;
  const promo = promotionCells(pos, side, k);
  const dirs = movesUp(side, k) ? UP : DOWN;
  const out = [];
  const hops = [];
  const finish = (to, kind, captured, promotes) => {
    out.push({
      from, hops: hops.map((h) => ({ ...h })), end: { kind, to }, to,
      captures: [...captured].sort(), promotes,
    });
  };
  const walk = (at, left, captured, vacated, enemies, targets) => {
    const vac = [...vacated, at];
    const open = (c) => !pos.stacks.has(c) || vac.includes(c);
    for (const [e, used] of targets) {
      const rest = left - used;
      const took = new Set(captured).add(e);
      hops.push({ cell: e, steps: used, left: rest });
      if (rest === 0) {
        finish(e, 'spent', took, promo.has(e));
      } else {
        const foes = new Set(enemies);
        foes.delete(e);
        const more = captureTargets(pos, e, rest, open, (c) => foes.has(c));
        if (more.size) {
          walk(e, rest, took, vac, foes, more);
        } else {
          finish(e, 'pass', took, false);
          for (const to of stepTargets(pos, e, rest, dirs, open)) finish(to, 'step', took, promo.has(to));
        }
      }
      hops.pop();
    }
  };
  const enemies = new Set([...pos.stacks].filter(([, s]) => s.owner !== side).map(([c]) => c));
  const first = captureTargets(pos, from, k, emptyIn(pos, [from]), (c) => enemies.has(c));
  if (first.size) walk(from, k, new Set(), [], enemies, first);
  return out;
}

/** The first captures each stack of the side to move could make, as the API's `forced_captures`. */
export function firstCaptures(pos) {
  const side = pos.next;
  const enemies = new Set([...pos.stacks].filter(([, s]) => s.owner !== side).map(([c]) => c));
  const out = [];
  for (const c of pos.L.cells) {
    const s = pos.stacks.get(c.name);
    if (!s || s.owner !== side) continue;
    const t = captureTargets(pos, c.name, s.size, emptyIn(pos), (x) => enemies.has(x));
    if (t.size) out.push({ from: c.name, targets: [...t.keys()].sort(byCell(pos.L)) });
  }
  return out;
}

/** Where `side` may deploy: cells with neither stack nor tile, next to one of its tiles. */
export function deployCells(pos, side) {
  const out = [];
  for (const c of pos.L.cells) {
    if (pos.stacks.has(c.name) || pos.tiles.has(c.name)) continue;
    if (pos.L.nbr.get(c.name).some((n) => n && pos.tiles.get(n) === side)) out.push(c.name);
  }
  return out;
}

/** The cells a plain step move of the stack on `cell` can reach. */
export function stepsFrom(pos, cell) {
  const s = pos.stacks.get(cell);
  if (!s) return [];
  return [...stepTargets(pos, cell, s.size, movesUp(s.owner, s.size) ? UP : DOWN, emptyIn(pos))];
}

/**
 * The cells entered on a shortest way from `from` to `goal` (`from` left out),
 * moving in `dirs` through cells for which `open` holds (`goal` need not be open).
 */
export function route(pos, from, goal, dirs, open) {
  const parent = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const c = queue.shift();
    for (const k of dirs) {
      const n = pos.L.nbr.get(c)[k];
      if (!n || parent.has(n)) continue;
      if (n === goal) {
        const path = [n];
        for (let at = c; at !== from; at = parent.get(at)) path.push(at);
        return path.reverse();
      }
      if (open(n)) {
        parent.set(n, c);
        queue.push(n);
      }
    }
  }
  return [goal];
}

/** The cells a capture path passes through, in order (the start included). */
export function pathCells(pos, path) {
  const me = pos.stacks.get(path.from);
  const cells = [path.from];
  const vacated = [path.from];
  let at = path.from;
  for (const h of path.hops) {
    const open = (c) => !pos.stacks.has(c) || vacated.includes(c);
    cells.push(...route(pos, at, h.cell, ALL, open));
    vacated.push(h.cell);
    at = h.cell;
  }
  if (path.end && path.end.kind === 'step' && me) {
    const open = (c) => !pos.stacks.has(c) || vacated.includes(c);
    cells.push(...route(pos, at, path.end.to, movesUp(me.owner, me.size) ? UP : DOWN, open));
  }
  return cells;
}

/** Plays a capture path or a step or deploy on a position copy (for diagrams). */
export function playLocal(pos, move) {
  const next = { ...pos, stacks: new Map(pos.stacks), tiles: new Map(pos.tiles) };
  const side = pos.next;
  if (move.deploy) {
    next.tiles.set(move.deploy, side);
    next.stacks.set(move.deploy, { owner: side, size: 1 });
  } else if (move.from) {
    const s = pos.stacks.get(move.from);
    next.stacks.delete(move.from);
    for (const c of move.captures || []) next.stacks.delete(c);
    next.stacks.set(move.to, { owner: side, size: s.size + (move.promotes ? 1 : 0) });
  }
  next.next = 1 - side;
  if (![...next.stacks.values()].some((s) => s.owner === next.next)) next.winner = side;
  return next;
}

/** Sorts cell names by column, then row. */
export function byCell(L) {
  return (a, b) => L.index.get(a) - L.index.get(b);
}

/**
 * Reads a move as written by the server (`+c2`, `d1-d3`, `d3xf4xg5-g6`,
 * `d3xf4 pass`, `pass`): {kind, from, captures, to, pass}.
 */
export function parseMove(text) {
  const t = String(text || '').trim().toLowerCase();
  if (t === 'pass') return { kind: 'pass' };
  if (t.startsWith('+')) return { kind: 'deploy', to: t.slice(1) };
  const pass = / pass$/.test(t);
  const body = t.replace(/ pass$/, '');
  const cells = body.split(/[x-]/);
  const seps = body.replace(/[a-z]\d+/g, '');
  if (!seps.includes('x')) return { kind: 'step', from: cells[0], to: cells[cells.length - 1], captures: [] };
  const stepEnd = seps.endsWith('-');
  const captures = cells.slice(1, stepEnd ? -1 : undefined);
  return { kind: 'capture', from: cells[0], captures, to: cells[cells.length - 1], pass, step: stepEnd };
}
