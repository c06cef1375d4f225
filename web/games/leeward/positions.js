// The Leeward positions a play page shows besides the match's own: the board
// after each move of the history (for the pieces' names in the move list and
// the last move in words) and the board with a move in
// the making played. The server works them out (POST /api/positions); this
// module only asks for what it has not asked before and keeps the answers.
import { positionsAfter } from '/static/shell/positions.js';

/**
 * Makes the keeper of one page's positions. `api` is api.js's; `changed()`
 * is called when an answer arrives, so that the page draws again.
 */
export function createPositions(api, changed) {
  let cache = { key: null, states: null };
  // What the server worked out so far for one match: its moves and the positions after them.
  let walked = { id: null, moves: [], steps: [] };
  let landing = { key: null, state: null };

  async function load(v, key) {
    try {
      const moves = v.history.map((x) => x.move);
      // Only the moves played since the last time are asked for (an undo asks again from the start).
      const known = walked.id === v.id && walked.moves.length <= moves.length && walked.moves.every((m, i) => m === moves[i]);
      if (!known) {
        // The match's own start: a set position, or the usual one.
        const start = moves.length ? await api(`/api/matches/${encodeURIComponent(v.id)}/at/0`) : v;
        walked = { id: v.id, moves: [], steps: [{ position: start.position, state: start.state }] };
      }
      const base = walked;
      const fresh = moves.slice(base.moves.length);
      if (fresh.length) {
        const walk = await positionsAfter('leeward', { position: base.steps[base.steps.length - 1].position, moves: fresh, each: true });
        // Another answer came first: start again from what it learned.
        if (walked !== base) return cache.key === key ? load(v, key) : null;
        walked = { id: v.id, moves: [...base.moves, ...fresh], steps: [...base.steps, ...walk.positions.slice(1)] };
      }
      if (cache.key !== key) return null;
      cache.states = walked.steps.slice(0, moves.length + 1).map((x) => x.state);
      changed();
      return cache.states;
    } catch {
      return null; // the moves are listed without their pieces' names
    }
  }

  return {
    /** The states after each move of `v`'s history (index 0: the start), or null until they have arrived. */
    states(v) {
      const key = `${v.id}:${v.history.length}:${v.version}`;
      if (cache.key !== key) {
        cache = { key, states: null };
        load(v, key);
      }
      return cache.states;
    },
    /** `v`'s board with legal move `move` (from → to) played, as the server plays it; null until known. */
    landing(v, move) {
      const key = `${v.id}:${v.version}:${move}`;
      if (landing.key === key) return landing.state;
      landing = { key, state: null };
      positionsAfter('leeward', { position: v.position, moves: [move] })
        .then((after) => {
          if (landing.key !== key) return;
          landing = { key, state: { ...v.state, pieces: after.state.pieces, captured: after.state.captured } };
          changed();
        })
        .catch(() => {});
      return null;
    },
  };
}
