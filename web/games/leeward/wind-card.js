// Leeward's wind card, in the play page's side panel: the wind now on a
// compass rose (turned with the board), what each piece may do in it, and,
// once a move is picked, the three winds the mover may leave with what each
// leaves open (the server's annotations of the legal moves), and the calm count.
import { h } from '/static/shell/shell.js';
import { svgEl, svgText } from '/static/shell/svg.js';
import { windName, windDegrees, oppositeWind, windArrow, kindName, pieceAt, sideName, otherSide } from './board.js';

const TURN_WORDS = { left: 'veer left', right: 'veer right', reverse: 'reverse' };

/** What each piece may do in a wind, in a line. */
export function windSummary(w) {
  const up = windName(oppositeWind(w));
  const across = w === 'N' || w === 'S' ? 'east or west' : 'north or south';
  return `Sails run ${windName(w)}, Oars row ${up}, Kites cross ${across}.`;
}

const listWords = (xs) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** A compass rose with the wind's arrow (and, dashed, a wind being considered); `flip` turns it round with the board. */
function rose(wind, next, flip) {
  const turn = flip ? 180 : 0;
  const svg = svgEl('svg', { viewBox: '-50 -50 100 100', class: 'lw-rose', 'aria-hidden': 'true' },
    svgEl('circle', { r: 44, class: 'rose-ring' }), svgEl('circle', { r: 30, class: 'rose-ring faint' }));
  for (const w of ['N', 'E', 'S', 'W']) {
    const a = ((windDegrees(w) + turn) * Math.PI) / 180;
    const [sx, sy] = [Math.sin(a), -Math.cos(a)];
    svg.append(svgText({ x: 38 * sx, y: 38 * sy, class: 'rose-letter' }, w),
      svgEl('line', { x1: 22 * sx, y1: 22 * sy, x2: 28 * sx, y2: 28 * sy, class: 'rose-tick' }));
  }
  const arrow = (w, cls) => svgEl('g', { class: cls, style: `transform: rotate(${windDegrees(w) + turn}deg)` },
    svgEl('path', { d: 'M0 -27 L10 -9 L3.5 -9 L3.5 24 L-3.5 24 L-3.5 -9 L-10 -9 Z' }));
  if (next && next !== wind) svg.append(arrow(next, 'rose-next'));
  svg.append(arrow(wind, 'rose-arrow'));
  return svg;
}

/** What leaving the wind of move `m` means, in a sentence (`after`: the board with the move played). */
function windNote(m, after, mover) {
  if (!m) return 'Point at a wind to see what it leaves open, or choose one with the arrow keys and press Enter.';
  if (m.info.result === 'win') return m.info.reason || 'This move wins the game.';
  if (m.info.result === 'draw') return m.info.reason || 'This move ends the game in a draw.';
  const open = m.info.open || [];
  if (!open.length) return `Left ${windName(m.wind)}, none of your pieces can be taken at once.`;
  const names = open.map((sq) => {
    const p = pieceAt(after, sq);
    return p ? `${kindName(p.kind)} on ${sq}` : sq;
  });
  return `${m.info.lamp_open ? 'Careful: your Lamp could be taken. ' : ''}Left ${windName(m.wind)}, ${sideName(otherSide(mover))} could take your ${listWords(names)}.`;
}

/**
 * Makes the wind card. `onChoose(wind)` plays the move leaving that wind,
 * `onConsider(wind|null)` is a wind pointed at or focused (null: none).
 */
export function createWindCard({ onChoose, onConsider }) {
  const card = h('section', { class: 'card lw-wind-card', id: 'wind-card', 'aria-label': 'Wind' });
  let sig = null;
  let parts = null; // the parts that change while a wind is considered

  function build(st, choices, flip) {
    const roseBox = h('span', { class: 'rose-box' });
    const sum = h('span', { class: 'wind-sum' });
    const rows = [h('h2', {}, 'Wind'),
      h('div', { class: 'wind-now' }, roseBox, h('div', { class: 'wind-words' }, h('strong', { id: 'wind-now' }, `Blowing ${windName(st.wind)}`), sum))];
    const buttons = new Map();
    let note = null;
    if (choices) {
      for (const t of ['left', 'reverse', 'right']) {
        const m = choices.find((x) => x.info.turn === t);
        if (!m) continue;
        const open = m.info.open || [];
        const risk = m.info.result === 'win' ? h('span', { class: 'risk win' }, 'wins')
          : open.length ? h('span', { class: `risk${m.info.lamp_open ? ' lamp' : ''}` }, m.info.lamp_open ? 'Lamp open' : `${open.length} open`)
            : h('span', { class: 'risk safe' }, 'safe');
        buttons.set(m.wind, h('button', {
          class: 'wind-btn', type: 'button', id: `wind-${m.wind}`, 'data-wind': m.wind,
          onclick: () => onChoose(m.wind),
          onpointerenter: (e) => e.pointerType !== 'touch' && onConsider(m.wind),
          onpointerleave: (e) => e.pointerType !== 'touch' && onConsider(null),
          onfocus: () => onConsider(m.wind),
          onblur: () => onConsider(null),
        }, windArrow(m.wind, { size: 20, flip }), h('span', { class: 'wind-btn-name' }, windName(m.wind)),
        h('span', { class: 'wind-btn-turn' }, h('kbd', {}, t === 'left' ? '←' : t === 'right' ? '→' : '↑↓'), TURN_WORDS[t]), risk));
      }
      note = h('p', { class: 'wind-note', id: 'wind-note', 'aria-live': 'polite' });
      rows.push(h('div', { class: 'wind-choices', role: 'group', 'aria-label': 'The wind you leave' }, ...buttons.values()), note);
    }
    const calm = st.calm ?? 0;
    const limit = st.calm_limit ?? 60;
    rows.push(h('div', { class: 'calm', id: 'calm', title: `${limit} moves in a row without a capture draw the game` },
      h('span', { class: 'calm-label' }, 'Calm'),
      h('span', { class: 'calm-bar', 'aria-hidden': 'true' }, h('span', { style: `width:${Math.min(100, (100 * calm) / limit)}%` })),
      h('span', { class: 'calm-num' }, `${calm} of ${limit} quiet moves`)));
    card.replaceChildren(...rows);
    return { roseBox, sum, buttons, note };
  }

  /**
   * Draws the card for `st` (the position on the board). With `choices` (the
   * legal moves of the picked piece to its square, one a wind), the winds on
   * offer; `selected` is the one chosen with the keys, `considering` the one
   * pointed at or chosen; `after` the board with the move played; `key` says
   * when the card must be built anew; `flip`: the board is turned round, and
   * the card's arrows turn with it.
   */
  function render({ st, key, choices = null, selected = null, considering = null, after = st, flip = false }) {
    if (`${key}|${flip}` !== sig) {
      sig = `${key}|${flip}`;
      parts = build(st, choices, flip);
    }
    parts.roseBox.replaceChildren(rose(st.wind, considering, flip));
    parts.sum.textContent = considering ? `Left ${windName(considering)}: ${windSummary(considering)}` : windSummary(st.wind);
    for (const [wind, btn] of parts.buttons) {
      btn.classList.toggle('selected', selected === wind);
      btn.setAttribute('aria-pressed', selected === wind ? 'true' : 'false');
      btn.classList.toggle('considered', considering === wind);
    }
    if (parts.note) {
      const m = choices && choices.find((c) => c.wind === considering);
      parts.note.textContent = windNote(m, after, st.to_move);
      parts.note.classList.toggle('bad', !!(m && (m.info.open || []).length));
    }
  }

  return { card, render };
}
