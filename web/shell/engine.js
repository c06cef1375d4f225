// The engine in the player's browser: Tabula's Rust rules and computer
// players compiled to WebAssembly, run by one module worker
// (engine-worker.js). The page asks it through `ask`; the worker is started
// on the first request and restarted after a crash (the games it held are
// kept by the page and brought back). When the page abandons the computer's
// move or the hints' solve (a stop, a new game, a move), the worker hears it
// between two slices of its thinking and keeps its tables; any other request
// that is abandoned stops the worker itself, since it cannot be interrupted. Where the browser lacks WebAssembly or workers, or the server
// built no engine, `available()` is false and the pages play through the
// server as before.

const meta = typeof document !== 'undefined' ? document.querySelector('meta[name="tabula-engine"]') : null;

/** Whether the player chose (in the settings) to have the server play their games. */
function serverChosen() {
  try {
    return (JSON.parse(localStorage.getItem('tabula.site') || '{}') || {}).engine === 'server';
  } catch {
    return false;
  }
}

/** Whether this page can run the engine in the browser, whatever the player chose for their games. */
export function runnable() {
  return !!(meta && meta.content && meta.dataset.wasm && meta.dataset.worker && typeof WebAssembly === 'object' && typeof Worker === 'function') && !broken;
}

/**
 * Why the engine could not start in this page, or null: the page says so
 * even when the failed start was its own warm-up and not a request.
 */
export function whyNotStarted() {
  return startFailure;
}

/** Whether this page can run the engine in the browser (and the player wants it to). */
export function available() {
  return runnable() && !serverChosen();
}

/** The memory the engine may use for its tables on this device, in MiB. */
export function memoryMib() {
  const gib = typeof navigator !== 'undefined' && navigator.deviceMemory;
  if (!gib) return 512;
  return Math.max(64, Math.min(512, Math.round(gib * 64)));
}

let worker = null;
let ready = null;
let broken = false;
/** Why the engine could not start in this page (an EngineError), or null. */
let startFailure = null;
let counter = 0;
const pending = new Map(); // n -> {resolve, reject}

/** An error of the engine itself (not of the rules): it was restarted. */
export class EngineError extends Error {
  constructor(message) {
    super(message);
    this.name = 'EngineError';
  }
}

function stop(reason) {
  if (worker) worker.terminate();
  worker = null;
  ready = null;
  for (const { reject } of pending.values()) reject(reason);
  pending.clear();
}

/** Sends `message` as request `n` (a fresh number unless given); resolves with its reply. */
function post(message, n = ++counter) {
  return new Promise((resolve, reject) => {
    pending.set(n, { resolve, reject });
    worker.postMessage({ ...message, n });
  });
}

/** The requests the worker answers between slices of its thinking, so that a stop reaches it at once. */
const SLICED = new Set(['computer', 'solve']);

function launch() {
  // The worker's script under its hashed address (kept by the browser for good), named by the engine's tag.
  worker = new Worker(meta.dataset.worker, { type: 'module', name: 'tabula-engine' });
  worker.onmessage = (event) => {
    const reply = event.data || {};
    const waiting = pending.get(reply.n);
    if (!waiting) return;
    if (reply.progress) {
      // The computer is still thinking: what it has found so far, for the page to show.
      window.dispatchEvent(new CustomEvent('tabula:thinking', { detail: reply.progress }));
      return;
    }
    pending.delete(reply.n);
    if (reply.ok) {
      waiting.resolve(reply);
    } else if (reply.stopped) {
      // The match changed while the computer thought about it: the decision was dropped.
      waiting.reject(new DOMException(reply.message, 'AbortError'));
    } else if (reply.fatal) {
      const err = new EngineError(`The engine in your browser stopped (${reply.message}). It has been restarted; your game is kept.`);
      waiting.reject(err);
      stop(err);
    } else {
      waiting.reject(new Error(reply.message));
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    stop(new EngineError(`The engine in your browser stopped (${event.message || 'an error'}). It has been restarted; your game is kept.`));
  };
  const here = location.origin;
  ready = post({ op: 'start', glue: new URL(meta.content, here).href, wasm: new URL(meta.dataset.wasm, here).href, memory: memoryMib() })
    .catch((err) => {
      // An engine that cannot even start (no WebAssembly, a blocked module): the server plays from now on.
      broken = true;
      stop(err);
      startFailure = new EngineError(`The engine cannot start in this browser (${err.message}).`);
      throw startFailure;
    });
  return ready;
}

/**
 * Starts the worker ahead of the first request (a play page calls it as it
 * loads), so that the module is compiled by the time the page asks for moves.
 * Does nothing where the browser's engine is not to be used.
 */
export function warm() {
  if (!worker && available()) launch().catch(() => {});
}

/**
 * Asks the engine: `op` and its fields (see engine-worker.js). Resolves with
 * the reply; rejects with the rules' sentence, an EngineError, or (when
 * `signal` aborts) an AbortError, which also stops the worker's search.
 */
export async function ask(op, fields = {}, signal) {
  if (!worker) launch();
  await ready;
  if (signal && signal.aborted) throw new DOMException('The request was stopped.', 'AbortError');
  const n = ++counter;
  const asked = post({ op, ...fields }, n);
  if (!signal) return asked;
  const onAbort = () => {
    const reason = new DOMException('The request was stopped.', 'AbortError');
    if (!SLICED.has(op)) {
      stop(reason);
      return;
    }
    // The worker drops the decision at its next slice; the page need not wait for it.
    const waiting = pending.get(n);
    pending.delete(n);
    if (worker) worker.postMessage({ op: 'stop', of: n });
    if (waiting) waiting.reject(reason);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await asked;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
