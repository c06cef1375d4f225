// The engine's worker: one instance of Tabula's Rust rules and engines,
// compiled to WebAssembly (crates/wasm), owned by this module worker so that
// the computer can think for seconds without the page ever waiting. The page
// (engine.js) starts it with the engine's module, compiled once by the page
// ({op: 'start', glue, module, book, memory}), then sends one request at a
// time and gets one reply each:
//   {n, op, id?, saved?, ...args}  ->  {n, ok: true, view?, saved?, value?} | {n, ok: false, message}
// The matches it holds are a MatchBook (engine-matches.js, whose address the
// start names: a worker has no import map), brought back from the page's
// kept copy whenever this worker does not hold them or holds an older
// version, so a worker that is restarted (after a crash) loses nothing.
//
// The computer's moves and the hints' exact values are thought in slices
// (SLICE_MS each): between two slices the worker takes the page's other
// messages, so a stop ({op: 'stop', of: n}) or a request about another
// position is answered at once, and the search keeps its tables for the next.
//
// While no request is being answered, the computer thinks on a person's time
// about the match last asked about ({op: 'ponder', id, saved} names one the
// worker has not heard of yet), a slice at a time: whether there is anything
// to think about is the engine's to say (LocalMatch.ponder), so a page that
// only has people at the board, or a computer that does not solve, costs nothing.

/** The matches this worker holds (a MatchBook), once started. */
let book = null;
/** How long the computer thinks between two looks at the page's messages, in ms. */
const SLICE_MS = 50;
/** The computer's decisions under way (their request numbers), and those the page has stopped. */
const thinking = new Set();
const stopped = new Set();

/** Requests being answered (a sliced one counts until its reply): thinking on a person's time waits for them. */
let answering = 0;
/** The match whose computer may think on a person's time, and whether that thinking is under way. */
let ponderId = null;
let pondering = false;
/** A trap while thinking on a person's time, which left the instance unusable: every later request is told so. */
let broken = null;

/** Resolves once the worker has taken the messages already waiting for it. */
function nextTurn() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Answers request `req` about match `m` one slice at a time: `slice()`
 * thinks for one slice and returns the reply once there is one (null until
 * then). Between two slices the worker takes the page's other messages; the
 * request ends unanswered when the page stops it or the match was replaced.
 */
async function inSlices(req, m, slice) {
  thinking.add(req.n);
  try {
    for (;;) {
      if (stopped.has(req.n) || book.match(req.id) !== m) throw new Stopped();
      const reply = slice();
      if (reply) return reply;
      await nextTurn();
    }
  } finally {
    thinking.delete(req.n);
    stopped.delete(req.n);
  }
}

/** The computer's move in match `id`; what it has found goes to the page after each slice. */
function think(req) {
  const m = book.held(req.id, req.saved);
  m.begin_thinking(req.seed >>> 0);
  return inSlices(req, m, () => {
    if (!m.is_thinking()) throw new Stopped(); // a move or an undo came between two slices
    const slice = JSON.parse(m.think(SLICE_MS));
    if (slice.done) return book.changed(req.id, m, slice.view);
    self.postMessage({ n: req.n, progress: slice.progress });
    return null;
  });
}

/** Each legal move's exact value (the hints), within `req.ms` in all; the solver's table keeps what each slice found. */
function solve(req) {
  const m = book.held(req.id, req.saved);
  const version = book.version(req.id);
  const until = performance.now() + req.ms;
  return inSlices(req, m, () => {
    if (book.version(req.id) !== version) throw new Stopped();
    const left = Math.max(1, Math.min(SLICE_MS, Math.round(until - performance.now())));
    const value = JSON.parse(m.solve(left));
    return value.solved || performance.now() >= until ? { value } : null;
  });
}

/**
 * Thinks on a person's time about match `ponderId`, one slice at a time,
 * while no request is being answered, until the engine says there is
 * nothing more to think about there.
 */
async function ponder() {
  if (pondering || broken) return;
  pondering = true;
  try {
    while (ponderId !== null && answering === 0) {
      const m = book && book.match(ponderId);
      let more = false;
      try {
        more = !!m && m.ponder(SLICE_MS);
      } catch (err) {
        if (err instanceof WebAssembly.RuntimeError) broken = err;
      }
      if (!more) {
        ponderId = null;
        break;
      }
      await nextTurn();
    }
  } finally {
    pondering = false;
  }
}

/** The reply to a request of the page (not a start or a stop). */
async function answer(req) {
  switch (req.op) {
    case 'computer':
      return think(req);
    case 'solve':
      return solve(req);
    case 'ponder':
      // Brought up to the page's copy: thinking on the person's time starts once the reply is sent.
      book.held(req.id, req.saved);
      return {};
    default:
      return book.answer(req);
  }
}

/** A request the page stopped, or whose match changed under it. */
class Stopped extends Error {
  constructor() {
    super('The request was stopped.');
  }
}

/** Instantiates the engine's compiled module with its glue, and makes the worker's MatchBook. */
async function start({ glue, module, book: bookUrl, memory }) {
  const [engine, { MatchBook }] = await Promise.all([import(glue), import(bookUrl)]);
  await engine.default({ module_or_path: module });
  book = new MatchBook(engine, memory);
}

self.onmessage = async (event) => {
  const req = event.data || {};
  if (req.op === 'start') {
    try {
      await start(req);
      self.postMessage({ n: req.n, ok: true });
    } catch (err) {
      self.postMessage({ n: req.n, ok: false, message: String((err && err.message) || err), fatal: true });
    }
    return;
  }
  if (req.op === 'stop') {
    if (thinking.has(req.of)) stopped.add(req.of);
    return;
  }
  answering++;
  try {
    if (broken) throw broken;
    const reply = await answer(req);
    self.postMessage({ n: req.n, ok: true, ...reply });
    if (req.id && req.op !== 'forget') ponderId = req.id;
  } catch (err) {
    if (err instanceof Stopped) {
      self.postMessage({ n: req.n, ok: false, message: err.message, stopped: true });
      return;
    }
    const message = String((err && err.message) || err);
    // A trap (a Rust panic aborts) leaves the instance unusable: the page restarts the worker.
    const fatal = err instanceof WebAssembly.RuntimeError;
    self.postMessage({ n: req.n, ok: false, message, fatal });
  } finally {
    answering--;
    if (answering === 0) ponder();
  }
};
