// The WebAssembly engine (crates/wasm, built by crates/wasm-build) gives what
// the native code gives: every game's perft counts of tests/data (crates/games/tests/data),
// the legal moves and drawing fields of random positions, and a fixed-depth
// search's move and score, compared with the native `tabula` binary.
//
// TABULA_WASM_PKG names the built package (default target/wasm-pkg),
// TABULA_BIN the native binary (default target/release/tabula).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const targetDir = process.env.CARGO_TARGET_DIR || path.join(root, 'target');
const pkg = process.env.TABULA_WASM_PKG || path.join(targetDir, 'wasm-pkg');
const bin = process.env.TABULA_BIN || path.join(targetDir, 'release', 'tabula');
const engine = await import(pathToFileURL(path.join(pkg, 'tabula_wasm.js')));
engine.initSync({ module: fs.readFileSync(path.join(pkg, 'tabula_wasm_bg.wasm')) });

/**
 * A fresh instance of the engine, with memory of its own (the glue imported
 * again under another address): what its memory grows by is then this test's alone.
 */
async function freshEngine(name) {
  const glue = await import(`${pathToFileURL(path.join(pkg, 'tabula_wasm.js')).href}?${name}`);
  const exports = glue.initSync({ module: fs.readFileSync(path.join(pkg, 'tabula_wasm_bg.wasm')) });
  return { glue, memoryMib: () => exports.memory.buffer.byteLength / 2 ** 20 };
}

const GAMES = JSON.parse(engine.games());
const native = (args) => execFileSync(bin, args, { encoding: 'utf8' });

/** The cases of a perft file: {options, position, counts}. */
function perftCases(slug) {
  const cases = [];
  let current = null;
  for (const raw of fs.readFileSync(path.join(root, 'crates', 'games', 'tests', 'data', `${slug}.perft`), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line === 'start' || line.startsWith('start ')) {
      const options = Object.fromEntries(line.split(/\s+/).slice(1).map((kv) => kv.split('=')));
      current = { options, position: null };
    } else if (line.startsWith('position ')) {
      current = { options: {}, position: line.slice('position '.length) };
    } else if (line.startsWith('perft ')) {
      cases.push({ ...current, counts: line.split(/\s+/).slice(1).map(Number) });
    }
  }
  return cases;
}

/** A small seeded generator (mulberry32), so the random positions are the same every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Move sequences of random games: `count` positions along them, each as its moves from the start. */
function randomLines(slug, count, seed) {
  const pick = random(seed);
  const lines = [];
  while (lines.length < count) {
    const moves = [];
    for (;;) {
      const view = JSON.parse(engine.position(slug, '{}', null, moves.join(' ')));
      lines.push([...moves]);
      if (!view.moves.length || lines.length >= count || moves.length > 150) break;
      moves.push(view.moves[Math.floor(pick() * view.moves.length)].move);
    }
  }
  return lines;
}

for (const slug of GAMES) {
  test(`${slug}: perft in WebAssembly equals the counts of tests/data/${slug}.perft`, () => {
    for (const c of perftCases(slug)) {
      c.counts.forEach((want, i) => {
        if (want > 2_000_000) return; // deeper counts are the native examples'
        assert.equal(engine.perft(slug, JSON.stringify(c.options), c.position, i + 1), want, `${c.position || 'start'} depth ${i + 1}`);
      });
    }
  });

  test(`${slug}: the legal moves and drawing fields of random positions equal the native ones`, () => {
    for (const moves of randomLines(slug, 60, 7)) {
      const mine = JSON.parse(engine.position(slug, '{}', null, moves.join(' ')));
      const theirs = JSON.parse(native(['show', slug, '--moves', moves.join(' '), '--json']));
      assert.equal(mine.position, theirs.position);
      assert.deepEqual(mine.moves.map((m) => m.move), theirs.legal_moves, `after ${moves.join(' ')}`);
      for (const [k, v] of Object.entries(mine.state)) assert.deepEqual(v, theirs[k], `${k} after ${moves.join(' ')}`);
    }
  });

  test(`${slug}: a fixed-depth search plays the native move with the native score`, () => {
    for (const moves of randomLines(slug, 6, 11).filter((m) => m.length % 3 === 0)) {
      const here = JSON.parse(engine.position(slug, '{}', null, moves.join(' ')));
      if (here.result) continue;
      const mine = JSON.parse(engine.think(slug, '{}', here.position, 'ab:depth=3', 1));
      const text = native(['think', slug, '--moves', moves.join(' '), '--player', 'ab:depth=3']);
      const field = (name) => new RegExp(`^${name} (.*)$`, 'm').exec(text)[1];
      assert.equal(mine.move, field('bestmove'), `after ${moves.join(' ')}`);
      assert.equal(String(mine.score), field('score'));
      assert.equal(String(mine.nodes), field('nodes'));
    }
  });
}

test('a broken position or an unknown game is a JavaScript error with the native sentence', () => {
  assert.throws(() => engine.perft('chess', '{}', null, 1), /no game called 'chess'/);
  assert.throws(() => engine.position('warp-weft', '{"size": "6"}', null, ''), /size/);
  assert.throws(() => engine.position('warp-weft', '{}', null, 'zz9'), /zz9/);
});

/** A local match of Warp & Weft on the 5 × 5 board `seed`, seats as given. */
function localWarpWeft(players, seed = 3) {
  return new engine.LocalMatch('local-test', 'warp-weft', JSON.stringify({ size: '5', seed: String(seed) }), JSON.stringify(players), undefined, 512);
}

test('a computer that solves thinks on the person\'s time, and then answers from its table', () => {
  // Without thinking first: the reply to the person's first move, and what it searched.
  const cold = localWarpWeft(['human', 'level:perfect']);
  const first = JSON.parse(cold.view()).moves[0].move;
  cold.play(first);
  const coldReply = JSON.parse(cold.computer_move(1)).last_decision;
  cold.free();

  const warm = localWarpWeft(['human', 'level:perfect']);
  let slices = 0;
  while (warm.ponder(50)) {
    slices += 1;
    assert.ok(slices < 200, 'thinking on the person\'s time never finished');
  }
  assert.equal(warm.ponder(50), false, 'a finished solve is not begun again for the same position');
  warm.play(first);
  assert.equal(warm.ponder(50), false, 'the computer is to move: it thinks for its move, not on anyone\'s time');
  const warmReply = JSON.parse(warm.computer_move(1)).last_decision;
  warm.free();
  assert.equal(warmReply.move, coldReply.move, 'the same move either way');
  assert.ok(warmReply.nodes < coldReply.nodes, `the reply searched ${warmReply.nodes} positions after thinking ahead, ${coldReply.nodes} without`);

  // A match at rest has let its tables go: its reply is searched afresh.
  const rested = localWarpWeft(['human', 'level:perfect']);
  while (rested.ponder(50));
  rested.rest();
  rested.play(first);
  assert.equal(JSON.parse(rested.computer_move(1)).last_decision.nodes, coldReply.nodes);
  rested.free();

  // Nothing to think about: people only, or a computer that does not solve.
  for (const players of [['human', 'human'], ['human', 'level:medium'], ['level:perfect', 'human']]) {
    const m = localWarpWeft(players);
    assert.equal(m.ponder(50), false, `${players.join(' against ')}`);
    m.free();
  }
});

test('a match the page has left lets its computer\'s tables go, so that opening game after game does not pile them up', async () => {
  const { MatchBook } = await import(pathToFileURL(path.join(root, 'web', 'shell', 'engine-matches.js')));
  const fresh = await freshEngine('opened');
  const book = new MatchBook(fresh.glue, 512);
  const before = fresh.memoryMib();
  // Six new 7 × 7 games against Perfect, one after another: each makes Perfect's 128 MiB table.
  for (let i = 0; i < 6; i++) {
    const id = `local-opened-${i}`;
    book.answer({ op: 'create', id, game: 'warp-weft', options: { seed: String(100 + i) }, players: ['human', 'level:perfect'] });
    assert.equal(book.held(id).ponder(1), true, 'Perfect begins to solve the new board');
  }
  const grownMib = fresh.memoryMib() - before;
  assert.ok(grownMib < 2 * 128, `the engine's memory grew by ${grownMib} MiB for six games opened one after another`);
  for (let i = 0; i < 6; i++) book.forget(`local-opened-${i}`);
});

test('against a computer that solves, the hints solve in its table: the same values, one table', async () => {
  // The exact values of the opening's moves: alone (people only), and in a match against Perfect after it thought ahead.
  const alone = localWarpWeft(['human', 'human']);
  const expected = JSON.parse(alone.solve(60000));
  alone.free();
  assert.equal(expected.solved, true);
  const shared = localWarpWeft(['human', 'level:perfect']);
  while (shared.ponder(50));
  assert.deepEqual(JSON.parse(shared.solve(60000)), expected);
  shared.free();

  // On a 7 × 7 board: the hints and Perfect's thinking make one 128 MiB table between them.
  const fresh = await freshEngine('hints');
  const before = fresh.memoryMib();
  const big = new fresh.glue.LocalMatch('local-big', 'warp-weft', JSON.stringify({ seed: '2024' }), JSON.stringify(['human', 'level:perfect']), undefined, 512);
  big.solve(1);
  big.ponder(1);
  const grownMib = fresh.memoryMib() - before;
  big.free();
  assert.ok(grownMib < 1.5 * 128, `the engine's memory grew by ${grownMib} MiB for the hints and Perfect`);
});

test('a new game on the same board takes over what the computer learned; another board starts afresh', async () => {
  const { MatchBook } = await import(pathToFileURL(path.join(root, 'web', 'shell', 'engine-matches.js')));
  const book = new MatchBook(engine, 512);
  const create = (id, seed) => book.answer({ op: 'create', id, game: 'warp-weft', options: { size: '5', seed: String(seed) }, players: ['level:perfect', 'human'] });
  // Perfect opens each game: its first decision, and what it searched for it.
  const opening = (id) => JSON.parse(book.held(id).computer_move(1)).last_decision;
  create('local-first', 3);
  const first = opening('local-first');
  create('local-same-board', 3);
  const again = opening('local-same-board');
  assert.equal(again.move, first.move);
  assert.ok(again.nodes < first.nodes, `the same board again: ${again.nodes} positions searched, ${first.nodes} the first time`);
  create('local-other-board', 4);
  const other = opening('local-other-board');
  const alone = localWarpWeft(['level:perfect', 'human'], 4);
  assert.equal(other.nodes, JSON.parse(alone.computer_move(1)).last_decision.nodes, 'another board: searched as by a match made alone');
  alone.free();
  for (const id of ['local-first', 'local-same-board', 'local-other-board']) book.forget(id);
});
