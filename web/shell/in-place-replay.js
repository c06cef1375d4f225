// A finished game played again on its own page, move by move: the positions
// come from the server (GET /api/matches/{id}/at/{ply}), a timer steps
// through them, and ← → step by hand. The page draws each position it is
// handed; the replay page (replay.js) is the one with the engine's graph.

/**
 * Makes the in-place replay of a play page.
 * @param {object} o
 * @param {Function} o.api  api.js's api
 * @param {object} o.ctl  the match controller (its view and token)
 * @param {number} [o.stepMs=800]  the time between two moves when it plays itself
 * @param {boolean} [o.closeAtEnd=false]  whether it ends by itself after the last move
 * @param {(at: object, ply: number, forward: boolean, before: object|null) => void} o.draw  draws the position after `ply` moves (`before`: the one shown until now)
 * @param {() => void} o.ended  the replay is over: the page draws the match again
 * @param {(err: Error) => void} o.failed
 */
export function createInPlaceReplay({ api, ctl, stepMs = 800, closeAtEnd = false, draw, ended, failed }) {
  let state = null; // {ply, view, timer}

  async function go(ply) {
    const match = ctl.view;
    if (!state || !match) return;
    const n = match.history.length;
    const target = Math.max(0, Math.min(n, ply));
    if (target === state.ply && state.view) return;
    const my = ctl.token;
    try {
      const at = target === n ? match : await api(`/api/matches/${encodeURIComponent(match.id)}/at/${target}`);
      if (my !== ctl.token || !state) return;
      const before = state.view;
      const forward = !!before && target === state.ply + 1;
      state.ply = target;
      state.view = at;
      draw(at, target, forward, before);
    } catch (err) {
      failed(err);
      stop();
    }
  }

  function play(on) {
    if (!state) return;
    clearInterval(state.timer);
    state.timer = null;
    if (!on) return;
    if (state.ply >= ctl.view.history.length) go(0);
    state.timer = setInterval(() => {
      if (!state) return;
      if (state.ply < ctl.view.history.length) go(state.ply + 1);
      else if (closeAtEnd) stop();
      else play(false);
    }, stepMs);
  }

  function stop() {
    if (!state) return;
    clearInterval(state.timer);
    state = null;
    ended();
  }

  return {
    /** Whether a replay is on. */
    get active() {
      return !!state;
    },
    /** The number of moves played in the position shown. */
    get ply() {
      return state ? state.ply : 0;
    },
    /** The view of the position shown. */
    get view() {
      return state ? state.view : null;
    },
    /** Whether it plays itself. */
    get playing() {
      return !!(state && state.timer);
    },
    /** Starts from the first position and plays itself. */
    async start() {
      if (state) return;
      state = { ply: -1, view: null, timer: null };
      await go(0);
      play(true);
    },
    /** One move back (−1) or forward (+1), by hand: it stops playing itself. */
    step(d) {
      if (!state) return;
      play(false);
      go(state.ply + d);
    },
    /** Plays itself, or pauses. */
    play,
    /** Ends the replay (the page draws the match again). */
    stop,
    /** Ends it without drawing anything (a new match is coming). */
    drop() {
      if (state) clearInterval(state.timer);
      state = null;
    },
  };
}
