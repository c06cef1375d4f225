// Piracy's ways back through a game, as the old program had them: T takes a
// move back (against the computer during play, back to the player's last
// decision), R plays the move taken back last again, and 1 then 3 reopens a
// finished game against the computer between two people ("analysis"), move
// by move, so that both ships answer to the keys: a study copy of its own, at
// its own address (shell/study-copies.js), made once per game. The server plays and takes
// back every move; this module only keeps which moves were taken back.

import { rememberCopy, copyOf, isCopy, forgetCopy } from '/static/shell/study-copies.js';
import { canKeepHere, create as createHere } from '/static/shell/local-matches.js';

/**
 * Makes the rewind of a Piracy play page.
 * @param {object} o
 * @param {object} o.frame  the play frame (its view, controller, who plays)
 * @param {Function} o.api  api.js's api
 * @param {object} o.shell  shell.js (toast, showError, sentence)
 * @param {(before: object, after: object, seat: number) => object} o.describe  what one move did (for the log)
 * @param {(notes: object[]) => void} o.reopened  an analysis began: the log's notes of its moves
 * @param {(turn: string, o: {fromReplay: boolean}) => Promise<boolean>} o.play  plays a move through the page
 * @param {() => void} o.changed  what can be taken back or replayed has changed
 */
export function createRewind({ frame, api, shell, describe, reopened, play, changed }) {
  const { toast, showError } = shell;
  let redo = []; // moves taken back with T, newest last, to play again with R
  let analysis = false; // a finished game against the computer, reopened between two people
  let onePressedAt = 0;
  const view = () => frame.view;
  const shared = () => !!view() && !!(view().online || view().replay);

  function canTakeBack() {
    const v = view();
    if (!v || !v.history.length || shared()) return false;
    if (frame.vsComputer() && !v.result) return v.history.some((x) => frame.humanSeat(x.side));
    return true;
  }

  /** Reopens a finished game against the computer between two people, move by move (its copy, if it has one). */
  async function openAnalysis() {
    const old = view();
    const earlier = copyOf(old.id);
    if (earlier) {
      try {
        await api(`/api/matches/${encodeURIComponent(earlier)}`);
        location.assign(`/play/${encodeURIComponent(old.game)}?match=${encodeURIComponent(earlier)}`);
        return false;
      } catch (err) {
        if (err.status !== 404) {
          showError(err);
          return false;
        }
        forgetCopy(earlier);
      }
    }
    return frame.ctl.exclusive(async () => {
      const my = frame.ctl.newMatchToken();
      toast('Reopening the game for analysis: both ships now answer to the keys.', { timeout: 2500 });
      try {
        // A study is the person's own scratch copy: made in this browser where the engine runs (never a
        // second game in the server's list), else on the server.
        const fresh = { game: old.game, options: old.options, players: ['human', 'human'] };
        let v = canKeepHere() ? await createHere(fresh) : await api('/api/matches', { method: 'POST', body: fresh });
        const notes = [];
        for (const x of old.history) {
          const before = v;
          v = await api(`/api/matches/${encodeURIComponent(v.id)}/moves`, { method: 'POST', body: { move: x.move } });
          notes.push(describe(before.state, v.state, x.side));
          if (my !== frame.ctl.token) return false;
        }
        analysis = true;
        rememberCopy(v.id, old.id);
        frame.ctl.forget();
        frame.ctl.setView(v, { quiet: true });
        // The study is a match of its own: the address names it, so that a reload comes back to it.
        history.replaceState(null, '', `/play/${encodeURIComponent(v.game)}?match=${encodeURIComponent(v.id)}`);
        reopened(notes);
        return true;
      } catch (err) {
        if (my === frame.ctl.token) showError(err);
        return false;
      }
    });
  }

  return {
    /** Whether a finished game against the computer is open between two people. */
    get analysis() {
      return analysis;
    },
    canTakeBack,
    /** Whether R has a move to play again. */
    canReplay() {
      return redo.length > 0;
    },
    /** A new match: nothing to play again, and no analysis. */
    reset() {
      redo = [];
      analysis = false;
    },
    /** A match opened from the address: a study copy of this browser's is an analysis again. */
    resume() {
      const v = view();
      analysis = !!v && isCopy(v.id) && v.players.every((p) => p === 'human');
    },
    /** A move was played (`fromReplay`: by R): another move than the one taken back forgets the rest. */
    played(turn, fromReplay) {
      if (fromReplay) return;
      if (redo.length && redo[redo.length - 1] === turn) redo.pop();
      else redo = [];
    },

    /** T: takes back a move (two people, or after a game), or back to your last decision (against the computer). */
    async takeBack() {
      const v = view();
      if (!v || frame.ctl.busy) return;
      if (frame.ctl.thinking) {
        toast('Wait a moment: the computer is still steering.');
        return;
      }
      if (!canTakeBack()) {
        if (v.online) toast('Moves cannot be taken back in an online game.');
        else if (v.replay) toast('This is a replay: ← and → step through the moves.');
        else toast(v.history.length ? 'There is no move of yours to take back.' : 'There is nothing to take back yet.');
        return;
      }
      if (frame.vsComputer() && v.result && !analysis) {
        toast('The game is over: press 1 then 3 to go through it between two people, then T takes moves back and R replays them.', { timeout: 3500 });
        return;
      }
      await frame.ctl.exclusive(async (my) => {
        try {
          // Against the computer in play the server goes back to your last decision; else one move.
          const one = !(frame.vsComputer() && !analysis);
          const now = view();
          const mv = now.history[now.history.length - 1].move;
          const back = await api(`/api/matches/${encodeURIComponent(now.id)}/undo`, { method: 'POST', body: {} });
          if (my !== frame.ctl.token) return;
          redo = one ? [...redo, mv] : [];
          frame.ctl.setView(back, { quiet: true });
        } catch (err) {
          if (my !== frame.ctl.token) return;
          if (err.status === 409) toast(shell.sentence(err.message || 'There is nothing to take back.'));
          else showError(err);
          await frame.ctl.refresh();
        }
      });
      changed();
      frame.ctl.computerLoop();
    },

    /** R: plays the move taken back last again. */
    async replay() {
      if (!view() || frame.ctl.busy) return;
      if (!redo.length) {
        toast('Nothing to replay: T takes a move back first.');
        return;
      }
      if (await play(redo[redo.length - 1], { fromReplay: true })) redo.pop();
      changed();
    },

    /** "1" then "3" within two seconds: a finished game opens for two players, to analyse it. */
    async key(key) {
      const v = view();
      if (key === '1') {
        onePressedAt = performance.now();
        return;
      }
      if (performance.now() - onePressedAt > 2000) return;
      onePressedAt = 0;
      if (analysis || (v && !v.online && !v.replay && !frame.vsComputer())) toast('Both ships already answer to the keys: T takes a move back, R plays it again.');
      else if (!v || !v.result || v.online || v.replay) toast('After a game against the computer, 1 then 3 lets both ships answer to the keys, to analyse it.');
      else if (await openAnalysis()) toast('Two-player mode: T takes a move back, R plays it again.');
    },
  };
}
