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
