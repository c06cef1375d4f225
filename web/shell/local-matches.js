// The local match source: matches on one screen or against the computer,
// played by the engine in the browser (engine.js) instead of the server.
// It answers the same routes as the server (docs/api.md) with the same
// JSON, so a page talks to one match source and cannot tell where a match is
// played: api.js hands it every request about a match whose id starts with
// `local-`, new matches that are not online, and position requests.
//
// Each match is kept in localStorage (its start, seats and moves, as the
// engine gives them), so it survives a reload, a closed tab and a restarted
// worker, and shows in "Your games" next to the server's.

import { ask, available, EngineError } from './engine.js';

const PREFIX = 'tabula.local.';
/** The most games this browser keeps; the oldest go first. */
const MAX_KEPT = 200;

/** Whether `id` names a match played in this browser. */
export function isLocalId(id) {
  return typeof id === 'string' && id.startsWith('local-');
}

/** Whether the engine can play new matches in this browser. */
export const canPlayHere = available;

function newId() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return 'local-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function seed() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0];
}

/** What this browser keeps of match `id` (the engine's JSON text), or null. */
function kept(id) {
  try {
    return localStorage.getItem(PREFIX + id);
  } catch {
    return null;
  }
}

function keep(id, saved) {
  try {
    localStorage.setItem(PREFIX + id, saved);
  } catch {
    // Full: make room by dropping the oldest finished games, then try once more.
    prune(Math.floor(MAX_KEPT / 2));
    try {
      localStorage.setItem(PREFIX + id, saved);
    } catch {
      /* private mode: the game lasts while the page is open */
    }
  }
}

function allKept() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(PREFIX)) continue;
      try {
        out.push(JSON.parse(localStorage.getItem(key)));
      } catch {
        /* a broken entry is skipped */
      }
    }
  } catch {
    /* no storage */
  }
  return out;
}

const lastMoveAt = (g) => (g.times && g.times.length ? g.times[g.times.length - 1] : g.created_at);

function prune(max = MAX_KEPT) {
  const all = allKept().sort((a, b) => lastMoveAt(b) - lastMoveAt(a));
  for (const g of all.slice(max)) localStorage.removeItem(PREFIX + g.id);
}

class NotFound extends Error {
  constructor(id) {
    super(`There is no game '${id}' kept in this browser.`);
    this.status = 404;
    this.kind = 'not_found';
  }
}

/**
 * Lets the engine's worker think about match `id` on the person's time (it
 * does so only where a person is to move against a computer that solves the
 * game), without waiting for it. Every other request about a match does the
 * same in the worker; this is for a match it has not been asked about yet.
 */
function ponder(id) {
  const saved = kept(id);
  if (saved !== null) ask('ponder', { id, saved }).catch(() => {});
}

/** Sends request `op` about match `id` to the engine with the kept copy; keeps what comes back. */
async function onMatch(id, op, fields = {}, signal) {
  const saved = kept(id);
  if (saved === null) throw new NotFound(id);
  const reply = await ask(op, { id, saved, ...fields }, signal);
  if (reply.saved) keep(id, reply.saved);
  return reply;
}

/** Whether a match can be made in this browser even where the player has the server play their games (a study of a finished game, say). */
export { runnable as canKeepHere } from './engine.js';
export { whyNotStarted } from './engine.js';

/** A new match in the browser, from the body of `POST /api/matches`. */
export async function create(body, signal) {
  const id = newId();
  const reply = await ask('create', { id, game: body.game, options: body.options || {}, players: body.players || ['human', 'human'], position: body.position }, signal);
  keep(id, reply.saved);
  // Reading every kept game to drop the oldest waits until the new one is drawn.
  setTimeout(() => prune(), 0);
  ponder(id);
  return reply.view;
}

/** The summary of a kept game, as `GET /api/matches` lists the server's. */
function summary(g) {
  const at = lastMoveAt(g);
  return {
    id: g.id, game: g.game, game_name: g.game_name, sides: g.sides, players: g.players, names: g.names,
    online: false, imported: false, local: true, plies: (g.moves || []).length, result: g.result || null,
    created_at: g.created_at, updated_at: at, finished_at: g.result ? at : null,
  };
}

/**
 * The kept games for a list query (status, game, limit, before), merged
 * with the server's page of the same query (`server`, possibly empty).
 */
export function mergeList(query, server) {
  const q = new URLSearchParams(query);
  const finished = q.get('status') !== 'playing';
  const limit = Number(q.get('limit')) || 30;
  const before = q.has('before') ? Number(q.get('before')) : Infinity;
  const at = (m) => (finished ? m.finished_at : m.updated_at) || 0;
  const mine = allKept()
    .map(summary)
    .filter((m) => !!m.result === finished && (!q.get('game') || m.game === q.get('game')) && at(m) < before);
  const all = [...(server.matches || []), ...mine].sort((a, b) => at(b) - at(a));
  const page = all.slice(0, limit);
  const next = all.length > limit || server.next ? at(page[page.length - 1]) : null;
  return { ...server, matches: page, next };
}

/** Answers an API request about local match `id`: `rest` is the path after it. */
export async function route(id, rest, method, body, signal) {
  const [path, query = ''] = rest.split('?');
  const q = new URLSearchParams(query);
  if (path === '' && method === 'GET') {
    const { view } = await onMatch(id, 'view', {}, signal);
    ponder(id);
    return view;
  }
  if (path === '' && method === 'DELETE') {
    if (kept(id) === null) throw new NotFound(id);
    localStorage.removeItem(PREFIX + id);
    ask('forget', { id }).catch(() => {});
    return { deleted: id };
  }
  if (path === '/moves' && method === 'POST') return (await onMatch(id, 'play', { move: String((body && body.move) || '') }, signal)).view;
  if (path === '/undo' && method === 'POST') return (await onMatch(id, 'undo', {}, signal)).view;
  if (path === '/computer-move' && method === 'POST') return (await onMatch(id, 'computer', { seed: seed() }, signal)).view;
  const at = /^\/at\/(\d+)$/.exec(path);
  if (at && method === 'GET') return (await onMatch(id, 'at', { ply: Number(at[1]) }, signal)).view;
  if (path === '/solve' && method === 'GET') return (await onMatch(id, 'solve', { ms: Number(q.get('ms')) || 2000 }, signal)).value;
  if (path === '/analysis' && method === 'GET') return (await onMatch(id, 'analysis', {}, signal)).value;
  if (path === '/record' && method === 'GET') return (await onMatch(id, 'record', {}, signal)).value;
  const err = new Error(`A game played in this browser has no '${method} ${path || '/'}'.`);
  err.status = 404;
  err.kind = 'not_found';
  throw err;
}

/** `POST /api/positions`, answered by the engine in the browser. */
export async function positions(body, signal) {
  return (await ask('positions', { request: body }, signal)).value;
}

export { EngineError };
