// Piracy: draws the sea as inline SVG, in two styles: a drawn sea chart
// (coast all round, the island with its beach, quays in the four harbours,
// ships with sails) and a plain top-down board. The same code draws the
// home page card, the rules diagrams and the play page's live board.
//
// A position is the API's `state` object (docs/api.md): `ships` (Cook
// first: stern_xy, bow_xy, heading_index, hits, circling, sunk, fate,
// aground_xy), `island_squares`, `harbours`. The legal moves come as the
// API's move `info` objects (turn, to, to_xy, aground, hits).

import { svgEl, svgText, shakeElement } from '/static/shell/svg.js';
import { useStylesheet } from '/static/shell/stylesheet.js';

await useStylesheet(import.meta.resolve('./board.css'));

/** Geometry in SVG user units: square pitch, margin (the coast), board size. */
const P = 100;
const M = 66;
const N = 8;
const SIZE = 2 * M + N * P;
/** The strip outside the coast where the coordinates stand, clear of every marker (an aground target lies on the coast). */
const STRIP = 34;
const ZOOMS = [1, 1.35, 1.8, 2.4, 3.2];

export const HEADINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
export const SHIP_NAMES = ['Cook', 'Silver'];
/** The keys of each ship's turns, as the spec gives them. */
export const TURN_KEYS = [
  { LL: '⇧←', L: '←', S: '↑', R: '→', RR: '⇧→' },
  { LL: '⇧D', L: 'D', S: 'F', R: 'G', RR: '⇧G' },
];
export const TURN_WORDS = { LL: 'hard left (90°)', L: 'left', S: 'straight on', R: 'right', RR: 'hard right (90°)' };

/* ---------- Squares ---------- */

/** [file, rank] (0-based) of a square name such as "d4"; null if it is none. */
export function squareXY(name) {
  const m = /^([a-h])([1-8])$/i.exec(String(name || '').trim());
  return m ? [m[1].toLowerCase().charCodeAt(0) - 97, Number(m[2]) - 1] : null;
}

export function squareName(x, y) {
  return String.fromCharCode(97 + x) + (y + 1);
}

const cx = (x) => M + x * P + P / 2;
const cy = (y) => M + (N - 1 - y) * P + P / 2;
const onBoard = ([x, y]) => x >= 0 && x < N && y >= 0 && y < N;
/** The centre of a target, pulled into the margin when it lies off the board. */
const targetCentre = ([x, y]) => [
  Math.min(M + N * P + 30, Math.max(M - 30, cx(x))),
  Math.min(M + N * P + 30, Math.max(M - 30, cy(y))),
];

/* Style: board.css, loaded above. */



/* ---------- SVG helpers ---------- */

const s = svgEl;

const text = svgText;

/** A pseudo-random number in [0, 1) from integers: drawings stay the same on every redraw. */
function hash01(...xs) {
  let h = 2166136261;
  for (const x of xs) h = Math.imul(h ^ (x + 0x9e37), 16777619);
  return ((h >>> 0) % 10000) / 10000;
}

/* ---------- The pieces of the chart ---------- */

/** A ship pointing up (bow at negative y), centred on 0,0, in both styles. */
function shipShape(seat) {
  const g = s('g', { class: 'shape' });
  // The drawn ship: a hull with a pointed bow, two yards of sail, a flag astern.
  const drawn = s('g', { class: 'drawn' });
  drawn.append(
    s('path', { class: `hull-${seat}`, d: 'M 0 -90 C 20 -66 27 -36 27 -6 L 25 58 Q 23 84 0 86 Q -23 84 -25 58 L -27 -6 C -27 -36 -20 -66 0 -90 Z' }),
    s('path', { class: 'deck', d: 'M 0 -72 C 13 -52 18 -30 18 -6 L 17 54 Q 15 72 0 74 Q -15 72 -17 54 L -18 -6 C -18 -30 -13 -52 0 -72 Z' }),
    s('path', { class: `sail-${seat}`, d: 'M -40 -34 Q 0 -52 40 -34 L 40 -24 Q 0 -40 -40 -24 Z' }),
    s('path', { class: `sail-${seat}`, d: 'M -44 12 Q 0 -8 44 12 L 44 23 Q 0 5 -44 23 Z' }),
  );
  if (seat === 0) {
    // Cook: a blue cross on the stern deck.
    drawn.append(s('path', { class: 'mark-0', d: 'M -9 50 L 9 50 M 0 41 L 0 59' }));
  } else {
    // Silver: a skull of two eyes and a jaw on the stern deck.
    drawn.append(
      s('circle', { class: 'mark-1', cx: 0, cy: 50, r: 10 }),
      s('circle', { cx: -4, cy: 48, r: 2.6, fill: 'var(--silver-hull)' }),
      s('circle', { cx: 4, cy: 48, r: 2.6, fill: 'var(--silver-hull)' }),
    );
  }
  // The plain piece: a capsule with an arrowhead at the bow and its letter.
  const plain = s('g', { class: 'plain' });
  plain.append(
    s('path', { class: `hull-${seat}`, d: 'M 0 -92 L 34 -52 L 34 62 Q 34 86 10 86 L -10 86 Q -34 86 -34 62 L -34 -52 Z' }),
    seat === 0
      ? s('path', { class: 'mark-0', d: 'M -13 56 L 13 56 M 0 43 L 0 69' })
      : s('circle', { class: 'mark-1', cx: 0, cy: 56, r: 13 }),
  );
  g.append(drawn, plain);
  return g;
}

/** The island's drawing: shoal water, a beach and grass, a palm, over its 2 × 2 squares. */
function drawIsland(squares, mode) {
  const g = s('g', { class: 'island' });
  const xy = squares.map(squareXY).filter(Boolean);
  if (!xy.length) return g;
  const x0 = Math.min(...xy.map((p) => p[0]));
  const y0 = Math.max(...xy.map((p) => p[1]));
  const left = M + x0 * P;
  const top = M + (N - 1 - y0) * P;
  if (mode === 'plain') {
    for (const [x, y] of xy) g.append(s('rect', { class: 'land-sq', x: M + x * P + 3, y: M + (N - 1 - y) * P + 3, width: P - 6, height: P - 6, rx: 8 }));
    // Diagonal hatching, so land reads as land without colour.
    const hatch = s('g', { class: 'land-hatch' });
    for (let k = 20; k < 400; k += 22) {
      const x1 = left + Math.max(0, k - 200);
      const y1 = top + Math.min(k, 200);
      const x2 = left + Math.min(k, 200);
      const y2 = top + Math.max(0, k - 200);
      hatch.append(s('line', { x1, y1, x2, y2 }));
    }
    g.append(hatch);
    return g;
  }
  // A wobbly outline inside the 200 × 200 block: points round a rounded square.
  const blob = (inset, wobble, seed) => {
    const pts = [];
    const k = 28;
    for (let i = 0; i < k; i++) {
      const a = (i / k) * Math.PI * 2;
      // A squircle, so the island fills its squares.
      const c = Math.cos(a);
      const sn = Math.sin(a);
      const r = (100 - inset) / Math.pow(Math.pow(Math.abs(c), 4) + Math.pow(Math.abs(sn), 4), 0.25);
      const w = 1 + wobble * (hash01(seed, i) - 0.5);
      pts.push([left + 100 + c * r * w, top + 100 + sn * r * w]);
    }
    let d = `M ${pts[0][0].toFixed(1)} ${pts[0][1].toFixed(1)}`;
    for (let i = 0; i < k; i++) {
      const p0 = pts[i];
      const p1 = pts[(i + 1) % k];
      const mx = (p0[0] + p1[0]) / 2;
      const my = (p0[1] + p1[1]) / 2;
      d += ` Q ${p0[0].toFixed(1)} ${p0[1].toFixed(1)} ${mx.toFixed(1)} ${my.toFixed(1)}`;
    }
    return `${d} Z`;
  };
  g.append(
    s('path', { class: 'shoal', d: blob(-6, 0.1, x0 * 8 + y0) }),
    s('path', { class: 'beach', d: blob(8, 0.14, x0 * 8 + y0 + 1) }),
    s('path', { class: 'grass', d: blob(34, 0.2, x0 * 8 + y0 + 2) }),
  );
  // A palm on the island: trunk and four leaves.
  const px = left + 92;
  const py = top + 112;
  g.append(
    s('path', { class: 'palm-trunk', d: `M ${px} ${py + 30} Q ${px + 4} ${py + 8} ${px + 14} ${py - 18}` }),
    ...[[-40, -4], [-6, -34], [34, -14], [18, 22]].map(([dx, dy]) =>
      s('path', { class: 'palm-leaf', d: `M ${px + 14} ${py - 18} Q ${px + 14 + dx * 0.6} ${py - 18 + dy * 0.2 - 12} ${px + 14 + dx} ${py - 18 + dy} Q ${px + 14 + dx * 0.5} ${py - 18 + dy * 0.6 + 8} ${px + 14} ${py - 18} Z` })),
  );
  return g;
}

/** An anchor symbol centred on x, y. */
function anchor(x, y, size = 1) {
  const k = size;
  return s('path', {
    class: 'anchor',
    d: `M ${x} ${y - 20 * k} L ${x} ${y + 18 * k} M ${x - 11 * k} ${y - 9 * k} L ${x + 11 * k} ${y - 9 * k} M ${x - 19 * k} ${y + 4 * k} Q ${x - 16 * k} ${y + 18 * k} ${x} ${y + 18 * k} Q ${x + 16 * k} ${y + 18 * k} ${x + 19 * k} ${y + 4 * k}`,
  });
}

function drawHarbours(names, mode) {
  const g = s('g', { class: 'harbours' });
  for (const name of names || []) {
    const xy = squareXY(name);
    if (!xy) continue;
    const [x, y] = xy;
    const left = M + x * P;
    const top = M + (N - 1 - y) * P;
    if (mode === 'plain') {
      g.append(s('rect', { class: 'harbour-sq', x: left + 3, y: top + 3, width: P - 6, height: P - 6, rx: 8 }));
      g.append(anchor(cx(x), cy(y), 1.05));
      continue;
    }
    // A quay along the coast's two sides of the corner, and an anchor.
    const west = x === 0;
    const south = y === 0;
    const qx = west ? left - 10 : left + P - 14;
    const qy = south ? top + P - 14 : top - 10;
    g.append(
      s('rect', { class: 'quay', x: qx, y: top + 14, width: 24, height: P - 28, rx: 4 }),
      s('rect', { class: 'quay', x: left + 14, y: qy, width: P - 28, height: 24, rx: 4 }),
      anchor(cx(x) + (west ? 8 : -8), cy(y) + (south ? -8 : 8), 0.85),
    );
  }
  return g;
}

/* ---------- The board view ---------- */

/**
 * A sea that can be updated in place, so that ships sail from square to square.
 * Options: interactive, mode ('chart' or 'plain'), labels, label (accessible
 * name), onPlay(turn) for a clicked or entered target.
 */
export class BoardView {
  constructor({ interactive = false, mode = 'chart', labels = true, label = 'Piracy sea chart', onPlay, onMiss } = {}) {
    this.interactive = interactive;
    this.mode = mode === 'plain' ? 'plain' : 'chart';
    this.labels = labels;
    this.onPlay = onPlay;
    this.onMiss = onMiss; // a click on the chart that is no target
    this.state = null;
    this.zoom = 0;
    this.centre = [SIZE / 2, SIZE / 2];
    this.angles = [null, null];
    this.trails = [[], []];
    this.islandKey = null;
    this.build(label);
  }

  build(label) {
    const svg = s('svg', { class: 'pz-board still', role: 'group', 'aria-label': label, 'data-mode': this.mode });
    this.svg = svg;
    if (this.interactive) svg.setAttribute('tabindex', '-1');
    const defs = s('defs');
    svg.append(defs);
    this.seaLayer = s('g', { 'aria-hidden': 'true' });
    this.landLayer = s('g', { 'aria-hidden': 'true' });
    this.wakeLayer = s('g', { 'aria-hidden': 'true' });
    this.courseLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.shipLayer = s('g', {});
    this.targetLayer = s('g', { class: 'targets' });
    this.fxLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    svg.append(this.seaLayer, this.landLayer, this.wakeLayer, this.courseLayer, this.shipLayer, this.targetLayer, this.fxLayer);
    this.ships = [0, 1].map((seat) => {
      const g = s('g', { class: `ship ship-${seat}` });
      const title = s('title');
      const ring = s('ellipse', { class: 'to-move-ring', cx: 0, cy: -2, rx: 46, ry: 104 });
      const shape = shipShape(seat);
      const pips = s('g', { class: 'pips' });
      const pipEls = [];
      for (let i = 0; i < 7; i++) {
        const pip = s('circle', { class: 'pip', cx: 0, cy: -66 + i * 16, r: 5.5 });
        pips.append(pip);
        pipEls.push(pip);
      }
      const hull = s('g', { class: 'hull' }, shape, pips);
      g.append(title, ring, hull);
      this.shipLayer.append(g);
      return { g, hull, title, pips: pipEls };
    });
    this.drawSea();
    this.applyViewBox();
    if (this.interactive) this.wire();
  }

  /** The water, the coast or plain squares, the grid and the coordinates. */
  drawSea() {
    const layer = this.seaLayer;
    layer.replaceChildren();
    const chart = this.mode === 'chart';
    if (chart) {
      layer.append(s('rect', { class: 'coast', x: 0, y: 0, width: SIZE, height: SIZE, rx: 22 }));
      layer.append(s('rect', { class: 'sea', x: M, y: M, width: N * P, height: N * P, rx: 6 }));
      const waves = s('g', { class: 'waves' });
      for (let y = 0; y < N; y++) {
        for (let x = 0; x < N; x++) {
          if (hash01(x, y, 7) < 0.55) continue;
          const wx = M + x * P + 22 + hash01(x, y, 1) * 40;
          const wy = M + y * P + 24 + hash01(x, y, 2) * 52;
          waves.append(s('path', { d: `M ${wx} ${wy} q 7 -6 14 0 t 14 0` }));
        }
      }
      layer.append(waves);
      for (let i = 1; i < N; i++) {
        layer.append(s('line', { class: 'chart-grid', x1: M + i * P, y1: M, x2: M + i * P, y2: M + N * P }));
        layer.append(s('line', { class: 'chart-grid', x1: M, y1: M + i * P, x2: M + N * P, y2: M + i * P }));
      }
      layer.append(s('rect', { class: 'coast-edge', x: M, y: M, width: N * P, height: N * P, rx: 6 }));
      // A small compass rose in the north-east corner of the coast.
      const rose = s('g', { class: 'compass', transform: `translate(${SIZE - 40} 36)` });
      rose.append(s('path', { d: 'M 0 -16 L 6 4 L 0 22 L -6 4 Z', opacity: 0.45 }), s('path', { d: 'M 0 -16 L 6 4 L -6 4 Z' }), text({ x: 17, y: -8 }, 'N'));
      layer.append(rose);
    } else {
      layer.append(s('rect', { class: 'plain-bg', x: M - 14, y: M - 14, width: N * P + 28, height: N * P + 28, rx: 16 }));
      for (let y = 0; y < N; y++) {
        for (let x = 0; x < N; x++) {
          layer.append(s('rect', { class: (x + y) % 2 ? 'sq-a' : 'sq-b', x: M + x * P, y: M + (N - 1 - y) * P, width: P, height: P }));
        }
      }
      layer.append(s('rect', { class: 'plain-frame', x: M, y: M, width: N * P, height: N * P }));
    }
    if (this.labels) {
      for (let i = 0; i < N; i++) {
        const file = String.fromCharCode(97 + i);
        layer.append(text({ class: 'label', x: cx(i), y: SIZE + STRIP / 2 }, file));
        layer.append(text({ class: 'label', x: -STRIP / 2, y: cy(i) }, String(i + 1)));
      }
    }
  }

  /** Graphics mode: 'chart' (the drawn sea chart) or 'plain' (a top-down board). */
  setMode(mode) {
    const m = mode === 'plain' ? 'plain' : 'chart';
    if (m === this.mode) return;
    this.mode = m;
    this.svg.dataset.mode = m;
    this.drawSea();
    this.islandKey = null;
    if (this.state) this.update(this.state, this.lastOpts || {});
  }

  /* ---------- Zoom and pan ---------- */

  get zoomFactor() {
    return ZOOMS[this.zoom];
  }

  /** How far the drawing reaches past the coast on each side: the coordinates' strip, if shown. */
  get rim() {
    return this.labels ? STRIP : 0;
  }

  applyViewBox() {
    const w = (SIZE + 2 * this.rim) / ZOOMS[this.zoom];
    const half = w / 2;
    const [lo, hi] = [-this.rim + half, SIZE + this.rim - half];
    this.centre = [Math.min(hi, Math.max(lo, this.centre[0])), Math.min(hi, Math.max(lo, this.centre[1]))];
    this.svg.setAttribute('viewBox', `${(this.centre[0] - half).toFixed(1)} ${(this.centre[1] - half).toFixed(1)} ${w.toFixed(1)} ${w.toFixed(1)}`);
    this.svg.dataset.zoom = String(ZOOMS[this.zoom]);
  }

  /** Zooms one step in (+1) or out (−1), keeping the centre; returns the new factor. */
  zoomBy(step) {
    this.zoom = Math.min(ZOOMS.length - 1, Math.max(0, this.zoom + step));
    this.applyViewBox();
    return ZOOMS[this.zoom];
  }

  /** Pans by whole squares (east and north positive); returns whether the view moved. */
  pan(dx, dy) {
    const before = this.svg.getAttribute('viewBox');
    this.centre = [this.centre[0] + dx * P, this.centre[1] - dy * P];
    this.applyViewBox();
    return this.svg.getAttribute('viewBox') !== before;
  }

  resetView() {
    this.zoom = 0;
    this.centre = [SIZE / 2, SIZE / 2];
    this.applyViewBox();
  }

  /** Centres the view on a square (when zoomed in), e.g. to follow the ship to move. */
  follow([x, y]) {
    if (this.zoom === 0) return;
    const w = (SIZE + 2 * this.rim) / ZOOMS[this.zoom];
    const [px, py] = [cx(x), cy(y)];
    const [ox, oy] = this.centre;
    // Only when the square is near the edge of the view or outside it.
    if (Math.abs(px - ox) > w * 0.32 || Math.abs(py - oy) > w * 0.32) {
      this.centre = [px, py];
      this.applyViewBox();
    }
  }

  /* ---------- Showing a position ---------- */

  /**
   * Shows a state.
   * @param {object} state the API's state
   * @param {{targets?: Array<object>, toMove?: number|null, flash?: number[], splash?: number[]}} [opts]
   *   targets: the legal moves' info objects of the ship to move (clickable);
   *   toMove: the seat whose ship is ringed; flash: seats that were just hit;
   *   splash: seats that just sank.
   */
  update(state, opts = {}) {
    const { targets = [], toMove = null, flash = [], splash = [] } = opts;
    this.lastOpts = { targets, toMove };
    const previous = this.state;
    this.state = state;
    const key = `${this.mode}|${(state.island_squares || []).join(',')}`;
    if (key !== this.islandKey) {
      this.islandKey = key;
      this.landLayer.replaceChildren(drawIsland(state.island_squares || [], this.mode), drawHarbours(state.harbours, this.mode));
    }

    // Wakes: the squares each ship's bow has just left, while it keeps sailing on.
    this.wakeLayer.replaceChildren();
    state.ships.forEach((ship, seat) => {
      const trail = this.trails[seat];
      const prev = previous && previous.ships[seat];
      const moved = prev && (prev.bow_xy[0] !== ship.bow_xy[0] || prev.bow_xy[1] !== ship.bow_xy[1]);
      if (prev && moved && !ship.sunk && prev.bow_xy[0] === ship.stern_xy[0] && prev.bow_xy[1] === ship.stern_xy[1]) {
        trail.push(prev.stern_xy);
        if (trail.length > 4) trail.shift();
      } else if (!prev || moved || ship.sunk) {
        trail.length = 0;
      }
      if (!ship.sunk && trail.length) {
        const pts = [...trail, ship.stern_xy];
        let d = `M ${cx(pts[0][0])} ${cy(pts[0][1])}`;
        for (const p of pts.slice(1)) d += ` L ${cx(p[0])} ${cy(p[1])}`;
        this.wakeLayer.append(s('path', { class: 'wake', d, 'stroke-width': 7 }));
      }
    });

    // The ships: afloat ones at their squares; a sunk one as a faint wreck.
    state.ships.forEach((ship, seat) => {
      const el = this.ships[seat];
      const [sx, sy] = ship.stern_xy;
      const [bx, by] = ship.bow_xy;
      const x = (cx(sx) + cx(bx)) / 2;
      const y = (cy(sy) + cy(by)) / 2;
      // The heading as an angle, turned the short way from the last one.
      const target = 45 * ship.heading_index;
      let angle = target;
      const before = this.angles[seat];
      if (before !== null) {
        const delta = ((((target - before) % 360) + 540) % 360) - 180;
        angle = before + delta;
      }
      this.angles[seat] = angle;
      el.g.style.transform = `translate(${x}px, ${y}px) rotate(${angle}deg)`;
      el.g.classList.toggle('wreck', !!ship.sunk);
      el.g.classList.toggle('to-move', toMove === seat && !ship.sunk);
      el.pips.forEach((pip, i) => pip.classList.toggle('hit', i < ship.hits));
      const status = ship.sunk ? 'sunk' : `${ship.stern}–${ship.bow}, heading ${ship.heading}`;
      el.title.textContent = `${SHIP_NAMES[seat]}: ${status}; ${ship.hits} of 7 hits`;
      el.g.setAttribute('aria-label', el.title.textContent);
      el.g.setAttribute('role', 'img');
      if (flash.includes(seat) && !ship.sunk) {
        el.g.classList.remove('flash');
        void el.g.getBBox();
        el.g.classList.add('flash');
      }
    });

    this.fxLayer.replaceChildren();
    for (const seat of splash) {
      const ship = state.ships[seat];
      const where = ship.fate === 'aground' && ship.aground_xy ? targetCentre(ship.aground_xy) : [cx(ship.bow_xy[0]), cy(ship.bow_xy[1])];
      const g = s('g', { class: 'splash' });
      for (const delay of [0, 180, 360]) g.append(s('circle', { cx: where[0], cy: where[1], r: 8, style: `animation-delay:${delay}ms` }));
      this.fxLayer.append(g);
    }

    this.drawTargets(targets, toMove);
    if (this.svg.classList.contains('still')) {
      requestAnimationFrame(() => requestAnimationFrame(() => this.svg.classList.remove('still')));
    }
  }

  /** The legal moves of the ship to move: a marker on each target square, with its key. */
  drawTargets(targets, seat) {
    this.targetLayer.replaceChildren();
    this.courseLayer.replaceChildren();
    this.targetEls = [];
    if (!targets || !targets.length || seat === null || seat === undefined || !this.state) return;
    const ship = this.state.ships[seat];
    const keys = TURN_KEYS[seat];
    for (const t of targets) {
      if (!t || !t.to_xy) continue;
      const kind = t.aground ? 'rock' : t.hits > 0 ? 'fire' : 'sea';
      const [tx, ty] = targetCentre(t.to_xy);
      this.courseLayer.append(s('line', { class: `course ${kind}`, x1: cx(ship.bow_xy[0]), y1: cy(ship.bow_xy[1]), x2: tx, y2: ty }));
      const where = t.to || (t.aground === 'edge' ? 'the coast' : 'land');
      const what = t.aground ? `runs aground on ${t.aground === 'island' ? 'the island' : 'the coast'}` : t.hits ? `${t.hits} hit${t.hits > 1 ? 's' : ''} on ${SHIP_NAMES[1 - seat]}` : 'open water';
      const g = s('g', {
        class: `target ${kind}`,
        'data-turn': t.turn,
        'data-square': t.to || '',
        role: 'button',
        tabindex: this.interactive ? '0' : undefined,
        'aria-label': `${SHIP_NAMES[seat]} ${TURN_WORDS[t.turn] || t.turn} to ${where} (${keys[t.turn]}): ${what}`,
      });
      g.append(
        // The whole square answers a click, and a little around it, so that a finger on a phone finds
        // a 44 px target; a target on the coast, its ring (the coordinates are beyond it).
        onBoard(t.to_xy) ? s('rect', { class: 'hit', x: tx - 50, y: ty - 50, width: 100, height: 100, fill: 'transparent' }) : s('circle', { class: 'hit', cx: tx, cy: ty, r: 42, fill: 'transparent' }),
        ...(onBoard(t.to_xy) ? [s('circle', { class: 'hit', cx: tx, cy: ty, r: 62, fill: 'transparent' })] : []),
        s('circle', { class: 'ring', cx: tx, cy: ty, r: 40 }),
        s('circle', { class: 'dot', cx: tx, cy: ty, r: 31 }),
        text({ class: 'key', x: tx, y: ty + 1 }, keys[t.turn] || t.turn),
      );
      if (kind === 'fire') {
        g.append(s('circle', { class: 'badge', cx: tx + 27, cy: ty - 27, r: 15 }), text({ class: 'badge-text', x: tx + 27, y: ty - 26 }, `${t.hits}`));
      } else if (kind === 'rock') {
        g.append(s('path', { class: 'rock-mark', d: `M ${tx + 14} ${ty - 18} l 12 -20 l 8 7 l 8 13 Z` }));
      }
      const title = s('title');
      title.textContent = g.getAttribute('aria-label');
      g.append(title);
      this.targetLayer.append(g);
      this.targetEls.push(g);
    }
  }

  /** A short shake of a ship: "not there". */
  shakeShip(seat) {
    const ship = this.ships[seat];
    if (ship) shakeElement(ship.hull);
  }

  /** Puts keyboard focus on the first target (Tab does the rest). */
  focusTargets() {
    if (this.targetEls && this.targetEls.length) this.targetEls[0].focus({ preventScroll: true });
  }

  wire() {
    const targetOf = (e) => (e.target.closest ? e.target.closest('.target') : null);
    this.svg.addEventListener('click', (e) => {
      const t = targetOf(e);
      if (t && this.onPlay) this.onPlay(t.dataset.turn);
      else if (!t && this.onMiss) this.onMiss();
    });
    this.svg.addEventListener('keydown', (e) => {
      const t = targetOf(e);
      if (!t || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        if (this.onPlay) this.onPlay(t.dataset.turn);
      }
    });
    this.svg.addEventListener('focusin', (e) => {
      const t = targetOf(e);
      if (t && t.matches(':focus-visible')) t.classList.add('kbd-focus');
    });
    this.svg.addEventListener('focusout', (e) => {
      const t = targetOf(e);
      if (t) t.classList.remove('kbd-focus');
    });
  }
}

/* ---------- Still drawings ---------- */

/** A still drawing of a state (home card, rules diagrams). */
export function drawBoard(state, { targets = [], toMove = null, mode = 'chart', labels = true, label, focus = null } = {}) {
  const view = new BoardView({ mode, labels, label: label || 'Piracy sea chart' });
  view.update(state, { targets, toMove });
  if (focus) {
    // A close-up: `focus.at` (a square name) in the middle, `focus.zoom` steps in.
    const xy = squareXY(focus.at);
    view.zoom = Math.min(ZOOMS.length - 1, Math.max(0, focus.zoom || 1));
    if (xy) view.centre = [cx(xy[0]), cy(xy[1])];
    view.applyViewBox();
  }
  return view.svg;
}

/** The home page card: the start position on the drawn chart. */
export function drawStart(state) {
  return drawBoard(state, { labels: false, label: 'Piracy: Cook and Silver at the start, the island between them' });
}

/** A small swatch for a ship (index 0 Cook, 1 Silver): a hull in its colours. */
export function swatch(side) {
  const seat = side === 1 || side === 'silver' || side === 'Silver' ? 1 : 0;
  const svg = s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', class: 'pz-swatch' });
  svg.append(
    s('path', {
      d: 'M 8 0.8 C 11 3.5 12.4 6 12.4 8.5 L 12.2 12.8 Q 12 15.2 8 15.2 Q 4 15.2 3.8 12.8 L 3.6 8.5 C 3.6 6 5 3.5 8 0.8 Z',
      fill: seat === 0 ? 'var(--cook-hull)' : 'var(--silver-hull)',
      stroke: seat === 0 ? 'var(--cook-edge)' : 'var(--silver-edge)',
      'stroke-width': 1.4,
    }),
    seat === 0
      ? s('path', { d: 'M 6 11 L 10 11 M 8 9 L 8 13', stroke: 'var(--cook-mark)', 'stroke-width': 1.6, 'stroke-linecap': 'round' })
      : s('circle', { cx: 8, cy: 11, r: 2.2, fill: 'var(--silver-mark)' }),
  );
  return svg;
}
