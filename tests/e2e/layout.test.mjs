// Browser tests that the side panel keeps the moves in the window on a
// 1280 × 800 desktop, in an online match and in a replay of every game (the
// list scrolls inside its card, never the panel), and that Piracy's target
// markers are 44 px touch targets on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, inviteOnline, joinOnline, shot, DESKTOP, PHONE } from './helpers.mjs';

const env = serverAndBrowser();
const GAMES = [['leeward', {}], ['warp-weft', { seed: 3, size: 7 }], ['seesaw', {}], ['piracy', {}]];
/** Three rows of moves. */
const ROWS = 70;

async function call(path, body) {
  const res = await fetch(`${env.server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

/** How much of `selector` shows inside the side panel without scrolling it, and how far the panel scrolls. */
function inWindow(page, selector) {
  return page.$eval(selector, (list) => {
    const panel = list.closest('.side-panel');
    const r = list.getBoundingClientRect();
    const p = panel.getBoundingClientRect();
    // What stands in the panel, card by card with its height: said when a check fails.
    const cards = [...panel.children].filter((c) => c.offsetParent).map((c) => `${c.id || c.className} ${Math.round(c.getBoundingClientRect().height)} px`).join(', ');
    return { shown: Math.round(Math.min(r.bottom, p.bottom, innerHeight) - r.top), overflow: panel.scrollHeight - panel.clientHeight, cards };
  });
}

test('1280 × 800, online: the move list shows below the online card in every game', { timeout: 180000 }, async () => {
  for (const [slug] of GAMES) {
    const ann = await newPage(env.browser, { viewport: DESKTOP });
    await ann.goto(`${env.server.base}/play/${slug}`);
    await ann.waitForSelector('#board svg');
    const link = await inviteOnline(ann, { name: 'Ann' });
    // The invitation's toast ("copied", or how to copy it) makes room without the panel scrolling.
    if (await ann.$('.toasts > .toast')) assert.equal((await inWindow(ann, '#move-list')).overflow, 0, `${slug}: the panel scrolls under a toast`);
    const bo = await newPage(env.browser, { viewport: DESKTOP });
    await joinOnline(bo, link, 'Bo');
    await ann.waitForFunction(() => /Bo/.test(document.querySelector('#seat-1').textContent));
    // Connected too: between Bo's joining and his page's connection, Ann's card says he is away (a longer card).
    await ann.waitForSelector('#seat-1 .presence.on');
    await ann.waitForFunction(() => !document.querySelector('.toasts > .toast'), null, { timeout: 15000 });
    // The pointer off the board (the dialog's last click may have left it over a cell).
    await ann.mouse.move(2, 2);
    const at = await inWindow(ann, '#move-list');
    assert.ok(at.shown >= ROWS, `${slug}: ${at.shown} px of the move list in the window`);
    assert.equal(at.overflow, 0, `${slug}: the panel does not scroll (${at.cards})`);
    if (slug === 'warp-weft') {
      // Pointing at a lit cell shows its (taller) preview: the move list lends the room.
      await ann.hover('#board .lit');
      await ann.waitForSelector('#hint-panel.has-preview');
      const pointed = await inWindow(ann, '#move-list');
      assert.equal(pointed.overflow, 0, `warp-weft: the panel does not scroll under a preview (${pointed.cards})`);
      assert.ok(pointed.shown >= 40, `warp-weft: ${pointed.shown} px of the move list beside a preview`);
    }
    // The seats stay one line each, and the status card alone says whose move it is.
    assert.match(await ann.textContent('#seat-0'), /Ann \(you\)· .+, moves first/);
    if (slug === 'seesaw') await shot(ann, 'layout-online-seesaw');
    assert.deepEqual(ann.problems, []);
    await ann.context().close();
    await bo.context().close();
  }
});

test('1280 × 800, a replay: the moves show under the graph in every game, the list scrolling in its card', { timeout: 180000 }, async () => {
  for (const [slug, options] of GAMES) {
    let v = await call('/api/matches', { game: slug, options, players: ['human', 'human'] });
    for (let i = 0; !v.result && i < 600; i++) v = await call(`/api/matches/${v.id}/moves`, { move: v.moves[(i * 7) % v.moves.length].move });
    assert.ok(v.result, `${slug}: the scripted game ends`);
    const page = await newPage(env.browser, { viewport: DESKTOP });
    await page.goto(`${env.server.base}/play/${slug}?replay=${v.id}`);
    await page.waitForSelector('#replay .replay-moves');
    await page.waitForSelector('#result');
    const at = await inWindow(page, '#replay .replay-moves');
    assert.ok(at.shown >= ROWS, `${slug}: ${at.shown} px of the replay's moves in the window`);
    if (slug === 'piracy') await shot(page, 'layout-replay-piracy');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('on a phone, Piracy’s target markers are 44 px touch targets', { timeout: 60000 }, async () => {
  const page = await newPage(env.browser, { viewport: PHONE, touch: true, settings: { 'tabula.piracy': { mode: 'two' } } });
  await page.goto(`${env.server.base}/play/piracy`);
  await page.waitForSelector('#board .target');
  const sizes = await page.$$eval('#board .target', (els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return Math.floor(Math.min(r.width, r.height));
  }));
  assert.ok(sizes.length >= 3, 'the ship to move has its targets');
  for (const px of sizes) assert.ok(px >= 44, `a target of ${px} px`);
  // A tap at the edge of a target, outside its drawn circle, still plays a move.
  const before = await page.$$eval('#move-list .mv', (els) => els.length);
  const box = await page.locator('#board .target').first().boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + 3);
  await page.waitForFunction((n) => document.querySelectorAll('#move-list .mv').length > n, before);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a toast on a play page covers none of the moves: Piracy’s log makes room for it', { timeout: 60000 }, async () => {
  const page = await newPage(env.browser, { viewport: DESKTOP, settings: { 'tabula.piracy': { mode: 'two' } } });
  // A fixed chart whose island (e3) lies off both ships' straight courses: on a random one,
  // Cook's first move may run aground and Silver then sails alone, so the keys would not alternate.
  await page.goto(`${env.server.base}/play/piracy?seed=6&island=e3`);
  await page.waitForSelector('#board .target');
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press(i % 2 ? 'f' : 'ArrowUp');
    await page.waitForFunction((n) => document.getElementById('app').dataset.ply === String(n), i + 1);
  }
  await page.keyboard.press('r'); // nothing taken back: a toast says so
  const toast = page.locator('.toast:has-text("Nothing to replay")');
  await toast.waitFor();
  await page.waitForTimeout(300); // the panel has made its room
  const t = await toast.boundingBox();
  const log = await page.locator('.moves-card').boundingBox();
  assert.ok(log.y + log.height <= t.y, `the log ends at ${log.y + log.height}, the toast starts at ${t.y}`);
  const last = await page.locator('#move-list > li').last().boundingBox();
  assert.ok(last.y + last.height <= log.y + log.height, 'the newest entry is in view');
  await shot(page, 'layout-toast-piracy');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('behind "Join the match", the invitation shows the match as it stands, without Undo', { timeout: 60000 }, async () => {
  const ann = await newPage(env.browser, { viewport: DESKTOP });
  await ann.goto(`${env.server.base}/play/leeward`);
  await ann.waitForSelector('#board .piece');
  const link = await inviteOnline(ann, { name: 'Ann' });
  const wind = await ann.textContent('#wind-now');
  const bo = await newPage(env.browser, { viewport: DESKTOP });
  await bo.goto(link);
  await bo.waitForSelector('#join-dialog[open]');
  assert.equal(await bo.locator('#board .piece').count(), await ann.locator('#board .piece').count(), 'the pieces are drawn');
  assert.equal(await bo.textContent('#wind-now'), wind, 'the wind is the match’s');
  assert.equal(await bo.locator('#undo-btn').isVisible(), false, 'no Undo in an online game');
  await shot(bo, 'layout-join-leeward');
  assert.deepEqual(bo.problems, []);
  await ann.context().close();
  await bo.context().close();
});
