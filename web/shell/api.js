// A small wrapper around fetch for Tabula's JSON API (see docs/api.md).
// Errors come back as ApiError carrying the server's own sentence for people.

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
  const init = { method: method || (body === undefined ? 'GET' : 'POST'), headers: { accept: 'application/json' }, signal };
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
