// The match behind a play page, the same for every game: the server keeps
// the match (docs/api.md); this module asks it for a new one, sends the
// player's moves, asks the computer for its moves at a pace the eye can
// follow, takes moves back (after the computer's answer when it is thinking),
// fetches the match again when a reply says the page is behind, and opens
// what the address names (a stored match, an online one, a replay: see
// session.js). Every reply to an older match is dropped, and an older view of
// the same match never replaces a newer one.
//
// The pace is the controller's: `show` may return a promise that settles when
// the board has finished animating the view; until then `animating` is true
// (the frame's status does not say "Your move" yet), the next computer move
// waits, and `animated()` is called when it ends.
//
// A page new game replaces its own untouched one: when a new match starts, a
// local match of this page in which no person had moved is deleted on the
// server, so that abandoned new games do not pile up in "In progress".
//
// The page keeps everything it draws (play-frame.js hands the callbacks over).
// The side to move is always the server's (the view's `computer_to_move`,
// `can_move`, `side_to_move`): turns need not alternate (Piracy's survivor
// moves several times in a row).
//
// Also here, because every play page's settings dialog starts a match with them:
// who plays (playersFromSettings, playerLabel, matchHeadline).
import { openSession, seatLabel, resultHeadline } from './session.js';
import { isLocalId } from './local-matches.js';

/* ---------- Who may do what (the policies the pages share) ---------- */

/** Whether a person at this screen may move in `view` now: the match goes on, the computer is not to move, and (online) this browser holds the seat to move. */
export function humanCanMove(view) {
  return !!view && !view.result && !view.computer_to_move && view.can_move !== false;
}

/** Whether a person's move in `view` can be taken back: never online or in a replay (the server refuses), and only once a person has moved. */
export function humanCanUndo(view) {
  if (!view || view.online || view.replay) return false;
  return view.history.some((x) => view.players[x.side] === 'human');
}

/** Whether the computer plays a seat of `view`. */
export function vsComputer(view) {
  return !!view && view.players.some((p) => p !== 'human');
}

/* ---------- The controller ---------- */

/** The pause after a move is drawn before the computer's answer is shown, at the quick pace (the calm one is the page's minGapMs). */
const QUICK_GAP_MS = 120;

/**
 * Makes the controller of a play page's match. It holds the latest view, the
 * match token (bumped by every new match, so that late replies to an old one
 * are ignored), whether a request is on its way (`busy`) and whether the
 * computer is thinking, so that every page drives its match the same way.
 *
 * @param {object} ctx
 * @param {object} ctx.game     the game's catalog entry (its `slug` names new matches)
 * @param {object} ctx.shell    shell.js (toast, showError, sleep, sentence)
 * @param {Function} ctx.api    api.js's `api`
 * @param {URLSearchParams} ctx.params  the page's address, for openFromAddress
 * @param {HTMLElement} ctx.panel  the side panel, where an online or replay card goes
 * @param {HTMLElement} ctx.root   the page
 * @param {(view: object, before: object|null, extra?: object) => void} ctx.show  draws an accepted view
 * @param {() => void} ctx.renderStatus  redraws the status card before each computer move
 * @param {() => void} [ctx.animated]  the board has finished animating the latest view
 * @param {number} [ctx.minGapMs=420]  at the calm pace (a setting), the least time between a view being shown and the computer's next move, so the eye can follow; at the quick pace, QUICK_GAP_MS
 * @param {object} [ctx.catchUp]  the `extra` for a view the page catches up with rather than watches being played: the first view of a match opened from the address, and one fetched again after an error (Piracy: `{quiet: true}`, no cannon)
 * @param {string} [ctx.moveWord='move']  how the undo messages call a move ("turn" in Seesaw)
 * @param {(name: string) => boolean} [ctx.mayPlay]  whether the player's move may be sent now, saying why not if the page wants to (default: humanCanMove)
 * @param {(view: object) => boolean} [ctx.canUndo]  whether there is a move to take back (default: humanCanUndo)
 * @param {(view: object) => boolean} [ctx.mayUndo]  asked first by undo(): false ends it (the page says why, if it wants to)
 * @param {boolean} [ctx.refuseUndoOnline=false]  undo() stops at once in a replay, and online says "Moves cannot be taken back in an online game." (else both fall through to canUndo's "There is no move of yours to take back.")
 * @param {(err: Error) => void} [ctx.moveFailed]  after a move was refused and the error shown, before a 409 fetches the match again
 * @param {() => void} [ctx.settled]  after a request of the controller's ends for the current match (`busy` is false again)
 * @param {() => void} [ctx.beforeStart]  a new match is asked for: leave what the page was doing (an in-place replay, …)
 * @param {(view: object) => void} [ctx.fresh]  a new match's first view is about to be shown: forget the old match's drawing (move list, …)
 * @param {(view: object) => void} [ctx.started]  startMatch's first view is shown (the page may put its settings in the address)
 * @param {(err: Error, options: object, players: string[]) => (Promise|undefined)} [ctx.startFailed]  a new match was refused: return a promise to take over (e.g. start again differently), nothing to show the error
 */
export function createMatchController(ctx) {
  const { game, shell, api, params, panel, root, show, renderStatus } = ctx;
  const { toast, showError, sleep } = shell;
  const minGapMs = ctx.minGapMs ?? 420;
  // The pause after a drawn move before the computer's next one: short unless the player asked for calm.
  const gapMs = () => (shell.siteSettings && shell.siteSettings.get('pace') === 'calm' ? minGapMs : QUICK_GAP_MS);
  const moveWord = ctx.moveWord || 'move';
  const mayPlay = ctx.mayPlay || (() => humanCanMove(view));
  const canUndo = ctx.canUndo || humanCanUndo;
  const hook = (name, ...args) => (ctx[name] ? ctx[name](...args) : undefined);

  let view = null; // the latest match view from the server
  let token = 0; // bumps with every new match, so late replies to old ones are ignored
  let thinkingFor = 0; // the token of the match the computer is thinking for
  let busy = false; // a move, an undo or a new match is on its way
  let undoQueued = false; // an undo asked for while the computer was thinking
  let stopThinking = null; // abandons the computer's move under way (the browser's engine drops it at once)
  let shownAt = 0; // when the latest view was shown, for the computer's pace
  let session = null; // an online match, a replay or a stored match named in the address (session.js)
  let exclusiveToken = null; // while a page's own request runs (exclusive): the token it holds
  let motion = null; // the board's animation of the latest view, while it runs

  const path = (rest = '') => `/api/matches/${encodeURIComponent(view.id)}${rest}`;

  function setView(v, extra) {
    // Live updates and replies may cross: never go back to an older view of the same match.
    if (view && v.id === view.id && !v.replay && !view.replay && v.version < view.version) return;
    const before = view;
    view = v;
    if (!v.online && !v.replay && (!before || before.id !== v.id || before.version !== v.version)) tellOtherTabs(v);
    const drawn = show(v, before, extra);
    shownAt = performance.now();
    if (drawn && typeof drawn.then === 'function') {
      const mine = drawn.then(() => {
        if (motion !== mine) return;
        motion = null;
        shownAt = performance.now();
        hook('animated');
      });
      motion = mine;
    } else if (!before || before.id !== v.id) {
      motion = null; // another match: nothing of the old one's is still moving
    }
    // Otherwise a redraw of the same position lets the board's motion run on.
  }

  /* ---------- Other tabs of this browser showing the same match ---------- */

  // A local match open in two tabs: what one tab plays, the other shows (an
  // online match has its live connection for that). The tab that made the
  // change asks the computer for its answer; the other only follows.
  const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('tabula.matches') : null;

  function tellOtherTabs(v) {
    if (tabs) tabs.postMessage({ id: v.id, version: v.version });
  }

  function follow(id, version) {
    if (!view || view.id !== id || view.online || view.replay || busy) return;
    if (version === undefined || version > view.version) refresh();
  }

  if (tabs) tabs.onmessage = (e) => e.data && follow(e.data.id, e.data.version);
  // Coming back to a tab: the match may have moved on elsewhere.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && view) follow(view.id);
  });

  /** Waits until the board has finished animating what it shows. */
  async function motionDone() {
    while (motion) await motion;
  }

  /** Deletes `old` on the server when it is a local match of this page that no person had touched; resolves when done (or refused). */
  function dropUntouched(old) {
    if (!old || old.online || old.replay || old.result) return Promise.resolve();
    if (old.history.some((x) => old.players[x.side] === 'human')) return Promise.resolve();
    return api(`/api/matches/${encodeURIComponent(old.id)}`, { method: 'DELETE' }).then(() => {}, () => {});
  }

  function settle(my) {
    if (my !== token) return;
    busy = false;
    hook('settled');
  }

  let starting = null; // the new match on its way, so that asking again (R pressed ten times, a double-click) does not make more

  /** Asks for a new match; while one is on its way, asking again waits for that one instead. */
  function startMatch(options, players, { position } = {}) {
    if (starting) return starting;
    const done = startNewMatch(options, players, position).finally(() => {
      if (starting === done) starting = null;
    });
    starting = done;
    return done;
  }

  async function startNewMatch(options, players, position) {
    if (session) {
      session.close();
      session = null;
    }
    const my = ++token;
    undoQueued = false;
    if (stopThinking) stopThinking(); // the old match's computer move is nobody's now
    hook('beforeStart');
    busy = true;
    try {
      const body = { game: game.slug, options, players };
      if (position) body.position = position;
      const v = await api('/api/matches', { method: 'POST', body });
      if (my !== token) {
        dropUntouched(v); // a newer match was asked for meanwhile: this one is nobody's
        return;
      }
      dropUntouched(view);
      hook('fresh', v);
      setView(v);
      // The address names the match, so that a reload comes back to it.
      const address = `/play/${encodeURIComponent(game.slug)}?match=${encodeURIComponent(v.id)}`;
      if (location.pathname + location.search !== address) history.replaceState(null, '', address);
      hook('started', v);
    } catch (err) {
      if (my !== token) return;
      const instead = hook('startFailed', err, options, players);
      if (instead) return instead;
      showError(err);
      return;
    } finally {
      settle(my);
    }
    computerLoop();
  }

  async function playMove(name, { extra, accepted } = {}) {
    if (!view || busy) return false;
    if (!mayPlay(name)) return false;
    const my = token;
    busy = true;
    try {
      const v = await api(path('/moves'), { method: 'POST', body: { move: name } });
      if (my !== token) return false;
      if (accepted) accepted(v);
      setView(v, extra);
    } catch (err) {
      if (my !== token) return false;
      showError(err);
      hook('moveFailed', err);
      if (err.status === 409) await refresh();
      return false;
    } finally {
      settle(my);
    }
    computerLoop();
    return true;
  }

  async function refresh() {
    if (!view) return;
    const my = token;
    try {
      const v = await api(path());
      if (my === token) setView(v, ctx.catchUp);
    } catch (err) {
      showError(err);
    }
  }

  async function computerLoop() {
    const my = token;
    if (thinkingFor === my) return;
    thinkingFor = my;
    try {
      while (view && my === token && view.computer_to_move && !view.result) {
        renderStatus();
        // The computer thinks while the last move is still drawn; its answer is shown once that has ended and a short pause passed.
        const asking = new AbortController();
        stopThinking = () => asking.abort();
        const asked = api(path('/computer-move'), { method: 'POST', body: {}, signal: asking.signal }).then((v) => ({ v }), (err) => ({ err }));
        await motionDone();
        if (my !== token) return;
        const wait = shownAt + gapMs() - performance.now();
        if (wait > 0) await sleep(wait);
        if (my !== token) return;
        const { v, err } = await asked;
        stopThinking = null;
        if (my !== token) return;
        // Stopped on purpose (an undo): the page goes on from the match as it is.
        if (err && err.name === 'AbortError') break;
        if (err) {
          showError(err);
          await refresh();
          break;
        }
        setView(v);
      }
    } finally {
      if (thinkingFor === my) {
        thinkingFor = 0;
        stopThinking = null;
      }
    }
    if (my === token && undoQueued) {
      undoQueued = false;
      await undo();
    }
  }

  async function undo() {
    if (!view) return;
    if (ctx.mayUndo && !ctx.mayUndo(view)) return;
    if (ctx.refuseUndoOnline) {
      if (view.replay) return;
      if (view.online) {
        toast('Moves cannot be taken back in an online game.');
        return;
      }
    }
    if (thinkingFor === token) {
      undoQueued = true;
      // The browser's engine drops its move at once; the server's answer must come first.
      if (isLocalId(view.id) && stopThinking) stopThinking();
      else toast(`Taking your ${moveWord} back as soon as the computer has answered.`);
      return;
    }
    if (busy) return;
    if (!canUndo(view)) {
      toast(view.history.length ? `There is no ${moveWord} of yours to take back.` : 'There is nothing to take back yet.');
      return;
    }
    const my = token;
    busy = true;
    try {
      const v = await api(path('/undo'), { method: 'POST', body: {} });
      if (my !== token) return;
      setView(v);
    } catch (err) {
      if (my !== token) return;
      if (err.status === 409) toast(shell.sentence(err.message || 'There is nothing to take back.'));
      else showError(err);
    } finally {
      settle(my);
    }
    computerLoop();
  }

  async function openFromAddress() {
    session = await openSession({ game, shell, params, panel, root, render: (v) => setView(v), moveText: ctx.moveText });
    if (!session) return false;
    ++token; // a match of its own, as startMatch would count it
    hook('fresh', session.view);
    setView(session.view, ctx.catchUp);
    computerLoop();
    return true;
  }

  let lastNudge = { text: '', at: 0 };

  return {
    /** The latest view of the match (null before the first). */
    get view() {
      return view;
    },
    /** The current match's token: compare it after an await of the page's own to drop a reply to an older match. */
    get token() {
      return token;
    },
    /** Whether a request is on its way (the controller's own, or one the page runs through `exclusive`). */
    get busy() {
      return busy;
    },
    /** Whether the board is still animating the latest view (the status waits for it before "Your move"). */
    get animating() {
      return !!motion;
    },
    /**
     * Runs a request of the page's own (Piracy's take-back, its analysis) as
     * the controller runs its own: not while another is on its way, `busy`
     * meanwhile. `run(my)` gets the match token to compare after each await.
     * Resolves to what `run` returns, or undefined when it did not run.
     */
    async exclusive(run) {
      if (busy) return undefined;
      const my = token;
      exclusiveToken = token;
      busy = true;
      try {
        return await run(my);
      } finally {
        // The run may have made a match of its own (newMatchToken): that one is its too.
        if (token === my || token === exclusiveToken) settle(token);
        exclusiveToken = null;
      }
    },
    /** Whether the computer is thinking for the current match. */
    get thinking() {
      return thinkingFor === token;
    },
    /** What the address opened (online, replay, local), or null. */
    get session() {
      return session;
    },
    /**
     * Counts a match the page makes on its own (Piracy's analysis): from now on
     * replies to the one before are ignored. Returns the new token.
     */
    newMatchToken() {
      ++token;
      if (stopThinking) stopThinking();
      if (exclusiveToken !== null) exclusiveToken = token;
      return token;
    },
    /** Shows a view (from a reply of the page's own, or a live update), unless an older one of the same match; `extra` goes to show(). */
    setView,
    /** Forgets the view, so that the next one is shown as a new match's (Piracy's analysis replaces its match). */
    forget() {
      view = null;
    },
    /** Asks the server for a new match and shows it; `position` starts it from a position text. Closes what the address had opened. */
    startMatch,
    /** Sends a person's move; `extra` goes to show(), `accepted(view)` runs before it. Resolves to whether the move was played. */
    playMove,
    /** Takes back to the person's last move (queued while the computer thinks). */
    undo,
    /** Fetches the match again (after a refused request), keeping the page on its newest view. */
    refresh,
    /** Asks the computer for its moves while it is to move, one at a time, at least minGapMs apart. */
    computerLoop,
    /** Opens what the address names (session.js) and resolves to true, or to false when it names nothing: the page then starts its own match. */
    openFromAddress,
    /** The page leaves its match for another (an online one): deletes it if no person had moved in it. */
    leave() {
      return dropUntouched(view);
    },
    /** The current view's undo policy (for the page's Undo button). */
    canUndo() {
      return canUndo(view);
    },
    /** In an online game of one's own that goes on, a new game would leave it: says so and returns true. */
    stayInOnlineGame() {
      if (!session || session.kind !== 'online' || !view || view.result || !view.online) return false;
      if (view.online.seat === null || view.online.seat === undefined) return false;
      toast('This online game goes on: resign it first, or come back to it later from “Games played”.');
      return true;
    },
    /** A short toast for a click that cannot play, not repeated while the same one is showing. */
    nudge(text) {
      const now = performance.now();
      if (text === lastNudge.text && now - lastNudge.at < 2000) return;
      lastNudge = { text, at: now };
      toast(text, { timeout: 1800 });
    },
  };
}

/* ---------- Who plays ---------- */

/**
 * The players of a new match from a page's settings ({mode, level, side}):
 * two people on one screen, or a person and the computer at `level`; the
 * computer takes the first seat when the person chose `secondSide`.
 */
export function playersFromSettings({ mode, level, side }, secondSide) {
  if (mode === 'two') return ['human', 'human'];
  const computer = `level:${level}`;
  return side === secondSide ? [computer, 'human'] : ['human', computer];
}

/**
 * How a play page names the player of a seat: "You" (against the computer),
 * "Player 2" (two on one screen), "Computer · Easy"; online or in a replay,
 * the names session.js gives.
 */
export function playerLabel(view, seat, { levels = [] } = {}) {
  if (view.online || view.replay) return seatLabel(view, seat, { levels });
  const spec = view.players[seat];
  if (spec === 'human') return vsComputer(view) ? 'You' : `Player ${seat + 1}`;
  const m = /^level:(.+)$/.exec(spec);
  const level = m && levels.find((l) => l.key === m[1]);
  return `Computer${level ? ` · ${level.name}` : ''}`;
}

/** Who made a move and with which side, for screen readers: "You (South)", or just "South" when that is the player's name. */
export const whoWithSide = (who, side) => (who === side ? side : `${who} (${side})`);

/** A player's label in the middle of a sentence ("Waiting for your opponent"). */
export const inSentence = (label) => (label === 'Your opponent' ? 'your opponent' : label);

/**
 * The headline of a finished match: "A draw"; online or in a replay, the
 * players' names; against the computer (unless `computer` is false, as in
 * Piracy's analysis) "You win!" or "The computer wins"; else "<side> wins",
 * with `sideName(seat)` naming the winner's side.
 */
export function matchHeadline(view, { levels = [], sideName, computer = vsComputer(view) }) {
  const w = view.result.winner;
  if (w === null || w === undefined) return 'A draw';
  if (view.online || view.replay) return resultHeadline(view, { levels });
  if (computer) return view.players[w] === 'human' ? 'You win!' : 'The computer wins';
  return `${sideName(w)} wins`;
}
