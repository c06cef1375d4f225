// The move list of a play page: a card with an ordered list (an ARIA live
// region, so a screen reader hears each move) laid out in numbered rows of
// two, the first seat's move and the answer. It grows by the moves played
// since it was drawn, keeps the newest move in view while the list is
// scrolled to its end, and is drawn anew when the history changed otherwise
// (an undo, another match).
import { h } from './shell.js';

/**
 * Makes the move list card.
 * @param {object} [o]
 * @param {string} [o.title='Moves']  the card's heading
 * @param {string} [o.className]  extra classes of the card
 * @returns {{card: HTMLElement, list: HTMLOListElement, render: Function, reset: Function, mark: Function}}
 */
export function createMoveList({ title = 'Moves', className = '' } = {}) {
  const list = h('ol', { class: 'move-list', id: 'move-list', 'aria-live': 'polite', 'aria-label': 'Moves' });
  const card = h('section', { class: `card moves-card ${className}`.trim() }, h('h2', {}, title), list);
  let shown = { id: null, moves: [] }; // what the list holds now
  let pinned = true; // keep the newest move in view while the list is scrolled to its end
  let holdScroll = false; // a marked move (a replay's) is kept in view instead
  list.addEventListener('scroll', () => {
    list.classList.toggle('scrolled', list.scrollTop > 0);
    pinned = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  }, { passive: true });
  // The card changes height as the cards above it grow and shrink.
  new ResizeObserver(() => {
    if (pinned && !holdScroll) list.scrollTop = list.scrollHeight;
  }).observe(list);

  /** The row a move in `column` goes to: the open row, or a new numbered one (with a gap for a second-column move). */
  function rowFor(column, wide) {
    const last = list.lastElementChild;
    if (!wide && column === 1 && last && last.classList.contains('mv-row') && !last.classList.contains('full')) return last;
    const number = wide ? '' : `${list.querySelectorAll('.mv-row:not(.wide-row)').length + 1}.`;
    const row = h('li', { class: `mv-row${wide ? ' wide-row' : ''}` }, h('span', { class: 'mv-num', 'aria-hidden': 'true' }, number), h('ol', { class: 'mv-pair' }));
    list.append(row);
    if (!wide && column === 1) row.lastChild.append(h('li', { class: 'mv mv-gap', 'aria-hidden': 'true' }, '…'));
    return row;
  }

  /**
   * Shows the history of `view`: `entry(i)` makes move i's list item as
   * `{node, column, wide}` (column 0 opens a row, 1 closes it; a wide entry,
   * such as Warp & Weft's seat swap, has a row of its own). `empty` is the
   * sentence for a match with no moves yet.
   */
  function render(view, entry, empty) {
    const moves = view.history.map((x) => x.move);
    const grows = shown.id === view.id && shown.moves.length <= moves.length && shown.moves.every((m, i) => m === moves[i]);
    if (!grows || !shown.moves.length) list.replaceChildren();
    for (let i = grows ? shown.moves.length : 0; i < moves.length; i++) {
      const { node, column = view.history[i].side, wide = false } = entry(i);
      const row = rowFor(column, wide);
      row.lastChild.append(node);
      if (wide || column === 1) row.classList.add('full');
    }
    shown = { id: view.id, moves };
    if (!moves.length) list.replaceChildren(h('li', { class: 'mv-empty' }, empty));
    mark(moves.length - 1, 'last');
  }

  /** Marks move `index` (`last`: the newest; `current`: a replay's, kept in the middle of the list). */
  function mark(index, kind = 'last') {
    list.querySelectorAll('.mv.last, .mv.current').forEach((x) => x.classList.remove('last', 'current'));
    const items = list.querySelectorAll('.mv:not(.mv-gap)');
    const node = index >= 0 ? items[index] : null;
    if (node) node.classList.add(kind);
    holdScroll = kind === 'current';
    if (node && kind === 'current') {
      // Centre the replayed move in the list, without scrolling the page itself.
      const r = node.getBoundingClientRect();
      const l = list.getBoundingClientRect();
      list.scrollTop += r.top - l.top - (l.height - r.height) / 2;
    } else {
      list.scrollTop = list.scrollHeight;
      pinned = true;
    }
    list.classList.toggle('scrolled', list.scrollTop > 0);
  }

  /** Forgets what is drawn, so that the next render draws every move again (their words changed). */
  function reset() {
    shown = { id: null, moves: [] };
  }

  return { card, list, render, reset, mark };
}
