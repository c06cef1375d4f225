// Warp & Weft: draws a position as inline SVG. The same code draws the home
// page card, the rules diagrams and the play page's live board.
//
// A position is the API's `state` object: size, grid, taken, shuttle_rc,
// axis_to_move, unused, and the variants' passover and blocking (see
// docs/api.md). The grid holds the values as they are now: with passover,
// the server has already changed the cells slides passed over.

import { svgEl, CellBoard } from '/static/shell/svg.js';
import { useStylesheet } from '/static/shell/stylesheet.js';

await useStylesheet(import.meta.resolve('./board.css'));

/** Geometry, in SVG user units: cell pitch, margin for labels, board padding. */
const P = 100;
const M = 52;
const PAD = 12;
const GAUGE = 40;

export const SIDES = [
  { name: 'Weft', axis: 'weft', line: 'row', colour: 'var(--weft)' },
  { name: 'Warp', axis: 'warp', line: 'column', colour: 'var(--warp)' },
];

/* ---------- Names (the rules themselves live in the server) ---------- */

/** "d3" for row 2, column 3 (0-based). */
export function cellName(r, c) {
  return String.fromCharCode(97 + c) + (r + 1);
}

/** [row, col] of "d3"; null when it is not a cell name. */
export function parseCell(name) {
  const m = /^([a-z])(\d+)$/i.exec(String(name || '').trim());
  if (!m) return null;
  return [Number(m[2]) - 1, m[1].toLowerCase().charCodeAt(0) - 97];
}

export const other = (axis) => (axis === 'weft' ? 'warp' : 'weft');
export const axisName = (axis) => (axis === 'weft' ? 'Weft' : 'Warp');

/** A value as people write it, with a true minus sign. */
export function fmtValue(v) {
  return v < 0 ? `−${-v}` : String(v);
}

/** Half points as people write them: 4.5, 12, −1. */
export function fmtScore(v) {
  const s = Number.isInteger(v) ? String(v) : v.toFixed(1);
  return s.startsWith('-') ? `−${s.slice(1)}` : s;
}

/* Style: board.css, loaded above. */



/* ---------- SVG helpers ---------- */

const s = svgEl;

let instances = 0;

/** A cell's drawing, made once: every cell of every board is a copy of it (a copy is much quicker to make). */
let cellModel = null;

/** A new cell: its tile, hatching, threads, value, start mark and focus ring, with no place or name yet. */
function cellDrawing() {
  if (!cellModel) {
    cellModel = s('g', { class: 'cell' },
      // The whole pitch of the cell answers a tap or a click, the gap round its tile too.
      s('rect', { class: 'hit', x: 0, y: 0, width: P, height: P }),
      s('rect', { class: 'bg', x: 5, y: 5, width: 90, height: 90, rx: 12 }),
      s('rect', { class: 'hatch', x: 5, y: 5, width: 90, height: 90, rx: 12 }),
      s('g', { class: 'threads h' },
        s('line', { x1: 10, y1: 17, x2: 90, y2: 17 }), s('line', { x1: 10, y1: 83, x2: 90, y2: 83 })),
      s('g', { class: 'threads v' },
        s('line', { x1: 17, y1: 10, x2: 17, y2: 90 }), s('line', { x1: 83, y1: 10, x2: 83, y2: 90 })),
      s('text', { class: 'val', x: 50, y: 52 }),
      s('g', { class: 'start-mark' },
        s('line', { x1: 30, y1: 50, x2: 70, y2: 50, stroke: 'var(--weft)', 'stroke-width': 5, 'stroke-linecap': 'round' }),
        s('line', { x1: 50, y1: 30, x2: 50, y2: 70, stroke: 'var(--warp)', 'stroke-width': 5, 'stroke-linecap': 'round' })),
      s('rect', { class: 'focus-ring', x: 1, y: 1, width: 98, height: 98, rx: 15 }));
  }
  return cellModel.cloneNode(true);
}

/* ---------- The board view ---------- */

/**
 * A board that can be updated in place, so that moves animate.
 * Options: size, interactive, gauge (unused-cell counts on each line),
 * label (accessible name), onPlay(name), onPreview(name|null), onReject(name).
 */
export class BoardView extends CellBoard {
  constructor({ size, interactive = false, gauge = false, labels = true, label = 'Warp & Weft board', onPlay, onPreview, onReject } = {}) {
    super();
    this.n = size;
    this.labels = labels;
    this.interactive = interactive;
    this.gaugeOn = gauge;
    this.onPlay = onPlay;
    this.onPreview = onPreview;
    this.onReject = onReject;
    this.touchPreview = true;
    this.id = `ww${++instances}`;
    this.state = null;
    this.lit = new Set();
    this.focusName = null;
    this.build(label);
  }

  build(label) {
    const n = this.n;
    const svg = s('svg', { class: `ww still${this.interactive ? ' interactive' : ''}`, role: this.interactive ? 'grid' : 'img', 'aria-label': label });
    this.svg = svg;
    // Only the cells take focus (one at a time: roving tabindex), never the drawing itself.
    if (this.interactive) svg.setAttribute('tabindex', '-1');
    this.setViewBox();
    svg.style.setProperty('--ww-font', n >= 9 ? '34px' : '38px');

    const id = this.id;
    const defs = s('defs');
    defs.append(
      s('pattern', { id: `${id}-hw`, width: 12, height: 12, patternUnits: 'userSpaceOnUse' }, s('rect', { x: 0, y: 2, width: 12, height: 4, fill: '#fff', opacity: 0.2 })),
      s('pattern', { id: `${id}-hv`, width: 12, height: 12, patternUnits: 'userSpaceOnUse' }, s('rect', { x: 2, y: 0, width: 4, height: 12, fill: '#fff', opacity: 0.2 })),
    );
    svg.append(defs);
    svg.append(s('rect', { class: 'board-bg', x: M - PAD, y: M - PAD, width: n * P + 2 * PAD, height: n * P + 2 * PAD, rx: 18 }));

    // Coordinates: letters across the top, numbers down the left.
    const labels = s('g', { 'aria-hidden': 'true', display: this.labels ? null : 'none' });
    for (let i = 0; i < n; i++) {
      const t1 = s('text', { class: 'label', x: M + i * P + P / 2, y: (M - PAD) / 2 });
      t1.textContent = String.fromCharCode(97 + i);
      const t2 = s('text', { class: 'label', x: (M - PAD) / 2, y: M + i * P + P / 2 });
      t2.textContent = String(i + 1);
      labels.append(t1, t2);
    }
    svg.append(labels);

    this.underLayer = s('g', { 'aria-hidden': 'true' });
    this.cellLayer = s('g', { role: this.interactive ? 'rowgroup' : undefined });
    this.overLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.previewLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.shuttleLayer = s('g', { 'aria-hidden': 'true' });
    this.gaugeLayer = s('g', { class: 'gauge', 'aria-hidden': 'true' });
    svg.append(this.underLayer, this.cellLayer, this.overLayer, this.previewLayer, this.shuttleLayer, this.gaugeLayer);

    this.cells = [];
    for (let r = 0; r < n; r++) {
      const rowEl = this.interactive ? s('g', { role: 'row' }) : this.cellLayer;
      const row = [];
      for (let c = 0; c < n; c++) {
        const name = cellName(r, c);
        const g = cellDrawing();
        g.setAttribute('data-cell', name);
        g.setAttribute('data-r', r);
        g.setAttribute('data-c', c);
        g.style.setProperty('--x', `${M + c * P}px`);
        g.style.setProperty('--y', `${M + r * P}px`);
        if (this.interactive) {
          g.setAttribute('role', 'gridcell');
          g.setAttribute('tabindex', '-1');
        }
        const [, bg, hatch, th, tv, val] = g.children;
        rowEl.append(g);
        row.push({ g, bg, hatch, th, tv, val, name, r, c });
      }
      if (this.interactive) this.cellLayer.append(rowEl);
      this.cells.push(row);
    }

    // The shuttle: a wooden boat shape that lies along the line of the side to move.
    this.shuttle = s('g', { class: 'shuttle' });
    this.shuttleRot = s('g', { class: 'body-rot' });
    this.shuttleRot.append(
      s('path', { class: 'body', d: 'M -46 0 C -30 -40, 30 -40, 46 0 C 30 40, -30 40, -46 0 Z' }),
      s('path', { class: 'sheen', d: 'M -27 -19 C -10 -26, 10 -26, 27 -19' }),
    );
    this.bobbin = s('rect', { class: 'bobbin', x: -17, y: -7, width: 34, height: 14, rx: 7 });
    this.shuttleRot.append(this.bobbin);
    this.shuttleNum = s('text', { class: 'num', x: 0, y: 2 });
    this.shuttle.append(this.shuttleRot, this.shuttleNum);
    this.shuttleLayer.append(this.shuttle);

    if (this.interactive) this.wire();
  }

  setViewBox() {
    const n = this.n;
    const extra = this.gaugeOn ? GAUGE : 0;
    // Without coordinates the drawing is cropped to the board itself.
    const lo = this.labels ? 0 : M - PAD - 8;
    const size = M + n * P + PAD + 8 + extra - lo;
    this.svg.setAttribute('viewBox', `${lo} ${lo} ${size} ${size}`);
    // The drawing's width in cells: on a touch screen board.css keeps each cell 44 px wide with it.
    this.svg.style.setProperty('--ww-units', String(size / P));
    this.viewLo = lo;
    this.viewSize = size;
  }

  /**
   * Where the board is wider than its box (a big board on a phone, whose cells
   * stay 44 px), scrolls the box sideways so that the shuttle's column is in
   * the middle of what shows. The box is measured in the next frame, once the
   * whole drawing is done: measured in the middle of it, the page would be laid
   * out once for the measure and again for the rest of the drawing.
   */
  keepShuttleInView(col) {
    cancelAnimationFrame(this.inViewFrame);
    this.inViewFrame = requestAnimationFrame(() => {
      const box = this.svg.parentElement;
      if (!box || box.scrollWidth <= box.clientWidth + 1) return;
      const x = ((M + col * P + P / 2 - this.viewLo) / this.viewSize) * this.svg.getBoundingClientRect().width;
      const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
      box.scrollTo({ left: Math.max(0, x - box.clientWidth / 2), behavior: reduce ? 'auto' : 'smooth' });
    });
  }

  setGauge(on) {
    this.gaugeOn = !!on;
    this.setViewBox();
    this.drawGauge();
  }

  cellAt(name) {
    const rc = parseCell(name);
    if (!rc) return null;
    const [r, c] = rc;
    return this.cells[r] && this.cells[r][c];
  }

  /**
   * Shows a state.
   * @param {object} state  the API's state
   * @param {{lit?: Array<string>|null, last?: {from: number[], to: number[], axis: string}|null, changed?: Array<string>}} [opts]
   *   lit: names of the cells to light as legal moves (null: none);
   *   changed: cells whose value the last slide changed (passover), marked until the next move.
   */
  update(state, { lit = null, last = null, changed = [] } = {}) {
    const n = this.n;
    this.state = state;
    this.lit = new Set(lit || []);
    const changedSet = new Set(changed || []);
    const mover = state.axis_to_move;
    this.svg.dataset.mover = mover;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const cell = this.cells[r][c];
        const taken = state.taken[r][c];
        const v = state.grid[r][c];
        const isLit = this.lit.has(cell.name);
        const cls = ['cell'];
        if (taken === 'start') cls.push('start');
        else if (taken) cls.push(`taken-${taken}`);
        else cls.push(isLit ? 'lit' : 'free');
        if (!taken && v < 0) cls.push('neg');
        if (!taken && changedSet.has(cell.name)) cls.push('changed');
        if (state.shuttle_rc[0] === r && state.shuttle_rc[1] === c) cls.push('shuttle-here');
        if (cell.g.classList.contains('kbd-focus')) cls.push('kbd-focus');
        if (this.previewName === cell.name && isLit) cls.push('previewing');
        cell.g.setAttribute('class', cls.join(' '));
        cell.val.textContent = fmtValue(v);
        if (taken === 'weft') cell.hatch.setAttribute('fill', `url(#${this.id}-hw)`);
        else if (taken === 'warp') cell.hatch.setAttribute('fill', `url(#${this.id}-hv)`);
        else cell.hatch.removeAttribute('fill');
        if (this.interactive) {
          let desc;
          if (taken === 'start') desc = 'start cell';
          else if (taken) desc = `${fmtValue(v)}, taken by ${axisName(taken)}`;
          else if (isLit) desc = `${fmtValue(v)}, ${axisName(mover)} can take it`;
          else desc = `${fmtValue(v)}, free`;
          const here = state.shuttle_rc[0] === r && state.shuttle_rc[1] === c ? ', shuttle here' : '';
          const moved = !taken && changedSet.has(cell.name) ? ', value just changed' : '';
          cell.g.setAttribute('aria-label', `${cell.name}: ${desc}${moved}${here}`);
          cell.g.setAttribute('aria-disabled', isLit ? 'false' : 'true');
        }
      }
    }

    // The shuttle, with the value taken on its cell.
    const [sr, sc] = state.shuttle_rc;
    this.shuttle.style.transform = `translate(${M + sc * P + P / 2}px, ${M + sr * P + P / 2}px)`;
    this.shuttleRot.style.transform = mover === 'warp' ? 'rotate(90deg)' : 'rotate(0deg)';
    this.keepShuttleInView(sc);
    const onStart = state.taken[sr][sc] === 'start';
    this.shuttleNum.textContent = onStart ? '' : fmtValue(state.grid[sr][sc]);
    this.bobbin.style.display = onStart ? '' : 'none';

    // The last move: its path in the gaps between cells, and a ring round its cell.
    this.underLayer.replaceChildren();
    this.overLayer.replaceChildren();
    if (last && last.to) {
      const colour = last.axis === 'warp' ? 'var(--warp)' : 'var(--weft)';
      const cx = (rc) => M + rc[1] * P + P / 2;
      const cy = (rc) => M + rc[0] * P + P / 2;
      if (last.from) {
        this.underLayer.append(s('line', { class: 'trail', x1: cx(last.from), y1: cy(last.from), x2: cx(last.to), y2: cy(last.to), stroke: colour }));
      }
      this.overLayer.append(s('rect', {
        class: 'last-ring', x: M + last.to[1] * P + 1, y: M + last.to[0] * P + 1, width: 98, height: 98, rx: 15, stroke: 'var(--ink)',
      }));
    }

    // Threads along the mover's line, showing through the gaps between its lit cells.
    if (this.lit.size) {
      const colour = mover === 'weft' ? 'var(--weft)' : 'var(--warp)';
      // With blocking, the threads stop where the reachable cells stop (used cells bar the way).
      const along = [...this.lit].map((name) => parseCell(name)).filter(Boolean).map(([r, c]) => (mover === 'weft' ? c : r));
      along.push(mover === 'weft' ? sc : sr);
      const first = state.blocking ? Math.min(...along) : 0;
      const last = state.blocking ? Math.max(...along) : n - 1;
      const lo = M + first * P + PAD / 2;
      const hi = M + (last + 1) * P - PAD / 2;
      for (const off of [17, 83]) {
        const line = mover === 'weft'
          ? { x1: lo, y1: M + sr * P + off, x2: hi, y2: M + sr * P + off }
          : { x1: M + sc * P + off, y1: lo, x2: M + sc * P + off, y2: hi };
        this.underLayer.append(s('line', { class: 'thread', ...line, stroke: colour }));
      }
    }

    // Keep roving focus on a sensible cell.
    if (this.interactive) {
      const focusInside = this.svg.contains(document.activeElement);
      if (!focusInside || !this.focusName || !this.cellAt(this.focusName)) {
        this.focusName = lit && lit.length ? lit[0] : cellName(sr, sc);
      }
      for (const row of this.cells) for (const cell of row) cell.g.setAttribute('tabindex', cell.name === this.focusName ? '0' : '-1');
    }

    this.drawGauge();
    this.setPreview(null);
    if (this.svg.classList.contains('still')) {
      requestAnimationFrame(() => requestAnimationFrame(() => this.svg.classList.remove('still')));
    }
  }

  drawGauge() {
    this.gaugeLayer.replaceChildren();
    const state = this.state;
    if (!this.gaugeOn || !state || !state.unused) return;
    const n = this.n;
    const edge = M + n * P + PAD + 8 + GAUGE / 2 - 2;
    const [sr, sc] = state.shuttle_rc;
    const add = (kind, i, count, x, y) => {
      const current = kind === 'row' ? state.axis_to_move === 'weft' && i === sr : state.axis_to_move === 'warp' && i === sc;
      const g = s('g', { class: `${kind}${count === 0 ? ' empty' : ''}${current ? ' current' : ''}` });
      g.append(s('rect', { x: x - 16, y: y - 16, width: 32, height: 32, rx: kind === 'row' ? 8 : 16 }));
      const t = s('text', { x, y: y + 1 });
      t.textContent = String(count);
      g.append(t);
      this.gaugeLayer.append(g);
    };
    state.unused.rows.forEach((count, r) => add('row', r, count, edge, M + r * P + P / 2));
    state.unused.cols.forEach((count, c) => add('col', c, count, M + c * P + P / 2, edge));
    const title = s('title');
    title.textContent = 'Unused cells left in each row (right) and column (below)';
    this.gaugeLayer.append(title);
  }

  /**
   * Previews what a lit cell would hand over: the opponent's line, its open
   * cells and, with hints, a ring round their best reply.
   */
  setPreview(info, { hints = false, name = null } = {}) {
    this.previewLayer.replaceChildren();
    this.underLayer.querySelectorAll('.band').forEach((b) => b.remove());
    for (const row of this.cells) for (const cell of row) cell.g.classList.remove('previewing');
    this.previewInfo = info;
    this.previewName = info ? name || (info.cell && cellName(info.cell[0], info.cell[1])) : null;
    if (!info || !info.cell || !this.state) return;
    const hovered = this.cellAt(this.previewName);
    if (hovered) hovered.g.classList.add('previewing');
    const opp = other(this.state.axis_to_move);
    const colour = opp === 'weft' ? 'var(--weft)' : 'var(--warp)';
    const n = this.n;
    const [r, c] = info.cell;
    // The line handed over: a band behind it and a dashed edge round it.
    const band = opp === 'weft'
      ? { x: M + 1, y: M + r * P + 1, width: n * P - 2, height: P - 2 }
      : { x: M + c * P + 1, y: M + 1, width: P - 2, height: n * P - 2 };
    this.underLayer.prepend(s('rect', { class: 'band', ...band, rx: 16, fill: colour }));
    this.previewLayer.append(s('rect', { class: 'band-edge', ...band, rx: 16, stroke: colour }));
    for (const name of info.open || []) {
      const rc = parseCell(name);
      if (!rc) continue;
      this.previewLayer.append(s('circle', { class: 'open-dot', cx: M + rc[1] * P + 80, cy: M + rc[0] * P + 20, r: 9, fill: colour }));
    }
    // Passover: the cells this slide would cross, each tagged with the change it would get.
    const d = this.state.passover || 0;
    for (const name of d ? info.passes_over || [] : []) {
      const rc = parseCell(name);
      if (!rc) continue;
      const g = s('g', { class: `passover-tag ${d > 0 ? 'up' : 'down'}` });
      g.append(s('rect', { x: M + rc[1] * P + 8, y: M + rc[0] * P + 8, width: 38, height: 24, rx: 12 }));
      const t = s('text', { x: M + rc[1] * P + 27, y: M + rc[0] * P + 20.5 });
      t.textContent = d > 0 ? `+${d}` : `−${-d}`;
      g.append(t);
      this.previewLayer.append(g);
    }
    if (hints && info.reply && info.reply.rc) {
      const [rr, rc] = info.reply.rc;
      const ring = s('g', { class: 'reply-ring-group' });
      ring.append(s('rect', { class: 'reply-ring', x: M + rc * P - 1, y: M + rr * P - 1, width: P + 2, height: P + 2, rx: 18, stroke: colour }));
      // The tag sits inside the cell it names, under its number: it covers no other cell.
      const tagW = 58;
      const tagY = M + rr * P + P - 28;
      ring.append(s('rect', { x: M + rc * P + P / 2 - tagW / 2, y: tagY, width: tagW, height: 22, rx: 11, fill: colour }));
      const tag = s('text', { class: 'reply-tag', x: M + rc * P + P / 2, y: tagY + 11.5 });
      tag.textContent = 'reply';
      ring.append(tag);
      ring.classList.add('reply-ring-group');
      this.previewLayer.append(ring);
    }
  }

  /** The lit cell that should be previewed now: the one under the pointer, else the keyboard's. */
  previewCandidate() {
    if (this.hoverName && this.lit.has(this.hoverName)) return this.hoverName;
    const active = document.activeElement;
    if (active && this.svg.contains(active) && active.classList.contains('kbd-focus') && this.lit.has(active.dataset.cell)) return active.dataset.cell;
    return null;
  }

  /** Every cell's name and group, for the keyboard focus (CellBoard). */
  cellList() {
    return this.cells.flat();
  }

  wire() {
    const cellOf = (e) => {
      const g = e.target.closest && e.target.closest('.cell');
      return g ? this.cellAt(g.dataset.cell) : null;
    };
    this.svg.addEventListener('click', (e) => {
      this.pressing = false;
      const cell = cellOf(e);
      if (!cell) return;
      this.focusName = cell.name;
      if (this.lit.has(cell.name)) {
        // On a touch screen there is no hovering: the first tap previews, the second plays.
        if (this.lastPointer === 'touch' && this.touchPreview && this.previewName !== cell.name) {
          this.onPreview && this.onPreview(cell.name);
          return;
        }
        this.onPlay && this.onPlay(cell.name);
      } else {
        this.shake(cell.name);
        this.onReject && this.onReject(cell.name);
      }
    });
    this.svg.addEventListener('pointerover', (e) => {
      if (e.pointerType === 'touch') return;
      const cell = cellOf(e);
      this.hoverName = cell ? cell.name : null;
      if (cell && this.lit.has(cell.name) && this.previewName !== cell.name) this.onPreview && this.onPreview(cell.name);
    });
    this.svg.addEventListener('pointerout', (e) => {
      if (e.pointerType === 'touch') return;
      const from = cellOf(e);
      const to = e.relatedTarget && e.relatedTarget.closest ? e.relatedTarget.closest('.cell') : null;
      if (from && (!to || to.dataset.cell !== from.name)) this.hoverName = to ? to.dataset.cell : null;
      if (from && (!to || to.dataset.cell !== from.name) && this.previewName === from.name) {
        const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('.cell.kbd-focus');
        this.onPreview && this.onPreview(focused && this.lit.has(focused.dataset.cell) ? focused.dataset.cell : null);
      }
    });
    // A press gives focus late (at the mouse-compatible events after a tap), so
    // "pressing" lasts until the click, or until the keyboard is used.
    this.svg.addEventListener('pointercancel', () => { this.pressing = false; });
    this.svg.addEventListener('pointerdown', (e) => {
      this.lastPointer = e.pointerType;
      this.pressing = true;
      for (const row of this.cells) for (const x of row) x.g.classList.remove('kbd-focus');
    });
    this.svg.addEventListener('focusin', (e) => {
      const cell = cellOf(e);
      if (!cell) return;
      this.focusName = cell.name;
      // A ring for focus that came from the keyboard (Tab), not from a click.
      if (cell.g.matches(':focus-visible')) cell.g.classList.add('kbd-focus');
      if (this.pressing) return; // focus from a press: hovering and clicking handle it
      if (this.lit.has(cell.name)) this.onPreview && this.onPreview(cell.name);
      else if (this.previewName) this.onPreview && this.onPreview(null);
    });
    this.svg.addEventListener('focusout', (e) => {
      const cell = cellOf(e);
      if (cell) cell.g.classList.remove('kbd-focus');
      if (!this.svg.contains(e.relatedTarget) && this.previewName) this.onPreview && this.onPreview(null);
    });
    this.svg.addEventListener('keydown', (e) => {
      this.pressing = false;
      const cell = cellOf(e);
      if (!cell || e.ctrlKey || e.metaKey || e.altKey) return;
      const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
      if (moves[e.key]) {
        e.preventDefault();
        const [dr, dc] = moves[e.key];
        const r = Math.min(this.n - 1, Math.max(0, cell.r + dr));
        const c = Math.min(this.n - 1, Math.max(0, cell.c + dc));
        this.focusCell(cellName(r, c));
      } else if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        this.focusCell(cellName(cell.r, e.key === 'Home' ? 0 : this.n - 1));
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        if (this.lit.has(cell.name)) this.onPlay && this.onPlay(cell.name);
        else {
          this.shake(cell.name);
          this.onReject && this.onReject(cell.name);
        }
      }
    });
  }
}

/** A still drawing of a state (home card, rules diagrams); `changed` marks cells whose value a slide changed. */
export function drawBoard(state, { lit = [], last = null, preview = null, hints = false, gauge = false, labels = true, changed = [], label } = {}) {
  const view = new BoardView({ size: state.size, gauge, labels, label: label || `Warp & Weft board, ${state.size} by ${state.size}` });
  view.update(state, { lit, last, changed });
  if (preview) view.setPreview(preview, { hints });
  return view.svg;
}

/** The drawing for the home page's card: the start position, Weft's first choices (`moves`, as the catalog gives them) lit. */
export function drawStart(state, moves = []) {
  return drawBoard(state, { lit: moves.map((m) => m.move), labels: false, label: 'Warp & Weft: the start position' });
}

/** A small swatch for a side (index 0 Weft, 1 Warp): its colour and its stripes. */
export function swatch(side) {
  const weft = side === 0 || side === 'weft' || side === 'Weft';
  const svg = s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', class: 'ww-swatch' });
  svg.append(s('rect', { x: 0.5, y: 0.5, width: 15, height: 15, rx: 4, fill: weft ? 'var(--weft-fill)' : 'var(--warp-fill)' }));
  for (const k of [4, 8, 12]) {
    svg.append(weft
      ? s('line', { x1: 2, y1: k, x2: 14, y2: k, stroke: '#fff', 'stroke-opacity': 0.55, 'stroke-width': 1.6 })
      : s('line', { x1: k, y1: 2, x2: k, y2: 14, stroke: '#fff', 'stroke-opacity': 0.55, 'stroke-width': 1.6 }));
  }
  return svg;
}
