// The engine in the player's browser: Tabula's Rust rules and computer
// players compiled to WebAssembly. The page asks it through `ask`. Its
// module is compiled once (by engine-boot.js from a play page's head, else
// here) and instantiated twice: by one module worker (engine-worker.js),
// which plays moves, thinks and solves, and on the page itself, which
// answers at once what only makes or reads a match (a new match, a view, a
// past position, a record: ON_PAGE), so that a play page draws its first
// moves without waiting for the worker to come up. Both hold their matches
// in a MatchBook (engine-matches.js) brought up to the page's kept copy, so
// the worker keeps its computer players' tables from move to move.
//
// The worker is started on the first request, or taken over from
// engine-boot.js when this module loads, and restarted after a crash (the
// games it held are kept by the page and brought back); after a crash of the
// page's own instance the worker answers everything. When the page abandons
// the computer's move or the hints' solve (a stop, a new game, a move), the
// worker hears it between two slices of its thinking and keeps its tables;
// any other request that is abandoned stops the worker itself, since it
// cannot be interrupted. Where the browser lacks WebAssembly or workers, or
// the server built no engine, `available()` is false and the pages play
// through the server as before.

import { MatchBook } from './engine-matches.js';

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

/** The worker and the module compile engine-boot.js started for this page, taken once: {worker, compiled, error, onError}, or null. */
function takeBooted() {
  const booted = typeof window !== 'undefined' ? window.tabulaEngineBoot : null;
  if (!booted) return null;
  window.tabulaEngineBoot = null;
  booted.worker.removeEventListener('error', booted.onError);
  return booted;
}

/** What engine-boot.js started, taken over as this module loads (null where it started nothing). */
const boot = takeBooted();
/** The worker it started, until launch() makes it this page's worker. */
let bootWorker = boot && boot.worker;

/** The page's own address of a file of the engine's (the glue, the module). */
const address = (path) => new URL(path, location.origin).href;

/** The engine's module compiled from `url`: as it downloads where it is sent as WebAssembly, else from its bytes. */
async function compile(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch (err) {
    // A static file server may send the module under another content type.
    if (!(err instanceof TypeError)) throw err;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`the engine's module answered ${response.status}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

let compiling = null;
/** The engine's compiled module, once for the page: engine-boot.js's compile if it started one, else this page's. */
function compiledModule() {
  if (!compiling) {
    const url = address(meta.dataset.wasm);
    compiling = boot ? boot.compiled.catch(() => compile(url)) : compile(url);
  }
  return compiling;
}

/** Failing to start (no WebAssembly, a blocked module): the server plays from now on, and the page can say why. */
function failedToStart(err) {
  broken = true;
  startFailure = new EngineError(`The engine cannot start in this browser (${err.message}).`);
  return startFailure;
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
  const booted = bootWorker;
  bootWorker = null;
  // The worker's script under its hashed address (kept by the browser for good), named by the engine's tag.
  worker = booted || new Worker(meta.dataset.worker, { type: 'module', name: 'tabula-engine' });
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
  // A worker that failed before it was taken over (its script did not load) fails its start the same way.
  const started = booted && boot.error
    ? Promise.reject(new Error(boot.error))
    : compiledModule().then((module) => post({
      op: 'start', glue: address(meta.content), module, book: import.meta.resolve('./engine-matches.js'), memory: memoryMib(),
    }));
  ready = started.catch((err) => {
    stop(err);
    throw failedToStart(err);
  });
  return ready;
}

/* ---------- The page's own instance ---------- */

/** The requests the page's own instance answers: they make or read a match, and never think. */
const ON_PAGE = new Set(['create', 'view', 'at', 'record']);

/** The page's own MatchBook, on its way (null until asked for). */
let onPage = null;
/** Whether the page's own instance is out of use (it could not be made, or it trapped): the worker answers instead. */
let pageOut = false;

/** The page's own instance of the engine, made once from the compiled module. */
function pageBook() {
  if (!onPage) {
    onPage = (async () => {
      let module;
      try {
        module = await compiledModule();
      } catch (err) {
        throw failedToStart(err);
      }
      const engine = await import(address(meta.content));
      await engine.default({ module_or_path: module });
      return new MatchBook(engine, memoryMib());
    })();
    onPage.catch(() => {}); // said by the request that waits for it
  }
  return onPage;
}

/**
 * Answers `op` on the page, or returns undefined when the worker is to
 * answer it (the page's instance is out of use, or could not be made
 * although the module compiled).
 */
async function askPage(op, fields, signal) {
  let book;
  try {
    book = await pageBook();
  } catch (err) {
    if (err instanceof EngineError) throw err; // no module: no engine in this page at all
    pageOut = true;
    return undefined;
  }
  if (signal && signal.aborted) throw new DOMException('The request was stopped.', 'AbortError');
  try {
    return { ok: true, ...book.answer({ op, ...fields }) };
  } catch (err) {
    if (!(err instanceof WebAssembly.RuntimeError)) throw new Error(String((err && err.message) || err));
    // A trap leaves this instance unusable: the worker answers from now on, from the kept games.
    pageOut = true;
    throw new EngineError(`The engine in your browser stopped (${err.message}). It has been restarted; your game is kept.`);
  }
}

/**
 * Starts the engine ahead of the first request (on a play page, as this
 * module loads: it takes over what the page's head started), so that it is
 * ready by the time the page asks for moves. Does nothing where the
 * browser's engine is not to be used.
 */
function warm() {
  if (!worker && available()) {
    launch().catch(() => {});
    pageBook();
  }
}

// What engine-boot.js started is taken over at once; a worker this page is not to use is ended.
if (boot) {
  if (available()) warm();
  else {
    bootWorker.terminate();
    bootWorker = null;
  }
}

/**
 * Asks the engine: `op` and its fields (see engine-worker.js). Resolves with
 * the reply; rejects with the rules' sentence, an EngineError, or (when
 * `signal` aborts) an AbortError, which also stops the worker's search.
 */
export async function ask(op, fields = {}, signal) {
  if (ON_PAGE.has(op) && !pageOut) {
    const here = await askPage(op, fields, signal);
    if (here) return here;
  }
  if (op === 'forget' && onPage && !pageOut) pageBook().then((book) => book.forget(fields.id), () => {});
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
