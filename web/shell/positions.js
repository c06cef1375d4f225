// Positions for pages without a match (rules diagrams): the server plays the
// moves and describes where they lead, with the legal moves and their
// annotations, so that no page holds a rule of its own (docs/api.md,
// "Positions without a match").
import { post } from './api.js';

/**
 * The position `moves` lead to from a start (`position` text, or `options`).
 * With `each`, the reply's `positions` also holds the start and every
 * position along the way.
 */
export function positionsAfter(game, { options = {}, position = null, moves = [], each = false } = {}) {
  return post('/api/positions', { game, options, position, moves, each });
}

/** The annotations the server gave one legal move of a position (null if it is not legal there). */
export function moveInfo(view, move) {
  const found = (view.moves || []).find((m) => m.move === move);
  return found ? found.info : null;
}
