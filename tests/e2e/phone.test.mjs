// Browser tests of the play pages on a phone (390 × 844), and of the same
// marks on a desktop where the phone hides them: nothing the page adds over a
// board (zoom buttons, harbour markers, badges, toasts) covers the board or a
// label, and the board's own buttons are touch targets of 44 × 44 CSS px at
// least. Every check compares bounding boxes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, shot, PHONE, DESKTOP } from './helpers.mjs';

const env = serverAndBrowser();

/** The boxes of every element matching `selector` (in CSS px), skipping hidden ones. */
function boxes(page, selector) {
  return page.$$eval(selector, (els) => els
    .filter((e) => getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden')
    .map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height, text: e.textContent.trim() };
    })
    .filter((b) => b.w > 0 && b.h > 0));
}

/** Whether two boxes share more than a hair (half a pixel) of area. */
const overlap = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;

/** Every pair of a box of `front` over a box of `back`, as readable lines. */
function clashes(front, back) {
  const out = [];
  for (const a of front) for (const b of back) if (overlap(a, b)) out.push(`${a.text || 'mark'} over ${b.text || 'box'}`);
  return out;
}

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'the page logged errors');
}

test('Piracy on a phone: the zoom buttons sit beside the chart, 44 px square, and the harbours leave the coordinates readable', { timeout: 60000 }, async () => {
  const page = await newPage(env.browser, { viewport: PHONE, settings: { 'tabula.piracy': { mode: 'two', level: 'easy', side: 'cook', island: 'seed', graphics: 'chart', sound: false } } });
  await page.goto(`${env.server.base}/play/piracy`);
  await page.waitForSelector('#board .target');
  const board = (await boxes(page, '#board svg'))[0];
  const zooms = await boxes(page, '.zoom-tools button');
  assert.ok(zooms.length >= 2, 'zoom buttons are shown');
  for (const z of zooms) {
    assert.ok(z.w >= 44 && z.h >= 44, `a zoom button is ${z.w} × ${z.h} px`);
    assert.ok(!overlap(z, board), 'a zoom button covers the chart');
  }
  const labels = await boxes(page, '#board .label');
  assert.equal(labels.length, 16, 'eight files and eight ranks');
  for (const mode of ['chart', 'plain']) {
    const marks = await boxes(page, '#board .harbours > *');
    assert.ok(marks.length >= 4, `the harbours are drawn (${mode})`);
    assert.deepEqual(clashes(marks, labels), [], `a harbour covers a coordinate (${mode})`);
    if (mode === 'chart') await page.keyboard.press('m');
  }
  // Cook in the harbour a8, heading north: its turns run aground on the coast beside rank 8 and the top files.
  const position = 'island=d4;cook=a7-a8,hits=0,circling=0;silver=h2-h1,hits=0,circling=0;next=cook;ply=0';
  const res = await fetch(`${env.server.base}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'piracy', position, players: ['human', 'human'] }) });
  const { id } = await res.json();
  await page.goto(`${env.server.base}/play/piracy?match=${id}`);
  await page.waitForSelector('#board .target.rock');
  assert.deepEqual(clashes(await boxes(page, '#board .target'), await boxes(page, '#board .label')), [], 'a marker of the harbour covers a coordinate');
  await shot(page, 'phone-piracy');
  noProblems(page);
  await page.context().close();
});

test('Leeward on a phone: the three winds on the board are 44 px touch targets that do not overlap', { timeout: 60000 }, async () => {
  const page = await newPage(env.browser, { viewport: PHONE, settings: { 'tabula.leeward': { mode: 'two', level: 'easy', side: 'ink' } } });
  await page.goto(`${env.server.base}/play/leeward`);
  await page.waitForSelector('#board .sq.movable');
  await page.click('#board .sq[data-square="b1"]');
  await page.click('#board .sq[data-square="b3"]');
  await page.waitForSelector('#board .wind-choice');
  const winds = await boxes(page, '#board .wind-choice');
  assert.equal(winds.length, 3);
  for (const w of winds) assert.ok(w.w >= 44 && w.h >= 44, `a wind button is ${w.w.toFixed(1)} × ${w.h.toFixed(1)} px`);
  const circles = await page.$$eval('#board .wind-choice .hit', (els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2 };
  }));
  for (let i = 0; i < circles.length; i++) {
    for (let j = i + 1; j < circles.length; j++) {
      const [a, b] = [circles[i], circles[j]];
      assert.ok(Math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r - 0.5, 'two wind buttons overlap');
    }
  }
  await shot(page, 'phone-leeward-winds');
  noProblems(page);
  await page.context().close();
});

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`a toast on the ${name} leaves the board's coordinates readable`, { timeout: 60000 }, async () => {
    const page = await newPage(env.browser, { viewport, settings: { 'tabula.leeward': { mode: 'two', level: 'easy', side: 'ink' } } });
    await page.goto(`${env.server.base}/play/leeward`);
    await page.waitForSelector('#board .sq.movable');
    // Paper's Lamp is not Ink's to move: the page says so in a toast.
    await page.click('#board .sq[data-square="d7"]');
    await page.waitForSelector('.toast');
    const toasts = await boxes(page, '.toast');
    const labels = await boxes(page, '#board .label');
    assert.equal(labels.length, 14);
    assert.deepEqual(clashes(toasts, labels), []);
    const board = (await boxes(page, '#board svg'))[0];
    assert.ok(!overlap(toasts[0], board), `the toast (${JSON.stringify(toasts[0])}) covers the board (${JSON.stringify(board)})`);
    noProblems(page);
    await page.context().close();
  });
}

test('Warp & Weft on a phone: the "reply" tag stays inside the cell it names', { timeout: 60000 }, async () => {
  const page = await newPage(env.browser, { viewport: PHONE, settings: { 'tabula.warp-weft': { mode: 'two', level: 'easy', side: 'weft', size: '7', hints: true } } });
  await page.goto(`${env.server.base}/play/warp-weft?seed=4821`);
  await page.waitForSelector('#board .cell.lit');
  const lit = await page.$$eval('#board .cell.lit', (els) => els.map((e) => e.dataset.cell));
  let checked = 0;
  for (const name of lit) {
    await page.hover(`#board .cell[data-cell="${name}"]`);
    if (!(await page.locator('#board .reply-ring-group').count())) continue;
    const tag = (await boxes(page, '#board .reply-ring-group rect:not(.reply-ring)'))[0];
    const ring = (await boxes(page, '#board .reply-ring'))[0];
    assert.ok(tag.y >= ring.y && tag.y + tag.h <= ring.y + ring.h && tag.x >= ring.x && tag.x + tag.w <= ring.x + ring.w, `the reply tag of ${name} sticks out of its cell`);
    checked += 1;
  }
  assert.ok(checked > 0, 'some lit cell has a best reply');
  noProblems(page);
  await page.context().close();
});

test('Warp & Weft 9 × 9 on a touch phone: every cell is a 44 px target, the board scrolls sideways round the shuttle, and a far cell plays', { timeout: 60000 }, async () => {
  const page = await newPage(env.browser, { viewport: PHONE, touch: true, settings: { 'tabula.warp-weft': { mode: 'two', size: '9' } } });
  await page.goto(`${env.server.base}/play/warp-weft?seed=3&size=9`);
  await page.waitForSelector('#board .cell.lit');
  const cells = await boxes(page, '#board .cell .hit');
  assert.equal(cells.length, 81);
  const small = cells.filter((b) => Math.floor(b.w + 0.01) < 44 || Math.floor(b.h + 0.01) < 44);
  assert.deepEqual(small, [], 'cells under 44 × 44 px');
  const layout = () => page.evaluate(() => {
    const box = document.querySelector('#board');
    const b = box.getBoundingClientRect();
    const sh = box.querySelector('.shuttle').getBoundingClientRect();
    const x = sh.x + sh.width / 2;
    return { pageWide: document.documentElement.scrollWidth > innerWidth, boxScrolls: box.scrollWidth > box.clientWidth, shuttleShows: x > b.left && x < b.right };
  });
  assert.deepEqual(await layout(), { pageWide: false, boxScrolls: true, shuttleShows: true });
  await shot(page, 'phone-warp-weft-9');
  // The lit cell farthest from the middle of what shows: tapped twice (look, then play) it is played.
  const far = await page.$$eval('#board .cell.lit', (els) => {
    const b = document.querySelector('#board').getBoundingClientRect();
    const mid = b.left + b.width / 2;
    const dist = (e) => Math.abs(e.getBoundingClientRect().x - mid);
    return els.reduce((a, e) => (dist(e) > dist(a) ? e : a)).dataset.cell;
  });
  const before = await page.$$eval('#move-list .mv', (els) => els.length);
  const cell = page.locator(`#board .cell[data-cell="${far}"]`);
  await cell.tap();
  await cell.tap();
  await page.waitForFunction((n) => document.querySelectorAll('#move-list .mv').length > n, before);
  await page.waitForFunction(() => {
    const box = document.querySelector('#board');
    const b = box.getBoundingClientRect();
    const sh = box.querySelector('.shuttle').getBoundingClientRect();
    return sh.x + sh.width / 2 > b.left && sh.x + sh.width / 2 < b.right;
  });
  noProblems(page);
  await page.context().close();
});

// A phone's Seesaw board is too small for the cell names (they are hidden there): the desktop shows them.
test(`Seesaw on the desktop: the deploy marks and the steps-left badge leave the cell names readable`, { timeout: 60000 }, async () => {
  // North's 4-stack on a2 must capture b3, then b1 (oracle game 4, turn 53).
  const chain = 'tiles:a1=1,a2=1,a3=1,b3=1,b4=1,c1=1,c4=1,c5=2,d1=1,d2=1,d3=1,d4=1,d5=2,d6=2,d7=2,e1=1,e3=2,e4=2,e6=2,f1=1,f3=2,f4=2,g1=1;stacks:a2=2x4,b1=1x1,b3=1x1,b5=1x1,f3=2x1,f4=2x1;next:2';
  const settings = { 'tabula.seesaw': { mode: 'two', level: 'easy', side: 'south', base: '4', names: true, deploys: true, orient: 'auto' } };
  const page = await newPage(env.browser, { viewport: DESKTOP, settings });
  await page.goto(`${env.server.base}/play/seesaw`);
  await page.waitForSelector('#board .deploy-plus');
  const names = () => boxes(page, '#board .cell .cname');
  assert.ok((await names()).length > 20, 'the free cells show their names');
  assert.deepEqual(clashes(await boxes(page, '#board .deploy-plus'), await names()), []);
  await shot(page, 'desktop-seesaw-deploys');

  await page.goto(`${env.server.base}/play/seesaw?position=${encodeURIComponent(chain)}`);
  await page.waitForSelector('#board .forced-ring');
  await page.click('#board .cell[data-cell="a2"]');
  await page.click('#board .cell[data-cell="b3"]');
  await page.click('#board .cell[data-cell="b1"]');
  await page.waitForSelector('#board .left-badge');
  assert.deepEqual(clashes(await boxes(page, '#board .left-badge'), await names()), []);
  await shot(page, 'desktop-seesaw-chain');
  noProblems(page);
  await page.context().close();
});

test('on a touch phone every button of a play page is a 44 px target and no key hint shows', { timeout: 120000 }, async () => {
  for (const slug of ['leeward', 'warp-weft', 'piracy', 'seesaw']) {
    const page = await newPage(env.browser, { viewport: PHONE, touch: true, settings: { [`tabula.${slug}`]: { mode: 'two' } } });
    await page.goto(`${env.server.base}/play/${slug}`);
    await page.waitForURL(/\?match=[0-9a-f]+$/);
    await page.waitForSelector('#board svg');
    const small = await page.$$eval('.tb-btn, .btn', (els) => els
      .filter((e) => e.offsetParent !== null)
      .map((e) => ({ what: e.id || e.textContent.trim().slice(0, 20), w: e.getBoundingClientRect().width, h: e.getBoundingClientRect().height }))
      .filter((b) => b.w < 44 || b.h < 44));
    assert.deepEqual(small, [], `${slug}: buttons smaller than 44 × 44 px`);
    const hints = await page.$$eval('kbd', (els) => els.filter((e) => e.offsetParent !== null && e.closest('body.play-page')).map((e) => e.textContent));
    assert.deepEqual(hints, [], `${slug}: key hints on a touch screen`);
    assert.equal(await page.locator('#tb-help').isVisible(), false, `${slug}: the Keys button is hidden`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});
