// A small wrapper around fetch for Tabula's JSON API (see docs/api.md).
// Errors come back as ApiError carrying the server's own sentence for people.
//
// The one match source of every page: a request about a match played in the
// browser (an id starting `local-`), a new match that is not online, and a
// position request go to the engine in the browser (local-matches.js) when
// it can run here; everything else, and everything when it cannot, goes to
// the server. Both answer with the same JSON.

import * as local from './local-matches.js';

export class ApiError extends Error {
  constructor(status, kind, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind;
  }
}

/**
 * Calls the API and returns the decoded JSON reply.
 * @param {string} path  e.g. "/api/games"
 * @param {{method?: string, body?: any, signal?: AbortSignal}} [opts]
 */
export async function api(path, { method, body, signal } = {}) {
  const verb = method || (body === undefined ? 'GET' : 'POST');
  const here = await inBrowser(path, verb, body, signal);
  if (here !== undefined) return here;
  return fromServer(path, verb, body, signal);
}

/** Said once per page: why the server plays instead of the browser. */
const noticed = new Set();
function notice(message) {
  if (noticed.has(message)) return;
  noticed.add(message);
  window.dispatchEvent(new CustomEvent('tabula:notice', { detail: message }));
}

const asApiError = (err) => (err instanceof ApiError || (err && err.name === 'AbortError')
  ? err
  : new ApiError(err.status || (err instanceof local.EngineError ? 503 : 400), err.kind || (err instanceof local.EngineError ? 'engine' : 'bad_request'), err.message));

/**
 * The answer of the browser's engine, or undefined when the server is to
 * answer (not a local matter, no engine here, or a player too big for this device).
 */
async function inBrowser(path, verb, body, signal) {
  const m = /^\/api\/matches\/(local-[^/?#]+)(.*)$/.exec(path);
  if (m) {
    try {
      return await local.route(decodeURIComponent(m[1]), m[2], verb, body, signal);
    } catch (err) {
      throw asApiError(err);
    }
  }
  if (path === '/api/matches' && verb === 'POST' && body && !body.online && !local.canPlayHere()) {
    // An engine that failed to start while the page loaded: the server plays, and the page says so once.
    const failed = local.whyNotStarted();
    if (failed) notice(`${failed.message} The server plays your games instead.`);
    return undefined;
  }
  if (path === '/api/matches' && verb === 'POST' && body && !body.online) {
    try {
      return await local.create(body, signal);
    } catch (err) {
      if (err instanceof local.EngineError) {
        notice(`${err.message} The server plays your games instead.`);
        return undefined;
      }
      if (/needs \d+ MiB/.test(err.message || '')) {
        notice(`${err.message}: the server plays this game instead.`);
        return undefined;
      }
      throw asApiError(err);
    }
  }
  if (path === '/api/positions' && verb === 'POST' && local.canPlayHere()) {
    try {
      return await local.positions(body, signal);
    } catch (err) {
      if (err instanceof local.EngineError) return undefined;
      throw asApiError(err);
    }
  }
  if (verb === 'GET' && /^\/api\/matches(\?|$)/.test(path)) {
    // "Your games": the server's list with the games kept in this browser merged in.
    let server = { matches: [], next: null };
    try {
      server = await fromServer(path, verb, undefined, signal);
    } catch (err) {
      if (err.name === 'AbortError' || err.status !== 0) throw err;
    }
    return local.mergeList(path.split('?')[1] || '', server);
  }
  return undefined;
}

/** Whether this page is a static copy of the portal (`tabula site`), with no Tabula server behind it. */
export const STATIC_COPY = typeof document !== 'undefined' && !!document.querySelector('meta[name="tabula-static"]');

async function fromServer(path, verb, body, signal) {
  // A static copy has the list of games as a file, and nothing else of the API.
  if (STATIC_COPY && !(verb === 'GET' && path === '/api/games')) {
    throw new ApiError(0, 'static', 'This copy of Tabula is a set of static files: its games are played in this browser, and online play needs a Tabula server (tabula serve).');
  }
  const init = { method: verb, headers: { accept: 'application/json' }, signal };
  // A seat of an online match is held by its token: send it with every request about that match.
  const m = /^\/api\/matches\/([^/?#]+)/.exec(path);
  const seat = m && seatOf(decodeURIComponent(m[1]));
  if (seat && seat.token) init.headers.authorization = `Bearer ${seat.token}`;
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    if (err && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'The Tabula server cannot be reached. Is it still running?');
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const message = (data && typeof data.message === 'string' && data.message) ||
      `The server answered ${res.status}${res.statusText ? ' ' + res.statusText : ''}.`;
    throw new ApiError(res.status, (data && data.error) || 'http', message);
  }
  if (data === null) throw new ApiError(res.status, 'bad_reply', 'The server sent a reply that is not JSON.');
  return data;
}

export const get = (path, opts) => api(path, { ...opts, method: 'GET' });
export const post = (path, body = {}, opts) => api(path, { ...opts, method: 'POST', body });

/* ---------- Seats of online matches ---------- */

const SEATS_KEY = 'tabula.seats';
const MAX_SEATS = 200;

function readSeats() {
  try {
    const all = JSON.parse(localStorage.getItem(SEATS_KEY) || '{}');
    return all && typeof all === 'object' ? all : {};
  } catch {
    return {};
  }
}

/** The seat this browser holds in a match: {seat, token, invite?} or null. */
export function seatOf(id) {
  const s = readSeats()[id];
  return s && typeof s.token === 'string' ? s : null;
}

/** Remembers (or, with null, forgets) the seat this browser holds in a match. */
export function rememberSeat(id, seat) {
  const all = readSeats();
  if (seat) all[id] = { ...seat, at: Date.now() };
  else delete all[id];
  const ids = Object.keys(all).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
  for (const old of ids.slice(MAX_SEATS)) delete all[old];
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  } catch {
    /* private mode: the seat lasts for this page only */
  }
}
