// What a play page shows when its address names a match instead of asking
// for a new one, for every game alike:
//   /play/<slug>?match=ID            go on with a stored match, or play/watch an online one
//   /play/<slug>?match=ID&invite=X   take the free seat of an online match
//   /play/<slug>?replay=ID[&ply=N]   replay a match, with the engine's graph
//
// A play page does not call openSession itself: its frame (play-frame.js)
// starts with ctl.openFromAddress() and only asks for a new match when the
// address names none; its top bar's "Play online" is inviteFriend().
// openFromAddress counts what the address opened as the page's current match,
// shows its view and lets the computer move if it is to; every live update
// goes through the controller, which ignores an older view of the same match
// (by `version`); ctl.startMatch() closes the session for a new game, and
// ctl.stayInOnlineGame() refuses a new game while one's own online game goes on.
// The controller's policies keep these screens passive: a person may move only
// when `view.can_move !== false` (humanCanMove), and nothing is taken back
// online or in a replay (humanCanUndo).
// Optional: seatLabel(view, seat) for the players' names (playerLabel in the
// controller builds on it), resultHeadline(view) (matchHeadline), and a
// "Replay" link (replayHref) next to the result. The page keeps drawing
// the board; these modules add a card to the side panel (the online match, or
// the replay with its graph) and, in a replay, hide the page's own
// `.hint-card`, `.controls`, `.moves-card` and `[data-live-only]` elements.
// Views carry `can_move` (whether this browser may move now), `names`, and
// `online` (seats, connections, clock) or `replay` ({ply, plies}).
import { api, ApiError, seatOf, rememberSeat } from './api.js';
import { isLocalId } from './local-matches.js';

/** The link to a match's replay. */
export function replayHref(slug, id, ply) {
  return `/play/${encodeURIComponent(slug)}?replay=${encodeURIComponent(id)}${ply !== undefined ? `&ply=${ply}` : ''}`;
}

/** The link to a match's record (text). */
export function recordHref(id) {
  return `/api/matches/${encodeURIComponent(id)}/record`;
}

/**
 * Makes `link` (an <a download>) give match `id`'s record: the server's
 * address for a match it keeps; for a game played in this browser, the
 * record written by the engine here, handed over as a file when clicked.
 */
export function recordLink(link, id) {
  link.href = recordHref(id);
  if (!isLocalId(id)) return link;
  link.addEventListener('click', async (e) => {
    if (link.dataset.ready) return;
    e.preventDefault();
    try {
      const text = await api(recordHref(id));
      link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      link.dataset.ready = '1';
      link.click();
    } catch (err) {
      window.dispatchEvent(new CustomEvent('tabula:notice', { detail: err.message }));
    }
  });
  return link;
}

/**
 * Keeps a game played in this browser on the server: its record is sent
 * (`POST /api/records`), the server replays it with its own rules, and the
 * server's copy replaces this browser's. Resolves with the server's id.
 */
export async function keepOnServer(id) {
  const text = await api(recordHref(id));
  let res;
  try {
    res = await fetch('/api/records', { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8', accept: 'application/json' }, body: text });
  } catch {
    throw new ApiError(0, 'network', 'The Tabula server cannot be reached: the game stays in this browser.');
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || 'http', (data && data.message) || `The server answered ${res.status}.`);
  await api(`/api/matches/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return data.imported[0].id;
}

/**
 * How to call the player of a seat: a name, "You", "Your opponent",
 * "Computer · Easy" or "Player 2".
 */
export function seatLabel(view, seat, { levels = [] } = {}) {
  const name = view.names && view.names[seat];
  const mine = !!view.online && view.online.seat === seat;
  if (mine) return name ? `${name} (you)` : 'You';
  // On one screen against the computer, the one person is "you".
  const people = (view.players || []).filter((p) => p === 'human').length;
  if (!view.online && people === 1 && view.players[seat] === 'human') return name ? `${name} (you)` : 'You';
  if (name) return name;
  const spec = view.players && view.players[seat];
  if (spec && spec !== 'human') {
    const m = /^level:(.+)$/.exec(spec);
    const level = m && levels.find((l) => l.key === m[1]);
    return `Computer${level ? ` · ${level.name}` : ''}`;
  }
  if (view.online && view.online.seat !== null && view.online.seat !== undefined) return 'Your opponent';
  return `Player ${seat + 1}`;
}

/** The headline of a finished match: "You win!", "Ann wins", "A draw". */
export function resultHeadline(view, opts) {
  const w = view.result && view.result.winner;
  if (w === null || w === undefined) return 'A draw';
  if (view.online && view.online.seat === w) return 'You win!';
  if (view.online && view.online.seat === 1 - w) return `${seatLabel(view, w, opts)} wins`;
  const name = view.names && view.names[w];
  return `${name || view.sides[w]} wins`;
}

/** "5 min + 3 s" */
export function clockText(clock) {
  if (!clock) return 'no clock';
  const mins = clock.initial / 60000;
  const base = mins >= 1 ? `${Number.isInteger(mins) ? mins : mins.toFixed(1)} min` : `${Math.round(clock.initial / 1000)} s`;
  return `${base} + ${Math.round(clock.increment / 1000)} s`;
}

/**
 * Opens what the address names, or returns null when it names nothing
 * (the page then starts its own match).
 * @param {{game: object, shell: object, params: URLSearchParams, panel: HTMLElement,
 *   root: HTMLElement, render: (view: object) => void}} ctx
 */
export async function openSession(ctx) {
  const { params, shell } = ctx;
  if (!ctx.panel) ctx = { ...ctx, panel: ctx.root.querySelector('.side-panel') || ctx.root };
  const replayId = params.get('replay');
  if (replayId) {
    const { startReplay } = await import('./replay.js');
    try {
      return await startReplay({ ...ctx, id: replayId, ply: params.get('ply') });
    } catch (err) {
      if (!(err instanceof ApiError && (err.status === 404 || err.status === 400))) throw err;
      shell.toast('There is no such game to replay (any more). Here is a new game instead.', { error: true });
      cleanAddress();
      return null;
    }
  }
  const id = params.get('match');
  if (!id) return null;
  const invite = params.get('invite');
  let view;
  try {
    view = await api(`/api/matches/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) {
      // A seat token this match does not know: forget it and watch.
      rememberSeat(id, null);
      view = await api(`/api/matches/${encodeURIComponent(id)}`);
    } else if (err instanceof ApiError && err.status === 404) {
      shell.toast('That match does not exist (any more). Here is a new game instead.', { error: true });
      cleanAddress();
      return null;
    } else {
      throw err;
    }
  }
  if (view.game !== ctx.game.slug) {
    location.replace(`/play/${encodeURIComponent(view.game)}${location.search}`);
    return new Promise(() => {});
  }
  if (view.online) {
    const online = await import('./online.js');
    if (invite && !seatOf(id)) {
      // Behind the question, the match as it stands (its position, its wind), with the buttons of an online game.
      ctx.root.classList.add('online-mode');
      ctx.render(view);
      const joined = await online.askToJoin({ ...ctx, view, invite });
      if (joined) view = joined;
    }
    history.replaceState(null, '', `/play/${encodeURIComponent(view.game)}?match=${encodeURIComponent(id)}`);
    return online.startOnline({ ...ctx, view });
  }
  return { kind: 'local', view, close() {} };
}

/** Drops ?match / ?invite / ?replay from the address. */
export function cleanAddress() {
  const q = new URLSearchParams(location.search);
  for (const k of ['match', 'invite', 'replay', 'ply']) q.delete(k);
  const rest = q.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
}

/**
 * "Play a friend online": asks for a name, a side and a clock, creates the
 * match with these game options, and goes to it.
 */
export async function inviteFriend(ctx) {
  const online = await import('./online.js');
  return online.inviteDialog(ctx);
}
