// How a play page starts (issue 26: its first legal moves drawn soon after
// it is opened). Every module and stylesheet a page names is a hashed
// address that the server lets the browser keep for good, and the page's
// import map sends each plain address there; so a second visit asks the
// server for the page and the list of games and nothing else, the engine's
// worker included. The first moves come from the page's own instance of the
// engine (the worker is asked nothing before they are drawn), and the worker
// then plays on in the same match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, source } from './helpers.mjs';

const env = serverAndBrowser();

/** The import map of the page at `path`, as the server sends it. */
async function importMap(path) {
  const page = await (await fetch(`${env.server.base}${path}`)).text();
  const json = /<script type="importmap">(.*?)<\/script>/s.exec(page);
  assert.ok(json, `${path} has an import map`);
  return { page, imports: JSON.parse(json[1]).imports };
}

/** Waits for the page's first drawn moves (the frame's User Timing mark). */
const firstMoves = (page) => page.waitForFunction(() => performance.getEntriesByName('tabula:first-moves').length > 0);

test('every address of a play page and of its import map is a file kept for good, the same as the plain one', async () => {
  const { page, imports } = await importMap('/play/leeward');
  const plain = Object.keys(imports);
  for (const name of ['/static/shell/api.js', '/static/shell/engine-worker.js', '/static/shell/engine-matches.js', '/static/games/leeward/board.css']) {
    assert.ok(plain.includes(name), `${name} is mapped`);
  }
  for (const [from, to] of Object.entries(imports)) {
    assert.notEqual(to, from, `${from} has a hashed address`);
    const [hashed, original] = await Promise.all([fetch(`${env.server.base}${to}`), fetch(`${env.server.base}${from}`)]);
    assert.equal(hashed.status, 200, to);
    assert.match(hashed.headers.get('cache-control'), /immutable/, to);
    assert.equal(await hashed.text(), await original.text(), `${to} is ${from}`);
  }
  // The page's own tags name hashed addresses only (the map's, or the engine's, hashed already).
  const named = [...page.matchAll(/(?:src|href)="(\/static\/[^"]+\.(?:js|css|wasm))"/g)].map((m) => m[1]);
  assert.ok(named.length > 20, 'the page names its scripts, styles and preloads');
  const hashed = new Set(Object.values(imports));
  for (const address of named) assert.ok(hashed.has(address) || address.startsWith('/static/engine/'), `${address} is hashed`);
});

for (const slug of ['leeward', 'warp-weft', 'seesaw', 'piracy']) {
  test(`${slug}: a second visit asks the server for the page and the list of games only`, async () => {
    const page = await newPage(env.browser, { engine: 'browser', settings: { [`tabula.${slug}`]: { mode: 'two' } } });
    try {
      await page.goto(`${env.server.base}/play/${slug}`);
      await firstMoves(page);
      await page.goto(`${env.server.base}/rules/${slug}`);
      await page.waitForSelector('body[data-diagrams="drawn"]');
      await page.goto(`${env.server.base}/play/${slug}`);
      await firstMoves(page);
      // What came over the network (a file from the browser's cache has no transfer size), the page's and its worker's.
      const fetched = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.transferSize > 0).map((r) => new URL(r.name).pathname));
      assert.deepEqual(fetched, ['/api/games']);
      // The worker, once it has started (it has imported the engine's glue and its match book).
      await page.waitForFunction(() => performance.getEntriesByName('tabula:first-moves').length > 0);
      const [worker] = page.workers();
      assert.ok(worker, 'the engine\'s worker runs');
      const loaded = () => worker.evaluate(() => performance.getEntriesByType('resource').map((r) => ({ name: new URL(r.name).pathname, transferSize: r.transferSize })));
      let files = await loaded();
      for (let i = 0; files.length < 2 && i < 100; i++) {
        await page.waitForTimeout(100);
        files = await loaded();
      }
      assert.equal(files.length, 2, `the worker imported its glue and its match book: ${JSON.stringify(files)}`);
      assert.deepEqual(files.filter((f) => f.transferSize > 0), [], 'the worker\'s files came from the cache');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}

test('the first moves are drawn by the page\'s own engine, and the worker plays on in the same match', async () => {
  const page = await newPage(env.browser, { engine: 'browser', settings: { 'tabula.warp-weft': { mode: 'computer', level: 'easy', side: 'weft', size: '5', hints: false } } });
  try {
    await page.addInitScript(() => {
      // What the page asks its worker, and what it had asked by the time it drew its first moves.
      window.__asked = [];
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function postMessage(message, ...rest) {
        if (message && message.op) window.__asked.push(message.op);
        return post.call(this, message, ...rest);
      };
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('tabula:first-moves').length) window.__beforeFirstMoves = [...window.__asked];
      }).observe({ type: 'mark', buffered: true });
    });
    await page.goto(`${env.server.base}/play/warp-weft?seed=7&size=5`);
    await page.waitForURL(/[?&]match=local-/);
    await page.waitForFunction(() => window.__beforeFirstMoves);
    const before = await page.evaluate(() => window.__beforeFirstMoves);
    assert.ok(!before.includes('create') && !before.includes('view'), `the worker made and showed nothing: ${before.join(' ')}`);
    // The person's move and the computer's answer: the worker takes the match over from the kept copy.
    const id = new URL(page.url()).searchParams.get('match');
    await page.waitForSelector('#board .cell.lit');
    await page.click('#board .cell.lit >> nth=0');
    await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length >= 2 && !document.querySelector('#thinking'));
    const view = await source(page, `/api/matches/${id}`);
    assert.ok(view.history.length >= 2, 'a move and the computer\'s answer');
    assert.ok((await page.evaluate(() => window.__asked)).includes('computer'), 'the computer thought in the worker');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});
