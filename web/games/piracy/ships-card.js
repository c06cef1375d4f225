// Piracy's ships card, in the play page's side panel: for each ship its
// player, where it is, its hits (seven sink it), how far it has circled one
// way (eight eighths are a hit) and, once sunk, how.
import { h } from '/static/shell/shell.js';
import { svgEl } from '/static/shell/svg.js';
import { swatch } from './board.js';

/** Eight arcs round a circle, `count` of them lit (clockwise for positive, anticlockwise for negative). */
function circlingIcon(count) {
  const svg = svgEl('svg', { viewBox: '-10 -10 20 20', 'aria-hidden': 'true' });
  const n = Math.abs(count);
  for (let i = 0; i < 8; i++) {
    const a0 = ((i * 45 - 90 + 4) * Math.PI) / 180;
    const a1 = (((i + 1) * 45 - 90 - 4) * Math.PI) / 180;
    const on = count > 0 ? i < n : count < 0 ? i >= 8 - n : false;
    svg.append(svgEl('path', {
      d: `M ${8 * Math.cos(a0)} ${8 * Math.sin(a0)} A 8 8 0 0 1 ${8 * Math.cos(a1)} ${8 * Math.sin(a1)}`,
      fill: 'none', stroke: on ? 'currentColor' : 'var(--line)', 'stroke-width': '3',
    }));
  }
  return svg;
}

function fateText(ship) {
  switch (ship.fate) {
    case 'shot': return 'Sunk by its seventh hit';
    case 'circled': return 'Sunk: a full circle of its own was its seventh hit';
    case 'aground': return ship.aground_at ? `Sunk: ran aground on the island at ${ship.aground_at}` : 'Sunk: ran aground on the coast';
    default: return '';
  }
}

/**
 * Draws the ships card into `card`: each ship's player (`label(seat)`),
 * place, hits, circling and fate, and the survivor's moves still owed.
 */
export function renderShips(card, view, label) {
  const st = view.state;
  const rows = st.ships.map((ship, seat) => {
    const toMove = !view.result && view.side_to_move === seat && !ship.sunk;
    const hits = h('span', { class: 'pz-hits', role: 'img', title: `${ship.hits} of 7 hits`, 'aria-label': `${ship.hits} of 7 hits` },
      ...Array.from({ length: 7 }, (_, i) => h('i', { class: i < ship.hits ? 'on' : '' })));
    const c = ship.circling;
    const circ = h('span', { class: `pz-circ${Math.abs(c) >= 6 ? ' warn' : ''}`, title: 'Circling: eighths of a circle turned one way; at 8 the ship takes a hit' },
      circlingIcon(c), c > 0 ? `${c} right` : c < 0 ? `${-c} left` : 'no circling');
    const row = h('div', {
      class: `pz-ship${toMove ? ' to-move' : ''}${ship.sunk ? ' sunk' : ''}`,
      id: `ship-${ship.name.toLowerCase()}`,
      'data-hits': ship.hits,
      'data-circling': c,
      'data-sunk': String(ship.sunk),
    },
    swatch(seat),
    h('div', { class: 'who' },
      h('span', { class: 'name' }, ship.name, h('span', { class: 'score-dir' }, seat === 0 ? ' · white' : ' · the pirate')),
      h('span', { class: 'player' }, label(seat)),
      h('span', { class: 'where' }, ship.sunk ? 'gone' : `${ship.stern}–${ship.bow} · ${ship.heading}`)),
    h('div', { class: 'gauges' }, hits, circ));
    if (ship.sunk) row.append(h('span', { class: 'fate' }, fateText(ship)));
    else if (st.survivor === ship.name && st.moves_owed !== null) {
      row.append(h('span', { class: 'left-to-go' }, view.result ? 'Made all its moves' : `${st.moves_owed} more move${st.moves_owed === 1 ? '' : 's'} to make`));
    }
    return row;
  });
  card.replaceChildren(...rows);
}
