// Browser tests of online play: two browser contexts (two people) play each
// other through the real server; one leaves and comes back mid-game; a third
// watches; the server is killed (kill -9) and restarted mid-game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, shot, inviteOnline, joinOnline, DESKTOP, PHONE } from './helpers.mjs';

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

const settingsKey = 'tabula.warp-weft';
const taken = (page) => page.locator('#board .cell.taken-weft, #board .cell.taken-warp').count();
const waitLit = (page) => page.waitForSelector('#board .cell.lit');

/** Records console errors of a page opened in an existing context. */
function watchProblems(page) {
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`uncaught: ${err.message}`));
  page.setDefaultTimeout(15000);
  return page;
}

/** Ann creates an online match from the play page and returns its invitation link. */
async function createOnline(page, base, { name = 'Ann', clock = '5+3' } = {}) {
  await page.goto(`${base}/play/warp-weft?seed=42&size=5`);
  await page.waitForSelector('#board .cell');
  return inviteOnline(page, { name, clock });
}

/** The player whose turn it is takes its first lit cell; the other page sees it. */
async function playOne(mover, other) {
  await waitLit(mover);
  const before = await taken(other);
  const cell = await mover.$eval('#board .cell.lit', (g) => g.dataset.cell);
  await mover.click(`#board .cell[data-cell="${cell}"]`);
  await other.waitForFunction((n) => document.querySelectorAll('#board .cell.taken-weft, #board .cell.taken-warp').length > n, before);
  return cell;
}

test('two browsers play each other online; one leaves mid-game and comes back; a third watches', { timeout: 180000 }, async () => {
  const ann = await newPage(browser, { viewport: DESKTOP, settings: { [settingsKey]: { mode: 'two', size: '5', hints: false } } });
  const link = await createOnline(ann, server.base);
  assert.match(link, /\/play\/warp-weft\?match=[0-9a-f]{16}&invite=[0-9a-f]{32}$/);
  const id = /match=([0-9a-f]+)/.exec(link)[1];
  await ann.waitForFunction(() => /Waiting for your friend/.test(document.querySelector('#online-status').textContent));
  assert.equal(await ann.locator('#board .cell.lit').count() > 0, true, 'Ann may move before Bo arrives');
  await shot(ann, 'online-invite-desktop');

  // Bo, in another browser, opens the link and takes the free seat; his name is shown as text.
  const bo = await newPage(browser, { viewport: PHONE, touch: false });
  await joinOnline(bo, link, '<b>Bo</b>');
  assert.doesNotMatch(bo.url(), /invite=/, 'the invitation leaves the address once used');
  await ann.waitForFunction(() => document.querySelector('#seat-1').textContent.includes('<b>Bo</b>'));
  assert.equal(await ann.locator('#online b, #status b').count(), 0, 'names are never read as HTML');
  assert.match(await bo.textContent('#seat-0'), /Ann/);
  assert.match(await bo.textContent('#seat-1'), /\(you\)/);

  // The clock (5 min + 3 s) runs for Ann, who moves first.
  await ann.waitForSelector('#seat-0 .seat-clock.running');
  assert.match(await ann.textContent('#seat-0 .seat-clock'), /^[45]:\d\d$/);
  assert.equal(await bo.locator('#board .cell.lit').count(), 0, 'not Bo’s turn: nothing lit for him');

  // Moves cross live both ways.
  const a1 = await playOne(ann, bo);
  assert.equal(await bo.locator(`#board .cell.taken-weft[data-cell="${a1}"]`).count(), 1);
  await waitLit(bo);
  // "Your move" once Ann's move has been drawn to its end.
  await bo.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  await ann.waitForFunction(() => /Waiting for/.test(document.querySelector('#status').textContent));
  await shot(bo, 'online-phone-bo-to-move');
  await playOne(bo, ann);

  // A third person watches: the same board, nothing to click, and the server refuses a move without a seat.
  const watcher = await newPage(browser);
  await watcher.goto(`${server.base}/play/warp-weft?match=${id}`);
  await watcher.waitForSelector('#online #seat-0');
  await watcher.waitForFunction(() => /watching/.test(document.querySelector('#online-status').textContent));
  assert.equal(await taken(watcher), 2, 'the two moves played');
  assert.equal(await watcher.locator('#board .cell.lit').count(), 0);
  const view = await (await fetch(`${server.base}/api/matches/${id}`)).json();
  const res = await fetch(`${server.base}/api/matches/${id}/moves`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ move: view.moves[0].move }),
  });
  assert.equal(res.status, 403);
  assert.equal((await res.json()).error, 'forbidden');

  // Bo's page goes away mid-game: Ann is told he is disconnected.
  const boContext = bo.context();
  await bo.close();
  await ann.waitForFunction(() => /disconnected/.test(document.querySelector('#online-status').textContent));
  assert.equal(await ann.locator('#seat-1 .presence.off').count(), 1);
  await shot(ann, 'online-desktop-opponent-away');
  // Ann may still move; then Bo comes back to the same game, in the same browser.
  await ann.click('#board .cell.lit >> nth=0');
  await ann.waitForFunction(() => !document.querySelector('#board .cell.lit'));
  const bo2 = watchProblems(await boContext.newPage());
  await bo2.goto(`${server.base}/play/warp-weft?match=${id}`);
  await bo2.waitForSelector('#online #seat-1');
  assert.equal(await taken(bo2), 3, 'Bo finds the game as it is, with Ann’s move made while he was away');
  await ann.waitForFunction(() => /Waiting for/.test(document.querySelector('#online-status').textContent));
  assert.match(await bo2.textContent('#seat-1'), /\(you\)/, 'his seat came back with him');

  // Ann reloads too, and they play the game to its end.
  await ann.reload();
  await ann.waitForSelector('#online #seat-0');
  let [mover, other] = [bo2, ann];
  for (let i = 0; i < 40; i++) {
    if (await ann.locator('#result').count()) break;
    await playOne(mover, other);
    await mover.waitForFunction(() => !document.querySelector('#board .cell.lit'));
    if (await other.locator('#result').count()) break;
    [mover, other] = [other, mover];
  }
  for (const p of [ann, bo2, watcher]) {
    await p.waitForSelector('#result');
    assert.match(await p.textContent('#result'), /wins|draw/i);
  }
  assert.match(await ann.textContent('#result'), /You win!|Bo<\/b> wins|A draw/);
  assert.ok(await ann.isVisible('#online-replay'), 'a link to replay the game');
  await shot(ann, 'online-desktop-result');
  await shot(bo2, 'online-phone-result', { fullPage: true });

  for (const p of [ann, bo2, watcher]) assert.deepEqual(p.problems, [], 'no console errors');
  await ann.context().close();
  await boContext.close();
  await watcher.context().close();
});

test('the server is killed mid-game (kill -9) and restarted: both pages come back to the same game', { timeout: 180000 }, async () => {
  const own = await startServer();
  const data = own.data;
  const port = own.port;
  let restarted;
  try {
    const ann = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', size: '5' } } });
    const link = await createOnline(ann, own.base, { clock: 'none' });
    const bo = await newPage(browser);
    await joinOnline(bo, link, 'Bo');
    await playOne(ann, bo);
    await playOne(bo, ann);
    await playOne(ann, bo);
    const before = await taken(bo);

    await own.kill();
    await ann.waitForFunction(() => /Offline/.test(document.querySelector('#live-chip').textContent));
    await shot(ann, 'online-desktop-server-down');
    restarted = await startServer({ data, port });
    assert.equal(restarted.base, own.base, 'the server is back at the same address');
    // Both pages reconnect by themselves and show the game as it was.
    for (const p of [ann, bo]) await p.waitForFunction(() => /Live/.test(document.querySelector('#live-chip').textContent), null, { timeout: 20000 });
    assert.equal(await taken(ann), before);
    assert.equal(await taken(bo), before);
    // And it goes on.
    await playOne(bo, ann);
    await playOne(ann, bo);
    // While the server was down the pages logged failed connections; nothing else went wrong.
    for (const p of [ann, bo]) {
      assert.deepEqual(p.problems.filter((x) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(x)), []);
    }
    await ann.context().close();
    await bo.context().close();
  } finally {
    await restarted?.stop();
    await own.stop();
  }
});
