#!/usr/bin/env node
// How long Perfect makes a person wait when the browser's engine plays it
// (crates/wasm, as `scripts/test` builds it into target/wasm-pkg), in Node's
// V8, the engine a Chromium page runs, on fresh 7 × 7 Warp & Weft boards:
//
//   reply    the person (Weft) opens with a fixed pick among the legal moves;
//            Perfect's reply, once without thinking first and once after the
//            worker solved the opening on the person's time (LocalMatch.ponder
//            in 50 ms slices, as engine-worker.js does), with the time that took;
//   again    Perfect opens a board, then a new game on the same board (the
//            page's MatchBook hands the computer over: LocalMatch.inherit);
//   --page URL  also in Debian's chromium, against a running portal (`tabula
//            serve`): the time from the person's click to Perfect's cell drawn,
//            clicked at once and after WAIT seconds (--wait, default 25).
//
//   scripts/perfect-in-browser.mjs [N] [--boards A,B,…] [--page URL] [--wait S]
//
// Boards are drawn at random (10^6 to 10^9) unless --boards names them, so no
// study has seen them. A benchmark, not a test: run it with nothing else running.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = process.env.TABULA_WASM_PKG || path.join(process.env.CARGO_TARGET_DIR || path.join(root, 'target'), 'wasm-pkg');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const named = option('--boards', null);
const page = option('--page', null);
const wait = Number(option('--wait', '25'));
const count = Number(args[0] || 6);
if (!Number.isInteger(count) || count < 1 || !(wait >= 0)) {
  console.error('usage: scripts/perfect-in-browser.mjs [N] [--boards A,B,…] [--page URL] [--wait S]');
  process.exit(2);
}
const boards = named ? named.split(',').map((b) => b.trim()) : Array.from({ length: count }, () => String(1e6 + crypto.randomInt(1e9 - 1e6)));
if (!fs.existsSync(path.join(pkg, 'tabula_wasm.js'))) {
  console.error(`No engine package at ${pkg}: run scripts/test (or cargo run -p tabula-wasm-build -- ${pkg}) first.`);
  process.exit(1);
}

const engine = await import(pathToFileURL(path.join(pkg, 'tabula_wasm.js')));
engine.initSync({ module: fs.readFileSync(path.join(pkg, 'tabula_wasm_bg.wasm')) });
const { MatchBook } = await import(pathToFileURL(path.join(root, 'web', 'shell', 'engine-matches.js')));

const seconds = (since) => (performance.now() - since) / 1000;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const match = (seed, players) => new engine.LocalMatch('local-bench', 'warp-weft', JSON.stringify({ seed }), JSON.stringify(players), undefined, 512);

/** Perfect's reply to the person's opening, after pondering the opening first or not. */
function reply(seed, ponder) {
  const m = match(seed, ['human', 'level:perfect']);
  let pondered = 0;
  if (ponder) {
    const t = performance.now();
    while (m.ponder(50));
    pondered = seconds(t);
  }
  const moves = JSON.parse(m.view()).moves.map((x) => x.move);
  m.play(moves[Number(seed) % moves.length]);
  const t = performance.now();
  m.computer_move(1);
  const took = seconds(t);
  m.free();
  return { took, pondered };
}

/** Perfect opening a board, then a new game on the same board, through the page's MatchBook. */
function again(seed) {
  const book = new MatchBook(engine, 512);
  const times = [1, 2].map((n) => {
    const id = `local-bench-${n}`;
    book.answer({ op: 'create', id, game: 'warp-weft', options: { seed }, players: ['level:perfect', 'human'] });
    const t = performance.now();
    book.held(id).computer_move(1);
    return seconds(t);
  });
  for (const n of [1, 2]) book.forget(`local-bench-${n}`);
  return times;
}

const rows = [];
for (const seed of boards) {
  const cold = reply(seed, false);
  const warm = reply(seed, true);
  const [first, second] = again(seed);
  const row = { seed, cold: cold.took, pondered: warm.pondered, warm: warm.took, first, second };
  rows.push(row);
  console.log(`board ${seed.padStart(10)}  reply ${cold.took.toFixed(2)} s, after ${warm.pondered.toFixed(1)} s of pondering ${warm.took.toFixed(2)} s;  opening ${first.toFixed(2)} s, same board again ${second.toFixed(2)} s`);
}
const col = (k) => rows.map((r) => r[k]);
console.log(`\nPerfect's reply to the person's first move: median ${median(col('cold')).toFixed(2)} s without pondering, ${median(col('warm')).toFixed(2)} s after pondering (median ${median(col('pondered')).toFixed(1)} s of the person's time)`);
console.log(`Perfect's opening: median ${median(col('first')).toFixed(2)} s, on the same board again ${median(col('second')).toFixed(2)} s`);

if (page) {
  // In chromium, against the running portal: the engine in the page, the person's click timed to Perfect's cell drawn.
  const { chromium } = await import(pathToFileURL(path.join(root, 'tests', 'e2e', 'node_modules', 'playwright-core', 'index.mjs')));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const clicked = { 0: [], [wait]: [] };
  for (const seed of boards) {
    for (const pause of [0, wait]) {
      const context = await browser.newContext();
      await context.addInitScript(() => {
        localStorage.setItem('tabula.site', JSON.stringify({ engine: 'browser' }));
        localStorage.setItem('tabula.warp-weft', JSON.stringify({ mode: 'computer', level: 'perfect', side: 'weft', size: '7', hints: false }));
      });
      const tab = await context.newPage();
      await tab.goto(`${page.replace(/\/$/, '')}/play/warp-weft?seed=${seed}`);
      await tab.waitForURL(/[?&]match=local-/);
      await tab.waitForFunction(() => document.querySelector('#board .cell.lit') && !document.querySelector('#thinking'));
      await tab.waitForTimeout(pause * 1000);
      const t = performance.now();
      await tab.click('#board .cell.lit >> nth=0');
      await tab.waitForFunction(() => document.querySelectorAll('#board .cell.taken-warp').length === 1, null, { timeout: 120000 });
      clicked[pause].push(seconds(t));
      console.log(`page, board ${seed.padStart(10)}: clicked after ${pause} s, Perfect's cell drawn ${clicked[pause].at(-1).toFixed(2)} s later`);
      await context.close();
    }
  }
  await browser.close();
  console.log(`\nIn chromium: median ${median(clicked[0]).toFixed(2)} s clicked at once, ${median(clicked[wait]).toFixed(2)} s clicked after ${wait} s`);
}
console.log(`boards: ${boards.join(',')}`);
