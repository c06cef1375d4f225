// Leeward: draws a position as inline SVG. The same code draws the home
// page card, the rules diagrams and the play page's live board.
//
// A position is the API's `state` object (crates/games/src/leeward/view.rs):
// `pieces` [{square, file, rank, kind, owner}], `wind` ("N" "E" "S" "W"),
// `wind_name`, `wind_degrees`, `turns` {left, right, reverse}, `to_move`
// ("ink" / "paper"), `homes` {ink, paper}, `captured` [{kind, owner}],
// `calm`, `calm_limit`.
//
// Every piece is drawn in the frame of the wind: its shape is turned so that
// it points the way the wind lets it go. In that frame (wind blowing "up"):
// the Sail is a triangle pointing downwind, the Oar a chevron pointing upwind,
// the Kite a lozenge lying crosswind, the Lamp a ringed disc.

import { svgEl, CellBoard } from '/static/shell/svg.js';
import { useStylesheet } from '/static/shell/stylesheet.js';

await useStylesheet(import.meta.resolve('./board.css'));

/** Geometry, in SVG user units: square pitch, margin round the board, frame padding. */
const P = 100;
const M = 38;
const PAD = 8;
const N = 7;

export const KINDS = ['lamp', 'sail', 'kite', 'oar'];
export const WINDS = ['N', 'E', 'S', 'W'];
const WIND_NAMES = { N: 'north', E: 'east', S: 'south', W: 'west' };
const STEP = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };

/* ---------- Names and small helpers (for diagrams, replays and the page) ---------- */

export const sideName = (owner) => (owner === 'ink' ? 'Ink' : 'Paper');
export const otherSide = (owner) => (owner === 'ink' ? 'paper' : 'ink');
export const kindName = (kind) => kind.charAt(0).toUpperCase() + kind.slice(1);
export const windName = (w) => WIND_NAMES[w] || '';
export const windDegrees = (w) => WINDS.indexOf(w) * 90;

/** "d4" for file 3, rank 3 (both from 0). */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

/** [file, rank] of "d4" (from 0); null when it is not a square of the board. */
export function parseSquare(name) {
  const m = /^([a-g])([1-7])$/i.exec(String(name || '').trim());
  if (!m) return null;
  return [m[1].toLowerCase().charCodeAt(0) - 97, Number(m[2]) - 1];
}

/** Reads the notation `c1c6/N` or `b1xb3/W`. */
export function parseMove(text) {
  const m = /^([a-g][1-7])(x?)([a-g][1-7])\/([NESW])$/i.exec(String(text || '').trim());
  if (!m) return null;
  return { from: m[1].toLowerCase(), to: m[3].toLowerCase(), capture: !!m[2], wind: m[4].toUpperCase() };
}

/** The wind blowing the other way (for the words about a wind). */
export const oppositeWind = (wind) => WINDS[(WINDS.indexOf(wind) + 2) % 4];

/** The piece on a square of a state, or null. */
export function pieceAt(state, name) {
  return state.pieces.find((p) => p.square === name) || null;
}

/* Style: board.css, loaded above. */



/* ---------- SVG helpers ---------- */

const s = svgEl;

/** The outline of each kind, drawn round (0, 0) with the wind blowing up. */
const SHAPES = {
  sail: { d: 'M0 -37 L31 25 L-31 25 Z', inner: 'M0 -21 L18 15 L-18 15 Z' },
  kite: { d: 'M-39 0 L0 -22 L39 0 L0 22 Z', inner: 'M-23 0 L0 -12 L23 0 L0 12 Z' },
  oar: { d: 'M-33 -25 L0 1 L33 -25 L33 -3 L0 26 L-33 -3 Z', inner: 'M-25 -12 L0 8 L25 -12' },
};

/** The drawing of one piece, centred on (0, 0), turned by `angle` degrees. */
function pieceShape(kind, angle = 0) {
  const rot = s('g', { class: 'rot' });
  rot.style.transform = `rotate(${angle}deg)`;
  if (kind === 'lamp') {
    rot.append(
      s('circle', { class: 'ring', r: 34 }),
      s('circle', { class: 'body', r: 21 }),
      s('circle', { class: 'inner', r: 11 }),
    );
  } else {
    const sh = SHAPES[kind];
    rot.append(s('path', { class: 'body', d: sh.d }), s('path', { class: 'inner', d: sh.inner }));
  }
  return rot;
}

/** A small icon of a piece (upright: the wind blowing north), `size` px square. */
export function pieceIcon(kind, owner, { size = 18, wind = 'N', title } = {}) {
  const svg = s('svg', { viewBox: '-46 -46 92 92', width: size, height: size, class: `lw-icon ${owner} ${kind}`, 'aria-hidden': title ? null : 'true', role: title ? 'img' : null });
  if (title) svg.setAttribute('aria-label', title);
  svg.append(pieceShape(kind, windDegrees(wind)));
  return svg;
}

/** A small arrow pointing the way a wind blows, in the current text colour (`flip`: as on a board turned round). */
export function windArrow(wind, { size = 16, className = '', flip = false } = {}) {
  const svg = s('svg', { viewBox: '-12 -12 24 24', width: size, height: size, 'aria-hidden': 'true', class: `lw-arrow ${className}`.trim() });
  const g = s('g', { transform: `rotate(${windDegrees(wind) + (flip ? 180 : 0)})` });
  g.append(s('path', { d: 'M0 -9 L7 0 L2.6 0 L2.6 9 L-2.6 9 L-2.6 0 L-7 0 Z', fill: 'currentColor' }));
  svg.append(g);
  return svg;
}

let instances = 0;

/** The drawn column and row (from the top left, from 0) of a file and rank, on a board turned round or not. */
const place = (file, rank, flip) => (flip ? [N - 1 - file, rank] : [file, N - 1 - rank]);

/* ---------- The board view ---------- */

/**
 * A board that is redrawn in place, so that moves and turns of the wind animate.
 * Options: interactive, labels, label (accessible name), onSquare(name),
 * onWind(wind) (a wind choice clicked), onWindHover(wind|null), onWindKey(key).
 */
export class BoardView extends CellBoard {
  constructor({ interactive = false, labels = true, flip = false, label = 'Leeward board', onSquare, onWind, onWindHover, onWindSelect } = {}) {
    super();
    this.interactive = interactive;
    this.labels = labels;
    this.flip = flip; // turned round: Paper's side (rank 7) at the bottom
    this.label = label;
    this.onSquare = onSquare;
    this.onWind = onWind;
    this.onWindHover = onWindHover;
    this.onWindSelect = onWindSelect;
    this.id = `lw${++instances}`;
    this.pieces = []; // [{el, square, kind, owner}]
    this.angle = null; // the pieces' turn, in degrees, kept continuous so it turns the short way
    this.focusName = null;
    this.opts = {};
    this.build(label);
  }

  /** The centre of a square in SVG units, where this board draws it. */
  center(name) {
    const [f, r] = parseSquare(name);
    const [col, row] = place(f, r, this.flip);
    return [M + col * P + P / 2, M + row * P + P / 2];
  }

  /** The screen angle of a wind: its compass angle, turned round with the board. */
  windAngle(wind) {
    return windDegrees(wind) + (this.flip ? 180 : 0);
  }

  /**
   * Turns the board round (Paper's side at the bottom) or back: the drawing
   * is made again in the new orientation and takes the old one's place.
   */
  setFlip(flip) {
    if (!!flip === this.flip) return;
    this.flip = !!flip;
    const old = this.svg;
    const focused = old.contains(document.activeElement);
    this.pieces = [];
    this.angle = null;
    this.choiceSig = null;
    this.build(this.label);
    old.replaceWith(this.svg);
    if (this.state) this.render(this.state, this.opts);
    if (focused && this.focusName) this.focusCell(this.focusName, { keyboard: false });
  }

  build(label) {
    const svg = s('svg', { class: `lw still${this.interactive ? ' interactive' : ''}${this.flip ? ' flipped' : ''}`, 'data-flip': this.flip ? 'true' : 'false', role: this.interactive ? 'grid' : 'img', 'aria-label': label });
    this.svg = svg;
    if (this.interactive) svg.setAttribute('tabindex', '-1');
    const lo = this.labels ? 0 : M - PAD - 4;
    const size = 2 * M + N * P - 2 * lo;
    svg.setAttribute('viewBox', `${lo} ${lo} ${size} ${size}`);

    const defs = s('defs');
    const clip = s('clipPath', { id: `${this.id}-clip` }, s('rect', { x: M, y: M, width: N * P, height: N * P }));
    defs.append(clip);
    svg.append(defs);
    svg.append(s('rect', { class: 'frame', x: M - PAD, y: M - PAD, width: N * P + 2 * PAD, height: N * P + 2 * PAD, rx: 16 }));

    if (this.labels) {
      const labels = s('g', { 'aria-hidden': 'true' });
      for (let i = 0; i < N; i++) {
        const file = s('text', { class: 'label file-label', x: M + i * P + P / 2, y: M + N * P + PAD + (M - PAD) / 2 });
        file.textContent = String.fromCharCode(97 + (this.flip ? N - 1 - i : i));
        const rank = s('text', { class: 'label rank-label', x: (M - PAD) / 2, y: M + i * P + P / 2 });
        rank.textContent = String(this.flip ? i + 1 : N - i);
        labels.append(file, rank);
      }
      svg.append(labels);
    }

    // The squares, rank 7 at the top (rank 1 when turned round), each its own focusable cell.
    this.cells = new Map();
    const grid = s('g', { role: this.interactive ? 'rowgroup' : null });
    for (let row = 0; row < N; row++) {
      const rank = this.flip ? row : N - 1 - row;
      const rowG = s('g', { role: this.interactive ? 'row' : null });
      for (let col = 0; col < N; col++) {
        const file = this.flip ? N - 1 - col : col;
        const name = squareName(file, rank);
        const x = M + col * P;
        const y = M + row * P;
        const g = s('g', { class: `sq${(file + rank) % 2 === 0 ? ' dark' : ''}`, 'data-square': name, role: this.interactive ? 'gridcell' : null });
        g.style.transformOrigin = `${x + P / 2}px ${y + P / 2}px`;
        g.append(s('rect', { class: 'bg', x, y, width: P, height: P }));
        g.append(s('rect', { class: 'focus-ring', x: x + 4, y: y + 4, width: P - 8, height: P - 8, rx: 10 }));
        rowG.append(g);
        this.cells.set(name, { g, file, rank, name });
      }
      grid.append(rowG);
    }
    svg.append(grid);

    // Faint streaks of wind across the water, turned with the wind.
    const streakWrap = s('g', { 'clip-path': `url(#${this.id}-clip)`, 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.streaks = s('g', { class: 'streaks' });
    this.streaks.style.transformOrigin = `${M + (N * P) / 2}px ${M + (N * P) / 2}px`;
    // Each streak runs along a grid line through a corner of four squares, so it
    // passes between pieces whichever way the wind blows.
    const corners = [[1, 1], [4, 1], [6, 2], [2, 3], [5, 4], [1, 5], [3, 6], [6, 6]];
    for (const [i, j] of corners) {
      const x = M + i * P;
      const y = M + j * P;
      this.streaks.append(s('path', { class: 'streak', d: `M${x} ${y + 34} q -5 -17 0 -34 q 5 -17 0 -34 M${x - 7} ${y - 25} L${x} ${y - 35} L${x + 7} ${y - 25}` }));
    }
    streakWrap.append(this.streaks);
    svg.append(streakWrap);

    this.homeLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.markLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.pieceLayer = s('g', { 'aria-hidden': 'true' });
    this.threatLayer = s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' });
    this.choiceLayer = s('g', { class: 'choices' });
    svg.append(this.homeLayer, this.markLayer, this.pieceLayer, this.threatLayer, this.choiceLayer);

    if (this.interactive) this.wire();
  }

  cellAt(name) {
    return this.cells.get(name) || null;
  }

  /**
   * Draws a position with its marks.
   * @param {object} state  the API's state (or a state changed locally, e.g. a move in the making)
   * @param {object} [o]
   *   wind: the wind to draw the pieces in (default state.wind);
   *   last: {from, to} the last move; movable: squares of pieces that can move;
   *   picked: the picked piece's square; targets: [{square, capture}];
   *   origin: the square a piece left in a move in the making; moved: where it went;
   *   ghost: a square whose piece would be taken (drawn faint);
   *   choices: [{wind, turn, open}] the winds the mover may leave, drawn round `moved`;
   *   selected: the chosen wind; threats: squares of pieces left open; lampOpen;
   *   describe(name) → accessible text of a square.
   */
  render(state, o = {}) {
    this.state = state;
    this.opts = o;
    const wind = o.wind || state.wind;
    this.svg.dataset.wind = wind;
    this.svg.dataset.toMove = state.to_move || '';

    // Squares: their classes and, on the play page, their names for screen readers.
    const movable = new Set(o.movable || []);
    const targets = new Map((o.targets || []).map((t) => [t.square, t]));
    const last = o.last || null;
    for (const cell of this.cells.values()) {
      const { g, name } = cell;
      const dark = (cell.file + cell.rank) % 2 === 0;
      const cls = ['sq'];
      if (dark) cls.push('dark');
      if (last && (last.from === name || last.to === name)) cls.push('last');
      if (movable.has(name)) cls.push('movable');
      if (targets.has(name)) cls.push('target');
      if (o.picked === name) cls.push('picked');
      if (o.origin === name) cls.push('origin');
      if (g.classList.contains('kbd-focus')) cls.push('kbd-focus');
      if (g.classList.contains('shake')) cls.push('shake');
      g.setAttribute('class', cls.join(' '));
      if (this.interactive) {
        g.setAttribute('aria-label', o.describe ? o.describe(name) : name);
        g.setAttribute('aria-selected', o.picked === name ? 'true' : 'false');
      }
    }

    // Home squares, ringed in their owner's manner.
    this.homeLayer.replaceChildren();
    for (const owner of ['ink', 'paper']) {
      const home = (state.homes && state.homes[owner]) || (owner === 'ink' ? 'd1' : 'd7');
      const [x, y] = this.center(home);
      const g = s('g', { class: `home ${owner}`, 'data-home': owner });
      g.append(s('circle', { class: 'home-ring', cx: x, cy: y, r: 41 }));
      // Four ticks, like the points of a compass, so the ring is never taken for a piece.
      for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
        g.append(s('line', { class: 'home-tick', x1: x + dx * 41, y1: y + dy * 41, x2: x + dx * 47, y2: y + dy * 47 }));
      }
      this.homeLayer.append(g);
    }

    // The streaks and the pieces turn with the wind, the short way round.
    const target = this.windAngle(wind);
    if (this.angle === null) this.angle = target;
    else {
      const d = (((target - this.angle) % 360) + 540) % 360 - 180;
      this.angle += d === -180 ? 180 : d;
    }
    this.streaks.style.transform = `rotate(${this.angle}deg)`;

    this.placePieces(state.pieces, o.ghost ? [o.ghost] : []);

    // Marks: the picked piece, its squares, the square it left.
    this.markLayer.replaceChildren();
    if (o.picked) {
      const [x, y] = this.center(o.picked);
      this.markLayer.append(s('rect', { class: 'pick-ring', x: x - P / 2 + 3, y: y - P / 2 + 3, width: P - 6, height: P - 6, rx: 8 }));
    }
    if (o.origin) {
      const [x, y] = this.center(o.origin);
      this.markLayer.append(s('rect', { class: 'origin-mark', x: x - P / 2 + 8, y: y - P / 2 + 8, width: P - 16, height: P - 16, rx: 10 }));
    }
    for (const t of targets.values()) {
      const [x, y] = this.center(t.square);
      this.markLayer.append(t.capture
        ? s('circle', { class: 'cap-ring', cx: x, cy: y, r: 44 })
        : s('circle', { class: 'dot', cx: x, cy: y, r: 14 }));
    }

    this.drawThreats(o.threats || [], o.lampSquare || null);
    this.drawChoices(o.moved || null, o.choices || [], o.selected || null);

    if (this.interactive) {
      const focusInside = this.svg.contains(document.activeElement);
      if (!focusInside || !this.focusName || !this.cellAt(this.focusName)) {
        this.focusName = o.picked || (o.movable && o.movable[0]) || this.focusName || 'd1';
      }
      for (const cell of this.cells.values()) cell.g.setAttribute('tabindex', cell.name === this.focusName ? '0' : '-1');
    }

    if (this.svg.classList.contains('still')) {
      requestAnimationFrame(() => requestAnimationFrame(() => this.svg.classList.remove('still')));
    }
  }

  /** Matches the pieces to draw with those on the board, so each moves rather than jumps. */
  placePieces(list, ghosts) {
    const old = this.pieces.map((p) => ({ ...p, used: false }));
    const next = [];
    const pending = [];
    for (const p of list) {
      const same = old.find((q) => !q.used && q.square === p.square && q.kind === p.kind && q.owner === p.owner);
      if (same) {
        same.used = true;
        next.push({ ...same, piece: p });
      } else pending.push(p);
    }
    const dist = (a, b) => {
      const [fa, ra] = parseSquare(a);
      const [fb, rb] = parseSquare(b);
      return Math.hypot(fa - fb, ra - rb);
    };
    const moved = [];
    for (const p of pending) {
      let best = null;
      for (const q of old) {
        if (q.used || q.kind !== p.kind || q.owner !== p.owner) continue;
        if (!best || dist(q.square, p.square) < dist(best.square, p.square)) best = q;
      }
      if (best) {
        best.used = true;
        next.push({ ...best, piece: p });
        moved.push(best.el);
      } else {
        const el = s('g', { class: `piece ${p.owner} ${p.kind} fresh` });
        el.append(s('g', { class: 'shade' }, pieceShape(p.kind, this.angle)));
        next.push({ el, piece: p, fresh: true });
      }
    }
    for (const q of old) {
      if (q.used) continue;
      q.el.classList.add('gone');
      setTimeout(() => q.el.remove(), 180);
    }
    this.pieces = next.map(({ el, piece }) => ({ el, square: piece.square, kind: piece.kind, owner: piece.owner }));
    for (const { el, piece, fresh } of next) {
      const [x, y] = this.center(piece.square);
      el.style.transform = `translate(${x}px, ${y}px)`;
      el.dataset.square = piece.square;
      el.classList.toggle('ghost', ghosts.includes(piece.square));
      const rot = el.querySelector('.rot');
      if (rot) rot.style.transform = `rotate(${piece.kind === 'lamp' ? 0 : this.angle}deg)`;
      if (fresh) {
        this.pieceLayer.append(el);
        setTimeout(() => el.classList.remove('fresh'), 200);
      }
    }
    // A piece in motion passes over the others.
    for (const el of moved) this.pieceLayer.append(el);
  }

  drawThreats(squares, lampSquare) {
    this.threatLayer.replaceChildren();
    for (const sq of squares) {
      const [x, y] = this.center(sq);
      const lamp = sq === lampSquare;
      const g = s('g', { class: `threat${lamp ? ' lamp' : ''}`, 'data-square': sq });
      g.append(
        s('circle', { class: 'halo', cx: x, cy: y, r: 43 }),
        s('circle', { class: 'badge', cx: x + 33, cy: y - 33, r: 14 }),
      );
      const t = s('text', { class: 'bang', x: x + 33, y: y - 32 });
      t.textContent = '!';
      g.append(t);
      this.threatLayer.append(g);
    }
  }

  /** The three winds on offer, as buttons on the edges of the square just moved to. */
  drawChoices(at, choices, selected) {
    const sig = at && choices.length ? `${at}:${choices.map((c) => `${c.wind}${(c.open || []).length}`).join(',')}` : '';
    if (sig && sig === this.choiceSig) {
      for (const g of this.choiceLayer.querySelectorAll('.wind-choice')) g.classList.toggle('selected', g.dataset.wind === selected);
      return;
    }
    this.choiceSig = sig;
    this.hoverWind = null; // the old buttons are gone, and the pointer with them
    this.choiceLayer.replaceChildren();
    if (!at || !choices.length) return;
    const [x, y] = this.center(at);
    // At least 44 CSS px across, however small the board is drawn (a phone),
    // and far enough apart that two neighbours never overlap.
    const scale = this.svg.getBoundingClientRect().width / this.svg.viewBox.baseVal.width || 1;
    const hit = Math.max(23, 23 / scale);
    const r = Math.max(23, Math.min(hit, 36));
    const away = Math.max(P / 2 + 2, hit * 1.45);
    const turn = this.flip ? -1 : 1;
    for (const c of choices) {
      const [dx, dy] = STEP[c.wind];
      const bx = x + turn * dx * away;
      const by = y - turn * dy * away;
      const g = s('g', {
        class: `wind-choice${selected === c.wind ? ' selected' : ''}`,
        'data-wind': c.wind,
        role: this.interactive ? 'button' : null,
        tabindex: this.interactive ? '-1' : null,
        'aria-label': this.interactive ? `Leave the wind blowing ${windName(c.wind)} (${c.turn === 'reverse' ? 'reverse it' : `veer ${c.turn}`})` : null,
      });
      g.append(s('circle', { class: 'hit', cx: bx, cy: by, r: hit }));
      g.append(s('circle', { class: 'btn-bg', cx: bx, cy: by, r }));
      const arrow = s('path', { class: 'arrow', d: 'M0 -14 L11 1 L4 1 L4 13 L-4 13 L-4 1 L-11 1 Z', transform: `translate(${bx} ${by}) rotate(${this.windAngle(c.wind)}) scale(${r / 23})` });
      g.append(arrow);
      const n = (c.open || []).length;
      if (n) {
        // How many pieces this wind leaves open, on a small red badge.
        const rx = bx + r * 0.78;
        const ry = by - r * 0.78;
        g.append(s('circle', { class: 'risk', cx: rx, cy: ry, r: 11 }));
        const t = s('text', { class: 'risk-n', x: rx, y: ry + 0.5 });
        t.textContent = String(n);
        g.append(t);
      }
      this.choiceLayer.append(g);
    }
  }

  /** Marks (or unmarks) pieces left open, while a wind choice is pointed at. */
  showThreats(squares, lampSquare) {
    this.drawThreats(squares || [], lampSquare || null);
  }

  /** Every cell's name and group, for the keyboard focus (CellBoard). */
  cellList() {
    return [...this.cells.values()];
  }

  wire() {
    const cellOf = (e) => {
      const g = e.target.closest && e.target.closest('.sq');
      return g ? this.cellAt(g.dataset.square) : null;
    };
    const choiceOf = (e) => {
      const g = e.target.closest && e.target.closest('.wind-choice');
      return g ? g.dataset.wind : null;
    };
    this.svg.addEventListener('pointerdown', (e) => {
      this.lastPointer = e.pointerType;
      for (const x of this.cells.values()) x.g.classList.remove('kbd-focus');
    });
    this.svg.addEventListener('click', (e) => {
      const wind = choiceOf(e);
      if (wind) {
        // On a touch screen the first tap only shows what the wind would leave open.
        if (this.lastPointer === 'touch' && this.opts.selected !== wind) {
          this.onWindSelect && this.onWindSelect(wind);
          return;
        }
        this.onWind && this.onWind(wind);
        return;
      }
      const cell = cellOf(e);
      if (!cell) return;
      this.focusName = cell.name;
      this.onSquare && this.onSquare(cell.name);
    });
    this.svg.addEventListener('pointerover', (e) => {
      if (e.pointerType === 'touch') return;
      const wind = choiceOf(e);
      if (wind && this.hoverWind !== wind) {
        this.hoverWind = wind;
        this.onWindHover && this.onWindHover(wind);
      }
    });
    this.svg.addEventListener('pointerout', (e) => {
      if (e.pointerType === 'touch') return;
      const from = choiceOf(e);
      const to = e.relatedTarget && e.relatedTarget.closest ? e.relatedTarget.closest('.wind-choice') : null;
      if (from && (!to || to.dataset.wind !== from)) {
        this.hoverWind = null;
        this.onWindHover && this.onWindHover(null);
      }
    });
    this.svg.addEventListener('focusin', (e) => {
      const cell = cellOf(e);
      if (!cell) return;
      this.focusName = cell.name;
      if (cell.g.matches(':focus-visible')) cell.g.classList.add('kbd-focus');
    });
    this.svg.addEventListener('focusout', (e) => {
      const cell = cellOf(e);
      if (cell) cell.g.classList.remove('kbd-focus');
    });
    this.svg.addEventListener('keydown', (e) => {
      const cell = cellOf(e);
      if (!cell || e.ctrlKey || e.metaKey || e.altKey) return;
      // While a wind is being chosen the page's own keys take the arrows and Enter.
      if (this.opts.choices && this.opts.choices.length) return;
      // The arrows move on the screen: turned round, up is towards rank 1.
      const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
      if (steps[e.key]) {
        e.preventDefault();
        const [df, dr] = steps[e.key].map((d) => (this.flip ? -d : d));
        const f = Math.min(N - 1, Math.max(0, cell.file + df));
        const r = Math.min(N - 1, Math.max(0, cell.rank + dr));
        this.focusCell(squareName(f, r));
      } else if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        this.focusCell(squareName((e.key === 'Home') !== this.flip ? 0 : N - 1, cell.rank));
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.onSquare && this.onSquare(cell.name);
      }
    });
  }
}

/** A still drawing of a state (home card, rules diagrams), with optional marks. */
export function drawBoard(state, opts = {}) {
  const { labels = true, label } = opts;
  const view = new BoardView({ labels, label: label || 'Leeward board' });
  view.render(state, opts);
  return view.svg;
}

/** The drawing for the home page's card: the start position. */
export function drawStart(state) {
  return drawBoard(state, { labels: false, label: 'Leeward: the start position, the wind blowing east' });
}

/** A small mark for a side (index 0 Ink, 1 Paper): a ringed disc in its colours. */
export function swatch(side) {
  const owner = side === 0 || side === 'ink' || side === 'Ink' ? 'ink' : 'paper';
  const svg = pieceIcon('lamp', owner, { size: 16 });
  svg.classList.add('lw-swatch');
  return svg;
}
