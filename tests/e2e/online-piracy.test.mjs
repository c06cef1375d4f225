// Browser tests of Piracy over the network and in replay: two browser
// contexts steer one ship each from their own keyboards, a third watches,
// one player reloads mid-game, and the finished game is replayed with the
// arrow keys.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, shot, inviteOnline, joinOnline, DESKTOP } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const settingsKey = 'tabula.piracy';
const ply = (page) => page.$eval('#app', (el) => Number(el.dataset.ply));
const waitPly = (page, n) => page.waitForFunction((k) => Number(document.getElementById('app').dataset.ply) === k, n);

/** Ann creates an online Piracy match as Cook and returns the invitation link. */
async function createOnline(page) {
  await page.goto(`${server.base}/play/piracy?seed=6`);
  await page.waitForSelector('#app[data-ready="cook"]');
  return inviteOnline(page, { name: 'Ann', clock: 'none' });
}

test('two captains online: each steers only their own ship, a watcher cannot, a reload comes back, and the game replays', { timeout: 180000 }, async () => {
  // The island setting (d4) carries over to the online match's new chart.
  const ann = await newPage(browser, { viewport: DESKTOP, settings: { [settingsKey]: { mode: 'two', sound: false, island: 'd4' } } });
  const link = await createOnline(ann);
  const id = /match=([0-9a-f]+)/.exec(link)[1];
  assert.match(await ann.textContent('#seat-0'), /\(you\)/);

  const bo = await newPage(browser, { viewport: DESKTOP, settings: { [settingsKey]: { sound: false } } });
  await joinOnline(bo, link, 'Bo');
  await ann.waitForFunction(() => document.querySelector('#seat-1').textContent.includes('Bo'));

  // Cook (Ann) to move: Bo's keys do nothing and nothing is lit for him.
  await ann.waitForSelector('#app[data-ready="cook"]');
  assert.equal(await bo.getAttribute('#app', 'data-ready'), '');
  assert.equal(await bo.locator('#board .target').count(), 0);
  await bo.keyboard.press('ArrowUp');
  await bo.waitForSelector('.toast:has-text("turn")');
  assert.equal(await ply(bo), 0);
  assert.match(await bo.textContent('#status'), /Waiting for Ann/);

  // Ann sails straight on; Bo sees it live and answers with his own keys
  // (the arrows steer his ship, Silver, online).
  await ann.keyboard.press('ArrowUp');
  await waitPly(bo, 1);
  await bo.waitForSelector('#app[data-ready="silver"]');
  // "Your move" once Ann's move has been drawn to its end.
  await bo.waitForFunction(() => /Your move: Silver/.test(document.querySelector('#status').textContent));
  assert.match(await bo.textContent('#ship-cook .where'), /b2–c3/);
  await bo.keyboard.press('ArrowUp');
  await waitPly(ann, 2);
  await shot(bo, 'online-piracy-bo');

  // A watcher sees the same sea and cannot steer.
  const watcher = await newPage(browser, { settings: { [settingsKey]: { sound: false } } });
  await watcher.goto(`${server.base}/play/piracy?match=${id}`);
  await watcher.waitForSelector('#online #seat-0');
  assert.equal(await ply(watcher), 2);
  assert.match(await watcher.textContent('#status'), /watching/);
  await watcher.keyboard.press('ArrowLeft');
  await watcher.waitForSelector('.toast:has-text("watching")');

  // No take-back online.
  await ann.keyboard.press('t');
  await ann.waitForSelector('.toast:has-text("cannot be taken back")');
  assert.equal(await ply(ann), 2);

  // Bo reloads mid-game and comes back to his seat; the game goes on.
  await bo.reload();
  await bo.waitForSelector('#online #seat-1');
  assert.equal(await ply(bo), 2);
  assert.match(await bo.textContent('#seat-1'), /\(you\)/);
  // Ann runs Cook onto the island (c3 → d4): Silver must now sail seven moves alone.
  await ann.waitForSelector('#app[data-ready="cook"]');
  await ann.keyboard.press('ArrowUp');
  await bo.waitForSelector('#ship-cook[data-sunk="true"]');
  // Silver (bow f6, heading south-west) sails R R L S L L S: e6 d7 c7 b7 a6 a5 a4, clear of land.
  const course = ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'ArrowUp'];
  for (let i = 0; i < course.length; i++) {
    await bo.waitForSelector('#app[data-ready="silver"]');
    assert.match(await bo.textContent('#owed'), new RegExp(`make ${7 - i} move`));
    const n = await ply(bo);
    await bo.keyboard.press(course[i]);
    await waitPly(bo, n + 1);
  }
  // The watcher's page hears of the last move a moment after Bo's own does.
  await watcher.waitForFunction(() => /a5–a4/.test(document.querySelector('#ship-silver .where').textContent));
  for (const p of [ann, bo, watcher]) {
    await p.waitForSelector('#result');
    assert.match(await p.textContent('#result'), /Bo wins|You win!/);
  }
  assert.match(await bo.textContent('#result'), /You win!/);
  await shot(ann, 'online-piracy-result');

  // The replay: arrow keys step through the ten moves (no passes).
  await ann.click('#replay-link');
  await ann.waitForURL(new RegExp(`/play/piracy\\?replay=${id}`));
  await ann.waitForSelector('#replay');
  assert.match(await ann.textContent('#replay-pos'), /Move 10 of 10/);
  await ann.keyboard.press('Home');
  await ann.waitForFunction(() => /Start/.test(document.querySelector('#replay-pos').textContent));
  assert.equal(await ann.locator('#board .target').count(), 0, 'nothing to steer in a replay');
  await ann.keyboard.press('ArrowRight');
  await ann.waitForFunction(() => /Move 1 of/.test(document.querySelector('#replay-pos').textContent));
  assert.match(await ann.textContent('#ship-cook .where'), /b2–c3/);
  await ann.keyboard.press('End');
  await ann.waitForFunction(() => /Move 10 of/.test(document.querySelector('#replay-pos').textContent));
  assert.equal(await ann.getAttribute('#ship-cook', 'data-sunk'), 'true');
  await shot(ann, 'online-piracy-replay');
  for (const p of [ann, bo, watcher]) assert.deepEqual(p.problems || [], [], 'no console errors');
});
