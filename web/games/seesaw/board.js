// Seesaw: draws a position as inline SVG. The same code draws the home page
// card, the rules diagrams and the play page's live board.
//
// A position is the API's `state` object (see crates/games/src/seesaw/view.rs):
// base, cells (name, x, y), tiles, stacks (cell, owner, size, heading), mover,
// forced_captures, deploy_cells. South's pieces are light round discs, North's
// dark rounded squares; each shows its size and a small arrow for the way it
// moves now. Promotion tiles are tinted in their owner's colour, South's with a
// solid inner edge, North's with a dashed one.

import { svgEl, svgText, CellBoard } from '/static/shell/svg.js';
import { useStylesheet } from '/static/shell/stylesheet.js';

await useStylesheet(import.meta.resolve('./board.css'));
import * as G from './geometry.js';

const R = 50; // hexagon radius in SVG units
const SQ3 = Math.sqrt(3);

/**
 * How much larger than on the usual boards the words and numbers are drawn.
 * The whole board fits its box, so the cells of a larger board come out
 * smaller on screen: from base 6 on the letters and cell names grow with the
 * board's width (about 1.3 times on base 8, whose 15 columns are more than
 * twice base 4's 7), and the stacks, numbers and arrows together a little
 * less, to stay inside their cells. Bases 3 to 5 are drawn as they always were.
 */
export function textScale(base) {
  const text = Math.max(1, Math.sqrt((2 * Number(base) - 1) / 9));
  return { text, piece: Math.min(text, 1.12) };
}

/* Style: board.css, loaded above. */



/* ---------- SVG helpers ---------- */

const s = svgEl;

const text = svgText;

/** The points of a flat-topped hexagon of radius r around (cx, cy). */
function hexPoints(r, cx = 0, cy = 0) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** A rounded pointy-topped hexagon (the board's outline) of radius rho. */
function boardPath(rho, round = 26) {
  const v = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 2 + (Math.PI / 3) * i;
    v.push([rho * Math.cos(a), rho * Math.sin(a)]);
  }
  let d = '';
  for (let i = 0; i < 6; i++) {
    const p = v[i];
    const prev = v[(i + 5) % 6];
    const next = v[(i + 1) % 6];
    const toward = (q, t) => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
    const len = Math.hypot(next[0] - p[0], next[1] - p[1]);
    const t = round / len;
    const a = toward(prev, t);
    const b = toward(next, t);
    d += `${i ? 'L' : 'M'}${a[0].toFixed(1)},${a[1].toFixed(1)} Q${p[0].toFixed(1)},${p[1].toFixed(1)} ${b[0].toFixed(1)},${b[1].toFixed(1)} `;
  }
  return `${d}Z`;
}

export const sideKey = (side) => (G.sideIndex(side) === G.NORTH ? 'north' : 'south');
export const sideName = (side) => (G.sideIndex(side) === G.NORTH ? 'North' : 'South');

/**
 * A stack of discs centred on (0, 0): up to five layers show its height, the
 * top face carries the size and an arrow pointing the way it moves on screen.
 */
export function pieceEl(owner, size, arrowUp, { ghost = false } = {}) {
  const side = sideKey(owner);
  const outer = s('g', { class: `piece ${side}${ghost ? ' ghost' : ''}` });
  const g = s('g', { class: 'body' });
  outer.append(g);
  const layers = Math.min(Math.max(size, 1), 5);
  const dy = 5;
  const lift = ((layers - 1) * dy) / 2;
  const shape = (cls, oy) => (side === 'south'
    ? s('circle', { class: `${cls} south`, cx: 0, cy: oy, r: 30 })
    : s('rect', { class: `${cls} north`, x: -27, y: oy - 27, width: 54, height: 54, rx: 11 }));
  for (let i = layers - 1; i >= 1; i--) g.append(shape('layer', i * dy - lift));
  const top = -lift;
  g.append(shape('face', top));
  g.append(side === 'south'
    ? s('circle', { class: 'inner south', cx: 0, cy: top, r: 23 })
    : s('rect', { class: 'inner north', x: -20, y: top - 20, width: 40, height: 40, rx: 7 }));
  const label = String(size);
  const ay = arrowUp ? top - 17 : top + 17;
  const ny = arrowUp ? top + 5 : top - 5;
  g.append(text({ class: `num ${side}${label.length > 2 ? ' small' : ''}`, x: 0, y: ny + 1 }, label));
  const w = 8;
  const hgt = 6.5;
  const arrow = arrowUp
    ? `M ${-w} ${ay + hgt / 2} L 0 ${ay - hgt / 2} L ${w} ${ay + hgt / 2} Z`
    : `M ${-w} ${ay - hgt / 2} L 0 ${ay + hgt / 2} L ${w} ${ay - hgt / 2} Z`;
  g.append(s('path', { class: `arrow ${side}`, d: arrow, 'stroke-linejoin': 'round' }));
  return outer;
}

let instances = 0;

/* ---------- The board view ---------- */

/**
 * A board that can be redrawn in place, so that moves animate.
 * Options: base, interactive, labels (column letters), names (cell names in
 * empty cells), flip (North at the bottom), label (accessible name),
 * onCell(name) for a click or Enter on a cell.
 */
export class BoardView extends CellBoard {
  constructor({ base = 4, interactive = false, labels = true, names = true, flip = false, label = 'Seesaw board', onCell } = {}) {
    super();
    this.base = Number(base);
    this.L = G.layout(this.base);
    this.scale = textScale(this.base);
    // A cell name sits below the tile's motif, a little lower when it is drawn larger.
    this.tileNameY = Math.round(17 + 10 * (this.scale.text - 1));
    this.interactive = interactive;
    this.labels = labels;
    this.names = names;
    this.flip = !!flip;
    this.onCell = onCell;
    this.id = `ss${++instances}`;
    this.state = null;
    this.deco = {};
    this.actionable = new Set();
    this.focusName = null;
    this.anchorY = null;
    this.build(label);
  }

  /** SVG coordinates of a cell's centre. */
  xy(name) {
    const c = this.L.cells[this.L.index.get(name)];
    const f = this.flip ? -1 : 1;
    return [f * c.x * R, -f * c.y * R];
  }

  build(label) {
    const svg = s('svg', {
      class: `ss still${this.interactive ? ' interactive' : ''}${this.names ? '' : ' no-names'}`,
      role: this.interactive ? 'group' : 'img',
      'aria-label': label,
    });
    this.svg = svg;
    svg.style.setProperty('--ss-text', this.scale.text.toFixed(3));
    svg.style.setProperty('--ss-piece', this.scale.piece.toFixed(3));
    if (this.interactive) svg.setAttribute('tabindex', '-1');
    this.bgLayer = s('g', { 'aria-hidden': 'true' });
    this.cellLayer = s('g');
    this.underLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.pieceLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.overLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.animLayer = s('g', { class: 'anim', 'aria-hidden': 'true', 'pointer-events': 'none' });
    svg.append(this.bgLayer, this.cellLayer, this.underLayer, this.pieceLayer, this.overLayer, this.animLayer);
    this.cells = new Map();
    for (const c of this.L.cells) {
      const g = s('g', { class: 'cell', 'data-cell': c.name });
      if (this.interactive) {
        g.setAttribute('role', 'button');
        g.setAttribute('tabindex', '-1');
      }
      const hex = s('polygon', { class: 'hex', points: hexPoints(R - 2.5) });
      const edge = s('polygon', { class: 'tile-edge', points: hexPoints(R - 8) });
      const circle = s('circle', { class: 'motif circle', cx: 0, cy: -6, r: 11 });
      const square = s('rect', { class: 'motif square', x: -10, y: -16, width: 20, height: 20, rx: 4 });
      const name = text({ class: 'cname', x: 0, y: 0 }, c.name);
      const ring = s('polygon', { class: 'focus-ring', points: hexPoints(R - 5) });
      g.append(s('g', { class: 'body' }, hex, edge, circle, square, name, ring));
      this.cellLayer.append(g);
      this.cells.set(c.name, { g, hex, name, cell: c });
    }
    this.place();
    if (this.interactive) this.wire();
  }

  /** Puts every cell, the outline and the labels where the orientation wants them. */
  place() {
    for (const [name, c] of this.cells) {
      const [x, y] = this.xy(name);
      c.g.setAttribute('transform', `translate(${x.toFixed(2)} ${y.toFixed(2)})`);
      const hasTile = c.g.classList.contains('tile-south') || c.g.classList.contains('tile-north');
      c.name.setAttribute('y', hasTile ? this.tileNameY : 0);
    }
    // The outline: the smallest pointy-topped hexagon holding every cell, plus a margin for the letters.
    const normals = [0, 60, 120].map((d) => [Math.cos((d * Math.PI) / 180), Math.sin((d * Math.PI) / 180)]);
    let rho = 0;
    for (const c of this.L.cells) {
      const [x, y] = this.xy(c.name);
      for (let i = 0; i < 6; i++) {
        const a = (Math.PI / 3) * i;
        const px = x + R * Math.cos(a);
        const py = y + R * Math.sin(a);
        for (const [nx, ny] of normals) rho = Math.max(rho, Math.abs(px * nx + py * ny) / Math.cos(Math.PI / 6));
      }
    }
    const pad = this.labels ? 24 + 20 * this.scale.text : 14;
    rho += pad;
    this.bgLayer.replaceChildren(s('path', { class: 'board-bg', d: boardPath(rho, 34) }));
    if (this.labels) {
      const cols = new Map();
      for (const c of this.L.cells) {
        const [x, y] = this.xy(c.name);
        const k = c.column;
        const e = cols.get(k) || { x, lo: y, hi: y };
        e.lo = Math.min(e.lo, y);
        e.hi = Math.max(e.hi, y);
        cols.set(k, e);
      }
      const g = s('g');
      for (const [k, e] of cols) {
        const letter = String.fromCharCode(97 + k);
        const gap = 20 * this.scale.text;
        g.append(text({ class: 'col-label', x: e.x, y: e.hi + R * 0.87 + gap }, letter));
        g.append(text({ class: 'col-label', x: e.x, y: e.lo - R * 0.87 - gap }, letter));
      }
      this.bgLayer.append(g);
    }
    // The outline is a little taller than wide; the page centres it in its box.
    const w = rho * Math.cos(Math.PI / 6) + 4;
    const hh = rho + 4;
    this.svg.setAttribute('viewBox', `${(-w).toFixed(1)} ${(-hh).toFixed(1)} ${(2 * w).toFixed(1)} ${(2 * hh).toFixed(1)}`);
  }

  setFlip(flip) {
    if (this.flip === !!flip) return;
    this.flip = !!flip;
    this.place();
    if (this.state) this.render(this.state, this.deco);
  }

  setNames(on) {
    this.names = !!on;
    this.svg.classList.toggle('no-names', !this.names);
  }

  /** Whether a stack with this heading (as the server gave it) points up on the screen. */
  arrowUp(stack) {
    const up = stack.heading === 'up';
    return this.flip ? !up : up;
  }

  /**
   * Draws a state with its decorations:
   *   forced: {stacks: [cells], targets: [cells]} — compulsory captures;
   *   picked: cell — the stack picked;
   *   targets: [{cell, kind: 'step'|'capture'|'deploy', promotes}] — where a click plays;
   *   deploys: [cells] — deploy cells shown on request; chosenDeploy: cell;
   *   chain: {path: [cells], at: cell, left: n, side} — a capture chain being played;
   *   ghosts: [{cell, owner, size}] — stacks taken during the chain;
   *   last: {path: [cells], captures: [cells], to, side} — the last move;
   *   actionable: [cells] — cells a click does something on (for the cursor and labels).
   */
  render(state, deco = {}) {
    this.state = state;
    this.deco = deco;
    const mover = sideKey(state.mover);
    this.svg.dataset.mover = mover;
    const tiles = new Map((state.tiles || []).map((t) => [t.cell, sideKey(t.owner)]));
    const stacks = new Map((state.stacks || []).map((st) => [st.cell, st]));
    const targets = new Map((deco.targets || []).map((t) => [t.cell, t]));
    this.actionable = new Set([...(deco.actionable || []), ...targets.keys()]);
    const forcedStacks = new Set((deco.forced && deco.forced.stacks) || []);
    const forcedTargets = new Set((deco.forced && deco.forced.targets) || []);
    const deploys = new Set(deco.deploys || []);

    for (const [name, c] of this.cells) {
      const tile = tiles.get(name);
      const st = stacks.get(name);
      const cls = ['cell'];
      if (tile) cls.push(`tile-${tile}`);
      if (st) cls.push('has-stack');
      if (this.actionable.has(name)) cls.push('actionable');
      const tg = targets.get(name);
      if (tg) cls.push('target', `target-${tg.kind}`);
      if (c.g.classList.contains('kbd-focus')) cls.push('kbd-focus');
      c.g.setAttribute('class', cls.join(' '));
      c.name.setAttribute('y', tile ? this.tileNameY : 0);
      if (this.interactive) {
        c.g.setAttribute('aria-label', this.describe(name, { tile, st, target: targets.get(name), forcedStacks, forcedTargets, deploys, deco }));
        c.g.setAttribute('aria-disabled', this.actionable.has(name) ? 'false' : 'true');
      }
    }

    // The last move: a trail along its path, a ring where it ended, crosses where it took.
    this.underLayer.replaceChildren();
    this.overLayer.replaceChildren();
    const pts = (cells) => cells.map((n) => this.xy(n).map((v) => v.toFixed(1)).join(',')).join(' ');
    const last = deco.last;
    if (last && last.to && !deco.chain) {
      if (last.path && last.path.length > 1) {
        this.underLayer.append(s('polyline', { class: `trail ${sideKey(last.side)}`, points: pts(last.path) }));
        const [fx, fy] = this.xy(last.path[0]);
        if (!stacks.has(last.path[0])) this.underLayer.append(s('circle', { class: 'last-from', cx: fx, cy: fy, r: 14 }));
      }
      for (const cell of last.captures || []) {
        if (stacks.has(cell) && cell === last.to) continue;
        const [x, y] = this.xy(cell);
        if (!stacks.has(cell)) this.underLayer.append(s('path', { class: 'gone', d: `M${x - 10},${y - 10} L${x + 10},${y + 10} M${x + 10},${y - 10} L${x - 10},${y + 10}` }));
      }
      const [tx, ty] = this.xy(last.to);
      this.underLayer.append(s('polygon', { class: 'last-hex', points: hexPoints(R - 5, tx, ty) }));
    }
    if (deco.chain && deco.chain.path && deco.chain.path.length > 1) {
      this.underLayer.append(s('polyline', { class: `trail live ${sideKey(deco.chain.side)}`, points: pts(deco.chain.path) }));
      const [fx, fy] = this.xy(deco.chain.path[0]);
      this.underLayer.append(s('circle', { class: 'last-from', cx: fx, cy: fy, r: 14 }));
    }

    // Deploy cells on request, and the one chosen.
    for (const cell of deploys) {
      const [x, y] = this.xy(cell);
      const chosen = deco.chosenDeploy === cell;
      this.underLayer.append(s('polygon', { class: `deploy-mark ${mover}${chosen ? ' chosen' : ''}`, points: hexPoints(R - 9, x, y) }));
      // The plus stands above the cell's name, so that both can be read.
      if (!chosen) this.underLayer.append(s('path', { class: `deploy-plus ${mover}`, d: `M${x - 8},${y - 25} H${x + 8} M${x},${y - 33} V${y - 17}` }));
    }

    // The pieces.
    this.pieceLayer.replaceChildren();
    this.pieces = new Map();
    for (const g of deco.ghosts || []) {
      const [x, y] = this.xy(g.cell);
      const p = pieceEl(g.owner, g.size, this.arrowUp(g), { ghost: true });
      p.setAttribute('transform', `translate(${x} ${y})`);
      this.pieceLayer.append(p);
    }
    for (const c of this.L.cells) {
      const st = stacks.get(c.name);
      if (!st) continue;
      const p = pieceEl(st.owner, st.size, this.arrowUp(st));
      const [x, y] = this.xy(c.name);
      p.style.transform = `translate(${x}px, ${y}px)`;
      p.dataset.cell = c.name;
      this.pieceLayer.append(p);
      this.pieces.set(c.name, p);
    }
    if (deco.chosenDeploy) {
      const [x, y] = this.xy(deco.chosenDeploy);
      const p = pieceEl(state.mover, 1, this.arrowUp({ heading: state.deploy_heading }), { ghost: true });
      p.setAttribute('transform', `translate(${x} ${y})`);
      this.pieceLayer.append(p);
    }

    // Rings and marks over the pieces.
    for (const cell of forcedStacks) {
      if (deco.picked === cell) continue;
      const [x, y] = this.xy(cell);
      this.overLayer.append(s('polygon', { class: 'forced-ring', points: hexPoints(R - 6, x, y) }));
    }
    if (deco.picked) {
      const [x, y] = this.xy(deco.picked);
      this.overLayer.append(s('polygon', { class: 'picked-ring', points: hexPoints(R - 5, x, y) }));
    }
    const captureMark = (cell) => {
      const [x, y] = this.xy(cell);
      const g = s('g', { class: 'capture-mark' });
      g.append(s('circle', { class: 'capture-ring', cx: x, cy: y, r: 37 }));
      for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
        g.append(s('line', { class: 'capture-tick', x1: x + dx * 32, y1: y + dy * 32, x2: x + dx * 44, y2: y + dy * 44 }));
      }
      this.overLayer.append(g);
    };
    const shownTargets = new Set();
    for (const t of targets.values()) {
      if (t.kind === 'capture') {
        captureMark(t.cell);
        shownTargets.add(t.cell);
      } else if (t.kind === 'step') {
        const [x, y] = this.xy(t.cell);
        this.overLayer.append(s('circle', { class: `dot ${mover}`, cx: x, cy: y, r: 12 }));
      }
      if (t.promotes) {
        const [x, y] = this.xy(t.cell);
        const badge = s('g', { class: 'promo-badge' });
        badge.append(s('rect', { x: x + 10, y: y - 38, width: 30, height: 20, rx: 10 }), text({ x: x + 25, y: y - 27.5 }, '+1'));
        this.overLayer.append(badge);
      }
    }
    if (!deco.picked && !deco.chain) for (const cell of forcedTargets) if (!shownTargets.has(cell)) captureMark(cell);
    if (deco.chain && deco.chain.at && deco.chain.left > 0) {
      const [x, y] = this.xy(deco.chain.at);
      const label = `${deco.chain.left} left`;
      const w = 16 + label.length * 8;
      // Above the stack, or below it on the top row of the screen.
      const above = this.L.nbr.get(deco.chain.at).some((n) => n && Math.abs(this.xy(n)[0] - x) < 1 && this.xy(n)[1] < y);
      const by = above ? y - 64 : y + 42;
      const badge = s('g', { class: 'left-badge' });
      badge.append(s('rect', { x: x - w / 2, y: by, width: w, height: 22, rx: 11 }), text({ x, y: by + 11.5 }, label));
      this.overLayer.append(badge);
    }

    // Keep the roving focus on a sensible cell.
    if (this.interactive) {
      const inside = this.svg.contains(document.activeElement);
      if (!inside || !this.focusName || !this.cells.has(this.focusName)) {
        this.focusName = [...this.actionable][0] || this.focusName || this.L.homes[G.sideIndex(state.mover)];
      }
      for (const [name, c] of this.cells) c.g.setAttribute('tabindex', name === this.focusName ? '0' : '-1');
    }
    if (this.svg.classList.contains('still')) {
      requestAnimationFrame(() => requestAnimationFrame(() => this.svg.classList.remove('still')));
    }
  }

  /** What a cell holds, for screen readers. */
  describe(name, { tile, st, target, forcedStacks, forcedTargets, deploys, deco }) {
    const bits = [name];
    if (st) {
      bits.push(`${sideName(st.owner)} stack of ${st.size}, moves ${st.direction} (${st.heading})`);
    } else bits.push('empty');
    if (tile) bits.push(`on a ${sideName(tile)} promotion tile`);
    if (deco.picked === name) bits.push('picked');
    if (forcedStacks.has(name)) bits.push('must capture');
    if (target) {
      if (target.kind === 'capture') bits.push('can be captured: press Enter to capture');
      else if (target.kind === 'step') bits.push(`can be reached: press Enter to move here${target.promotes ? ' (grows by one)' : ''}`);
      else if (target.kind === 'deploy') bits.push('press Enter to deploy here');
    } else if (forcedTargets.has(name)) bits.push('under attack');
    if (!target && deploys.has(name)) bits.push('deploy cell');
    return bits.join(', ');
  }

  /**
   * Animates the last move over the freshly drawn board: the moving stack
   * walks its path, the stacks it takes fade as it passes, a new stack grows
   * in, a promoted stack pops.
   *   plan: {path: [cells], to, captured: [{cell, owner, size}], deploy: cell, promoted: bool, before: {owner, size, heading}}
   */
  animate(plan) {
    if (!plan || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (plan.deploy) {
      const p = this.pieces.get(plan.deploy);
      if (p) p.firstChild.animate([{ opacity: 0, transform: 'scale(0.4)' }, { opacity: 1, transform: 'scale(1)' }], { duration: 180, easing: 'ease-out' });
      return;
    }
    const p = this.pieces.get(plan.to);
    if (!p || !plan.path || plan.path.length < 2) return;
    const steps = plan.path.length - 1;
    const duration = Math.min(650, Math.max(160, steps * 120));
    const frames = plan.path.map((cell, i) => {
      const [x, y] = this.xy(cell);
      return { transform: `translate(${x}px, ${y}px)`, offset: i / steps };
    });
    let moving = p;
    if (plan.before && plan.promoted) {
      // Walk with the old size, then show the new one.
      moving = pieceEl(plan.before.owner, plan.before.size, this.arrowUp(plan.before));
      this.animLayer.append(moving);
      p.style.visibility = 'hidden';
    }
    const run = moving.animate(frames, { duration, easing: 'ease-in-out', fill: moving === p ? 'none' : 'forwards' });
    for (const c of plan.captured || []) {
      const idx = plan.path.lastIndexOf(c.cell);
      const at = idx < 0 ? duration : (idx / steps) * duration;
      const ghost = pieceEl(c.owner, c.size, this.arrowUp(c));
      const [x, y] = this.xy(c.cell);
      ghost.setAttribute('transform', `translate(${x} ${y})`);
      this.animLayer.prepend(ghost);
      ghost.animate([{ opacity: 1 }, { opacity: 1, offset: Math.max(0, (at - 40) / (at + 120)) }, { opacity: 0 }], { duration: at + 120, fill: 'forwards' })
        .finished.then(() => ghost.remove(), () => ghost.remove());
    }
    run.finished.then(() => {
      if (moving !== p) {
        moving.remove();
        p.style.visibility = '';
        p.classList.add('pop');
      }
    }, () => {
      if (moving !== p) moving.remove();
      p.style.visibility = '';
    });
  }

  /** Stops running animations (before a redraw that should not wait for them). */
  settle() {
    this.animLayer.replaceChildren();
    for (const p of this.pieceLayer.querySelectorAll('.piece')) {
      for (const a of p.getAnimations()) a.cancel();
      p.style.visibility = '';
    }
  }

  cellAt(name) {
    return this.cells.get(name) || null;
  }

  /** Every cell's name and group, for the keyboard focus (CellBoard). */
  cellList() {
    return [...this.cells].map(([n, x]) => ({ name: n, g: x.g }));
  }

  /** The cell an arrow key leads to, in screen terms. */
  neighbourOnScreen(name, key) {
    const [x, y] = this.xy(name);
    if (this.anchorY === null || key === 'ArrowUp' || key === 'ArrowDown') this.anchorY = y;
    const candidates = [];
    for (const n of this.L.nbr.get(name)) {
      if (!n) continue;
      const [nx, ny] = this.xy(n);
      candidates.push({ n, dx: nx - x, dy: ny - y, ny });
    }
    let pick = null;
    if (key === 'ArrowUp' || key === 'ArrowDown') {
      const want = key === 'ArrowUp' ? -1 : 1;
      pick = candidates.find((c) => Math.abs(c.dx) < 1 && Math.sign(c.dy) === want);
      if (pick) this.anchorY = pick.ny;
      return pick ? pick.n : null;
    }
    const want = key === 'ArrowLeft' ? -1 : 1;
    const side = candidates.filter((c) => Math.sign(c.dx) === want);
    side.sort((a, b) => Math.abs(a.ny - this.anchorY) - Math.abs(b.ny - this.anchorY) || b.ny - a.ny);
    return side.length ? side[0].n : null;
  }

  wire() {
    const cellOf = (e) => {
      const g = e.target.closest && e.target.closest('.cell');
      return g ? g.dataset.cell : null;
    };
    this.svg.addEventListener('click', (e) => {
      this.pressing = false;
      const name = cellOf(e);
      if (!name) return;
      this.focusName = name;
      this.onCell && this.onCell(name, { pointer: true });
    });
    this.svg.addEventListener('pointerdown', () => {
      this.pressing = true;
      for (const [, x] of this.cells) x.g.classList.remove('kbd-focus');
    });
    this.svg.addEventListener('pointercancel', () => { this.pressing = false; });
    this.svg.addEventListener('focusin', (e) => {
      const name = cellOf(e);
      if (!name) return;
      this.focusName = name;
      const g = this.cells.get(name).g;
      if (!this.pressing && g.matches(':focus-visible')) g.classList.add('kbd-focus');
    });
    this.svg.addEventListener('focusout', (e) => {
      const name = cellOf(e);
      if (name) this.cells.get(name).g.classList.remove('kbd-focus');
    });
    this.svg.addEventListener('keydown', (e) => {
      this.pressing = false;
      const name = cellOf(e);
      if (!name || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key.startsWith('Arrow')) {
        e.preventDefault();
        const next = this.neighbourOnScreen(name, e.key);
        if (next) this.focusCell(next);
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.onCell && this.onCell(name, { keyboard: true });
      }
    });
  }
}

/** A still drawing of a state (home card, rules diagrams). */
export function drawBoard(state, { deco = {}, labels = true, names = false, flip = false, label } = {}) {
  const view = new BoardView({ base: state.base, labels, names, flip, label: label || `Seesaw board, base ${state.base}` });
  view.render(state, deco);
  return view.svg;
}

/** The drawing for the home page's card: the start position, with South's first steps (from the catalog's `moves`) marked. */
export function drawStart(state, moves = []) {
  const targets = moves.filter((m) => m.info.kind === 'step').map((m) => ({ cell: m.info.to, kind: 'step' }));
  return drawBoard(state, { labels: false, deco: { targets }, label: 'Seesaw: the start position, one stack each on its home corner' });
}

/** A small swatch for a side (index 0 South, 1 North): its piece's colour and shape. */
export function swatch(side) {
  const north = G.sideIndex(side) === G.NORTH;
  const svg = s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', class: 'ss ss-swatch' });
  svg.append(north
    ? s('rect', { x: 1.5, y: 1.5, width: 13, height: 13, rx: 3, fill: 'var(--ss-north-face)', stroke: 'var(--ss-north-rim)', 'stroke-width': 1.4 })
    : s('circle', { cx: 8, cy: 8, r: 6.6, fill: 'var(--ss-south-face)', stroke: 'var(--ss-south-rim)', 'stroke-width': 1.4 }));
  return svg;
}
