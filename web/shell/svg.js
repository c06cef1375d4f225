// Small helpers every board drawing needs: making SVG elements (the one
// place they are made) and the two cell behaviours all boards share (a shake
// for a refused pick, one keyboard-focusable cell at a time). A board's
// stylesheet is loaded through stylesheet.js.

const NS = 'http://www.w3.org/2000/svg';

/**
 * An SVG element with its attributes and children. Attributes that are
 * undefined, null or false are left out, so callers can write conditions
 * inline; falsy children are skipped likewise.
 */
export function svgEl(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) setAttr(el, k, v);
  for (const c of children) if (c) el.append(c);
  return el;
}

/**
 * Sets one attribute of an HTML or SVG element; `style` through the CSSOM,
 * since the portal's Content Security Policy refuses style attributes.
 */
export function setAttr(el, k, v) {
  if (k === 'style') el.style.cssText = v;
  else el.setAttribute(k, v);
}

/** An SVG text element with its attributes and content. */
export function svgText(attrs, content) {
  const t = svgEl('text', attrs);
  t.textContent = content;
  return t;
}


/** A short shake of a cell's group: the board's way of saying "not that one". */
export function shakeElement(g) {
  g.classList.remove('shake');
  void g.getBBox(); // restart the animation if it is still running
  g.classList.add('shake');
  setTimeout(() => g.classList.remove('shake'), 300);
}

/**
 * Makes the cell `name` the one that Tab reaches and gives it focus (a
 * roving tabindex); `cells` yields `{ name, g }`. With `keyboard`, the cell
 * also shows the keyboard focus ring.
 */
export function focusRovingCell(cells, name, keyboard) {
  let target = null;
  for (const cell of cells) {
    const here = cell.name === name;
    cell.g.setAttribute('tabindex', here ? '0' : '-1');
    cell.g.classList.toggle('kbd-focus', keyboard && here);
    if (here) target = cell;
  }
  target?.g.focus({ preventScroll: true });
}

/**
 * What every board made of cells shares: a shake for a cell that cannot be
 * played, and the one keyboard-focusable cell. A board extends it and gives
 * `cellAt(name)` (a cell with its group `g`) and `cellList()` (every cell's
 * `{name, g}`).
 */
export class CellBoard {
  /** A short shake of the cell `name`: "not that one". */
  shake(name) {
    const cell = this.cellAt(name);
    if (cell) shakeElement(cell.g);
  }

  /** Gives the cell `name` the keyboard focus (with its ring when `keyboard`). */
  focusCell(name, { keyboard = true } = {}) {
    if (!this.cellAt(name)) return;
    this.focusName = name;
    focusRovingCell(this.cellList(), name, keyboard);
  }
}
