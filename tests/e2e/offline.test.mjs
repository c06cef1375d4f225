// The portal offline (issue 26): after one visit, the service worker keeps
// every page, file and the browser's engine, so with the server gone the
// portal still opens, a person plays a whole game against the computer in the
// browser by clicking (with a reload and an undo on the way), the rules pages
// draw their diagrams and the list of games played shows the game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, shot } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  if (browser) await browser.close();
});

/**
 * Waits until the service worker controls the page and has kept the engine.
 * (A loop of evaluate calls, which wait for the check's promise: waitForFunction
 * took the promise itself for a yes, before the worker had even installed.)
 * A page whose navigation began while the worker was still installing can stay
 * outside it even after its `clients.claim()` (seen once in CI: the worker
 * active, no controller for 30 s); such a page is opened again, as a person's
 * next visit would be, and a page opened with the worker active is under it.
 */
async function untilKeptOffline(page) {
  // What is missing ('' once the portal is kept; said in the failure), and
  // whether the page is outside a worker that is already active.
  const missing = () => page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = navigator.serviceWorker.controller;
    if (!worker || worker.state !== 'activated') {
      const states = registration
        ? ['installing', 'waiting', 'active'].map((k) => `${k}: ${registration[k] ? registration[k].state : 'none'}`).join(', ')
        : 'not registered';
      const outside = registration?.active?.state === 'activated';
      return { what: `no activated worker controls the page (${states})`, outside };
    }
    const meta = document.querySelector('meta[name="tabula-engine"]');
    const names = await caches.keys();
    if (names.length !== 1 || !names[0].startsWith('tabula-')) return { what: `caches: ${JSON.stringify(names)}` };
    const cache = await caches.open(names[0]);
    if (!(await cache.match(meta.dataset.wasm))) return { what: `the engine ${meta.dataset.wasm} is not kept` };
    return { what: (await cache.match('/play/warp-weft')) ? '' : 'the play page is not kept' };
  });
  let last = await missing();
  let reloads = 0;
  for (let i = 0; last.what; i++) {
    if (i === 120) throw new Error(`the service worker did not keep the portal within 30 s (${reloads} reloads): ${last.what}`);
    if (last.outside && reloads < 3) {
      reloads += 1;
      await page.reload();
    } else {
      await page.waitForTimeout(250);
    }
    last = await missing();
  }
}

/** The game is over, or it is the person's move, with the computer's last move drawn to its end. */
const litAndCalm = () =>
  document.querySelector('#result') ||
  (document.querySelector('#board .cell.lit') && !document.querySelector('#thinking') && /Your move/.test(document.querySelector('#status')?.textContent || ''));

test('offline: the portal opens again, and a whole game against the computer is played in the browser', { timeout: 180000 }, async () => {
  const server = await startServer();
  const page = await newPage(browser, {
    engine: 'browser',
    serviceWorkers: 'allow',
    settings: { 'tabula.warp-weft': { mode: 'computer', level: 'easy', side: 'weft', size: '5', hints: true } },
  });
  try {
    await page.goto(`${server.base}/`);
    await page.waitForSelector('.game-card');
    // The first visit has the worker keep everything; a reload puts the page under it.
    await page.reload();
    await untilKeptOffline(page);
    await server.stop();

    // No server: the play page opens from the copy, and the person plays by clicking.
    // (Offline, a page is ready once its DOM is: what this test checks follows from the selectors.)
    await page.goto(`${server.base}/play/warp-weft?seed=7&size=5`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#board .cell');
    await page.waitForURL(/[?&]match=local-/);
    assert.equal(await page.locator('#board .cell').count(), 25);
    let moves = 0;
    for (let i = 0; i < 30; i++) {
      await page.waitForFunction(litAndCalm);
      if (await page.locator('#result').count()) break;
      const taken = await page.locator('#board .cell.taken-weft').count();
      await page.click('#board .cell.lit >> nth=0');
      await page.waitForFunction((n) => document.querySelectorAll('#board .cell.taken-weft').length > n, taken);
      moves += 1;
      if (moves === 2) {
        // A reload in the middle of the game comes back to it, offline.
        const at = page.url();
        await page.reload({ waitUntil: 'domcontentloaded' });
        await page.waitForSelector('#board .cell');
        assert.equal(page.url(), at);
        // The kept game is read back (from IndexedDB) after the board is first drawn.
        await page.waitForFunction((n) => document.querySelectorAll('#board .cell.taken-weft').length === n, taken + 1);
        // Undo takes back the computer's reply and the person's move.
        await page.waitForFunction(litAndCalm);
        await page.keyboard.press('u');
        await page.waitForFunction((n) => document.querySelectorAll('#board .cell.taken-weft').length === n, taken);
      }
    }
    await page.waitForSelector('#result');
    assert.match(await page.textContent('#result'), /win|draw/i);
    await shot(page, 'offline-warp-weft-finished');

    // The rules pages draw their diagrams with the engine in the browser.
    await page.goto(`${server.base}/rules/leeward`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('body[data-diagrams="drawn"]');
    assert.equal(await page.locator('.diagram .note').count(), 0, 'no diagram failed');

    // The list of games played shows the finished game, kept by this browser.
    await page.goto(`${server.base}/matches`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('text=this browser');
    // The person is "You", as the play page called them; the computer by its level.
    const listed = await page.textContent('.match-row');
    assert.match(listed, /You · /);
    assert.match(listed, /Computer · \w+/);
    await shot(page, 'offline-matches');
    assert.deepEqual(page.problems.filter((p) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(p)), []);
  } finally {
    await page.context().close();
    await server.stop();
  }
});
