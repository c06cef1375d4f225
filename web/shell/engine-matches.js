// The matches one instance of the engine holds (crates/wasm's LocalMatch),
// and the requests it answers at once. Two instances use it: the worker's
// (engine-worker.js), which plays, thinks and solves, and the page's own
// (engine.js), which answers what a page needs before the worker is up — a
// new match and the view of one — so that a play page draws its first moves
// without waiting for the worker to start.
//
// A match is brought back from the page's kept copy (`saved`) whenever this
// instance does not hold it or holds an older version (the other instance or
// another tab played on), so neither instance ever loses a game.

/** The most matches one instance holds at once; the one used longest ago goes first (it is kept by the page). */
const MAX_HELD = 16;

export class MatchBook {
  /**
   * @param {object} engine  the engine's glue module, its WebAssembly instantiated
   * @param {number} memoryMib  the memory its computer players may use for their tables
   */
  constructor(engine, memoryMib) {
    this.engine = engine;
    this.memoryMib = memoryMib;
    this.matches = new Map(); // id -> {m: LocalMatch, version}
    /** The match asked about last: the only one whose computer keeps its tables. */
    this.current = null;
  }

  /** The LocalMatch held for `id`, if any (as it is: not brought up to date). */
  match(id) {
    return this.matches.get(id)?.m;
  }

  /** The version of the match held for `id`, if any. */
  version(id) {
    return this.matches.get(id)?.version;
  }

  /**
   * Takes up match `id` (held as `m`): the match taken up before it hands
   * over what its computer learned if `m` is a game on the same board
   * (LocalMatch.inherit: a new game on the same board finds its solve made), and lets
   * the rest of its tables go (LocalMatch.rest), since a solver's table is
   * 128 MiB and a person may open game after game.
   */
  use(id, m) {
    if (this.current === id) return;
    const before = this.matches.get(this.current)?.m;
    if (before && before !== m) {
      m.inherit(before);
      before.rest();
    }
    this.current = id;
  }

  /** Match `id`, brought up to the page's kept copy (and taken up: see `use`). */
  held(id, saved) {
    const kept = saved ? JSON.parse(saved) : null;
    const have = this.matches.get(id);
    if (have && (!kept || kept.version === have.version)) {
      // Used now: it goes to the end of the map, the last to be let go.
      this.matches.delete(id);
      this.matches.set(id, have);
      this.use(id, have.m);
      return have.m;
    }
    if (!kept) throw new Error('This game is not kept in this browser any more.');
    const m = this.engine.LocalMatch.restore(saved, this.memoryMib);
    this.hold(id, m, kept.version);
    this.use(id, m);
    return m;
  }

  /** The reply of a change to match `id`: its `view` and what the page keeps. */
  changed(id, m, view) {
    this.use(id, m);
    const saved = m.saved();
    this.hold(id, m, JSON.parse(saved).version);
    return { view, saved };
  }

  /** Keeps `m` as match `id` (freeing what it replaces, and the oldest beyond MAX_HELD). */
  hold(id, m, version) {
    const have = this.matches.get(id);
    if (have && have.m !== m) have.m.free();
    this.matches.delete(id);
    this.matches.set(id, { m, version });
    for (const [old, { m: gone }] of this.matches) {
      if (this.matches.size <= MAX_HELD) break;
      gone.free();
      this.matches.delete(old);
    }
  }

  /** Lets match `id` go. */
  forget(id) {
    const have = this.matches.get(id);
    if (have) have.m.free();
    this.matches.delete(id);
  }

  /**
   * Answers a request that needs no slices: {op, id?, saved?, ...args} ->
   * {view?, saved?, value?}; throws the rules' sentence as an Error (a trap
   * of the engine as a WebAssembly.RuntimeError, after which this instance is unusable).
   */
  answer(req) {
    switch (req.op) {
      case 'create': {
        const m = new this.engine.LocalMatch(req.id, req.game, JSON.stringify(req.options || {}), JSON.stringify(req.players), req.position || undefined, this.memoryMib);
        return this.changed(req.id, m, JSON.parse(m.view()));
      }
      case 'view':
        return { view: JSON.parse(this.held(req.id, req.saved).view()) };
      case 'play': {
        const m = this.held(req.id, req.saved);
        return this.changed(req.id, m, JSON.parse(m.play(req.move)));
      }
      case 'undo': {
        const m = this.held(req.id, req.saved);
        return this.changed(req.id, m, JSON.parse(m.undo()));
      }
      case 'at':
        return { view: JSON.parse(this.held(req.id, req.saved).view_at(req.ply)) };
      case 'analysis':
        return { value: JSON.parse(this.held(req.id, req.saved).analysis()) };
      case 'record':
        return { value: this.held(req.id, req.saved).record() };
      case 'positions':
        return { value: JSON.parse(this.engine.describe_positions(JSON.stringify(req.request))) };
      case 'forget':
        this.forget(req.id);
        return {};
      case 'crash':
        // For the tests: a panic inside the engine, which the page must survive.
        this.engine.panic_for_test();
        return {};
      default:
        throw new Error(`The engine has no request '${req.op}'.`);
    }
  }
}
