// Browser tests that a page does what the person meant, and only once: a
// click during the computer's turn never builds a move (Seesaw's deploy
// cells, clicked while the computer replies), and asking for a new game
// several times at once (the key pressed ten times, a double-click on the
// button) leaves one new match, not one for every ask.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage } from './helpers.mjs';

const env = serverAndBrowser();

const cell = (name) => `#board .cell[data-cell="${name}"]`;

/** The centre of an element, for mouse clicks that do not wait for the page to be still. */
async function centre(page, selector) {
  const box = await page.locator(selector).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Records the id of every match the page creates. */
function recordCreated(page) {
  const ids = [];
  page.on('response', async (res) => {
    if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/matches' && res.ok()) ids.push((await res.json()).id);
  });
  return ids;
}

/** Waits until, of the matches `created`, only `kept` is still on the server (deletions are sent without waiting). */
async function onlyKept(created, kept) {
  const status = async (id) => (await fetch(`${env.server.base}/api/matches/${id}`)).status;
  for (let i = 0; i < 60; i++) {
    const left = [];
    for (const id of created) if ((await status(id)) === 200) left.push(id);
    if (left.length === 1 && left[0] === kept) return;
    if (i === 59) assert.deepEqual(left, [kept], 'the matches left of those the page made');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const played = (page) => page.$$eval('#move-list .mv:not(.mv-gap) .mv-cell', (els) => els.map((e) => e.textContent));

test('Seesaw: a click while the computer replies builds nothing, and the next turn starts with nothing picked', { timeout: 90000 }, async () => {
  const page = await newPage(env.browser, { settings: { 'tabula.seesaw': { mode: 'computer', level: 'hard', side: 'south', deploys: true } } });
  await page.goto(`${env.server.base}/play/seesaw`);
  await page.waitForSelector('#board .cell.actionable');
  const c1 = await centre(page, cell('c1'));
  const b1 = await centre(page, cell('b1'));
  // A double-click on the deploy cell c1 deploys there once; the clicks after it come while the computer is to move.
  await page.mouse.dblclick(c1.x, c1.y);
  await page.waitForSelector('#thinking');
  await page.mouse.click(b1.x, b1.y);
  await page.mouse.click(c1.x, c1.y);
  await page.waitForFunction(() => /Wait a moment/.test(document.body.textContent));
  // The computer answers; the person's turn starts with nothing picked, and b1 deploys.
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length === 2 && !document.querySelector('#thinking'));
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  assert.equal((await played(page))[0], '+c1');
  assert.match(await page.textContent('#status'), /Pick a stack/, 'nothing is picked');
  await page.mouse.click(b1.x, b1.y);
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length >= 3);
  assert.equal((await played(page))[2], '+b1', 'a click on the deploy cell b1 deploys there');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('asking for a new game ten times at once, or double-clicking New game, makes one new match', { timeout: 90000 }, async () => {
  const page = await newPage(env.browser, { settings: { 'tabula.warp-weft': { mode: 'two' } } });
  await page.goto(`${env.server.base}/play/warp-weft`);
  await page.waitForSelector('#board .cell.lit');
  const idOf = () => new URL(page.url()).searchParams.get('match');
  const created = recordCreated(page);
  const first = idOf();
  // Ten presses inside one task of the page, so that all ten come before the first reply
  // (pressed one by one from here, a loaded machine may let each new match come back first).
  await page.evaluate(() => {
    for (let i = 0; i < 10; i++) document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true }));
  });
  await page.waitForFunction((old) => new URL(location.href).searchParams.get('match') !== old, first);
  await page.waitForSelector('#board .cell.lit');
  await page.waitForTimeout(500); // any late reply has come in
  assert.equal(created.length, 1, `${created.length} matches made for ten presses`);
  await onlyKept([first, ...created], idOf());
  const second = idOf();
  created.length = 0;
  await page.dblclick('#new-btn');
  await page.waitForFunction((old) => new URL(location.href).searchParams.get('match') !== old, second);
  await page.waitForSelector('#board .cell.lit');
  await page.waitForTimeout(500);
  assert.equal(created.length, 1, 'a double-click on New game makes one match');
  await onlyKept([second, ...created], idOf());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the computer is asked for its answer at once, while the person’s move is still drawn; a calm pace is a setting', { timeout: 90000 }, async () => {
  const page = await newPage(env.browser, { settings: { 'tabula.seesaw': { mode: 'computer', level: 'easy', side: 'south', deploys: true } } });
  // Notes, for every request for a computer move, whether the board was still animating when it was sent.
  await page.addInitScript(() => {
    window.askedWhileDrawing = [];
    const send = window.fetch;
    window.fetch = (url, init) => {
      if (String(url).endsWith('/computer-move')) {
        const board = document.querySelector('#board');
        window.askedWhileDrawing.push(!!board && board.getAnimations({ subtree: true }).some((a) => a.playState === 'running'));
      }
      return send(url, init);
    };
  });
  await page.goto(`${env.server.base}/play/seesaw`);
  await page.waitForSelector('#board .cell.actionable');
  await page.click(cell('c1'));
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length === 2);
  assert.deepEqual(await page.evaluate(() => window.askedWhileDrawing), [true]);
  // The pace is kept with the site's settings.
  await page.click('#tb-settings');
  await page.selectOption('#settings-dialog select[name="pace"]', 'calm');
  await page.click('#settings-dialog button:has-text("Close")');
  const site = await page.evaluate(() => JSON.parse(localStorage.getItem('tabula.site')));
  assert.equal(site.pace, 'calm');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a match open in two tabs: a move in one shows in the other, which then refuses nothing for a stale reason', { timeout: 90000 }, async () => {
  const first = await newPage(env.browser, { settings: { 'tabula.warp-weft': { mode: 'two' } } });
  await first.goto(`${env.server.base}/play/warp-weft`);
  await first.waitForSelector('#board .cell.lit');
  const second = await first.context().newPage();
  second.problems = [];
  second.on('console', (msg) => msg.type() === 'error' && second.problems.push(msg.text()));
  await second.goto(first.url());
  await second.waitForSelector('#board .cell.lit');
  // Weft moves in the first tab; the second follows at once.
  const target = await first.getAttribute('#board .cell.lit', 'data-cell');
  await first.click(`#board .cell.lit[data-cell="${target}"]`);
  await first.click(`#board .cell.lit[data-cell="${target}"]`).catch(() => {}); // a second click confirms where a tap previews
  await first.waitForSelector(`#board .cell.taken-weft[data-cell="${target}"]`);
  await second.waitForSelector(`#board .cell.taken-weft[data-cell="${target}"]`);
  // Warp's move in the second tab is played, and shows in the first.
  const reply = await second.getAttribute('#board .cell.lit', 'data-cell');
  await second.click(`#board .cell.lit[data-cell="${reply}"]`);
  await second.waitForSelector(`#board .cell.taken-warp[data-cell="${reply}"]`);
  await first.waitForSelector(`#board .cell.taken-warp[data-cell="${reply}"]`);
  assert.deepEqual(first.problems, []);
  assert.deepEqual(second.problems, []);
  await first.context().close();
});
