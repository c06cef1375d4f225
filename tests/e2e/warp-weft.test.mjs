// Browser tests of the Warp & Weft play page, against the real server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, shot, DESKTOP, PHONE } from './helpers.mjs';

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

/** What the board shows: for each cell, "name:state:value". */
function boardSnapshot(page) {
  return page.$$eval('#board .cell', (cells) => cells.map((g) => {
    const state = ['lit', 'free', 'start', 'taken-weft', 'taken-warp'].find((c) => g.classList.contains(c));
    return `${g.dataset.cell}:${state}:${g.querySelector('.val').textContent}`;
  }));
}

const count = (page, selector) => page.locator(selector).count();

async function waitForHumanTurn(page) {
  await page.waitForFunction(() => document.querySelector('#board .cell.lit') && !document.querySelector('#thinking'));
}

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'the page logged errors');
}

test('against the computer as Warp: the computer opens, I answer, undo, hints, same board, rules', { timeout: 120000 }, async () => {
  const page = await newPage(browser, {
    settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'warp', size: '7', hints: false } },
  });
  await page.goto(`${server.base}/play/warp-weft?seed=42`);

  // The computer (Weft) moves first by itself: one red cell besides the start.
  await page.waitForSelector('#board .cell.taken-weft');
  await waitForHumanTurn(page);
  assert.equal(await count(page, '#board .cell.taken-weft'), 1);
  assert.equal(await count(page, '#board .cell.taken-warp'), 0);
  assert.equal(await count(page, '#board .cell.start'), 1);
  assert.match(await page.textContent('#board-number'), /\b42\b/);
  assert.match(page.url(), /[?&]match=[0-9a-f]+$/, 'the address names the match, so a reload resumes it');
  // My lit cells run down the shuttle's column, in Warp's colour.
  assert.equal(await page.getAttribute('#board svg', 'data-mover'), 'warp');
  const shuttleCol = await page.$eval('#board .cell.taken-weft', (g) => g.dataset.c);
  const litCols = await page.$$eval('#board .cell.lit', (cells) => [...new Set(cells.map((g) => g.dataset.c))]);
  assert.deepEqual(litCols, [shuttleCol]);
  // "Your move" once the computer's move has been drawn to its end.
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  assert.match(await page.textContent('#score-warp'), /4\.5/, 'Warp starts with its komi');
  const before = await boardSnapshot(page);

  // Take a lit cell: it becomes mine (blue), then the computer replies.
  const target = await page.$eval('#board .cell.lit', (g) => g.dataset.cell);
  await page.click(`#board .cell[data-cell="${target}"]`);
  await page.waitForSelector(`#board .cell.taken-warp[data-cell="${target}"]`);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-weft').length === 2);
  await waitForHumanTurn(page);
  assert.equal(await page.locator('#move-list .mv:not(.mv-gap)').count(), 3);
  assert.equal(await page.getAttribute('#move-list', 'aria-live'), 'polite');
  await shot(page, 'play-desktop-midgame');

  // Undo takes back the computer's reply and my move.
  await page.keyboard.press('u');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-warp').length === 0);
  await waitForHumanTurn(page);
  assert.deepEqual(await boardSnapshot(page), before);
  assert.equal(await page.locator('#move-list .mv:not(.mv-gap)').count(), 1);

  // Hints on: pointing at a lit cell rings the best reply and shows the net result.
  await page.keyboard.press('h');
  assert.equal(await page.getAttribute('#hints-btn', 'aria-pressed'), 'true');
  const lit = await page.$$eval('#board .cell.lit', (cells) => cells.map((g) => g.dataset.cell));
  let ringed = false;
  for (const name of lit) {
    await page.hover(`#board .cell[data-cell="${name}"]`);
    await page.waitForSelector('#hint-net');
    if (await count(page, '#board .reply-ring')) {
      ringed = true;
      break;
    }
  }
  assert.ok(ringed, 'some lit cell shows a ringed reply');
  assert.match(await page.textContent('#hint-panel'), /best reply/);
  assert.match(await page.textContent('#hint-net'), /Net result\s*[+−]?\d+/);
  await shot(page, 'play-desktop-hints');
  // Leaving the board clears the preview.
  await page.mouse.move(5, 790);
  await page.waitForFunction(() => !document.querySelector('#board .reply-ring'));

  // The keyboard: from outside the board an arrow key enters it on a lit cell.
  await page.click('#status');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.activeElement && document.activeElement.matches('#board .cell'));
  const focused = await page.evaluate(() => document.activeElement.dataset.cell);
  assert.ok(lit.includes(focused), 'the arrow keys start on a lit cell');
  await page.waitForSelector('#board .reply-ring');

  // S: the same board number again, from its first position.
  await page.click(`#board .cell[data-cell="${lit[lit.length - 1]}"]`);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-warp').length === 1);
  await waitForHumanTurn(page);
  const grid = (await boardSnapshot(page)).map((x) => x.split(':')[0] + x.split(':')[2]);
  await page.keyboard.press('s');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-warp').length === 0);
  await page.waitForSelector('#board .cell.taken-weft');
  await waitForHumanTurn(page);
  assert.match(await page.textContent('#board-number'), /\b42\b/);
  assert.deepEqual((await boardSnapshot(page)).map((x) => x.split(':')[0] + x.split(':')[2]), grid);
  assert.equal(await count(page, '#board .cell.taken-weft'), 1);
  assert.equal(await page.locator('#move-list .mv:not(.mv-gap)').count(), 1);

  // F1 opens the rules in a dialog; Esc closes it.
  await page.keyboard.press('F1');
  await page.waitForSelector('#rules-dialog[open] .diagram svg');
  assert.match(await page.textContent('#rules-dialog'), /Komi/);
  await shot(page, 'play-desktop-rules-dialog');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#rules-dialog'));

  // ? lists the keys.
  await page.keyboard.press('?');
  await page.waitForSelector('#keys-dialog[open]');
  assert.match(await page.textContent('#keys-dialog'), /Same board again/);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#keys-dialog'));

  noProblems(page);
  await page.context().close();
});

test('a whole 5 × 5 game as Weft ends with a result banner', { timeout: 120000 }, async () => {
  const page = await newPage(browser, {
    settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'weft', size: '5', hints: true } },
  });
  await page.goto(`${server.base}/play/warp-weft?seed=7&size=5`);
  await page.waitForSelector('#board .cell');
  assert.equal(await count(page, '#board .cell'), 25);
  for (let i = 0; i < 30; i++) {
    await page.waitForFunction(() => document.querySelector('#result') || (document.querySelector('#board .cell.lit') && !document.querySelector('#thinking')));
    if (await count(page, '#result')) break;
    const taken = await count(page, '#board .cell.taken-weft');
    await page.click('#board .cell.lit >> nth=0');
    await page.waitForFunction((n) => document.querySelectorAll('#board .cell.taken-weft').length > n, taken);
  }
  await page.waitForSelector('#result');
  const banner = await page.textContent('#result');
  assert.match(banner, /win|draw/i);
  assert.match(banner, /no unused cell|Weft|Warp/);
  assert.ok(await page.isVisible('#result button:has-text("New game")'));
  assert.ok(await page.isVisible('#result button:has-text("Same board")'));
  assert.equal(await count(page, '#board .cell.lit'), 0);
  await shot(page, 'play-desktop-result');
  noProblems(page);
  await page.context().close();
});

test('hints tell the truth: once solved, each move shows its exact value with perfect play', { timeout: 120000 }, async () => {
  const page = await newPage(browser, {
    settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'weft', size: '5', hints: true } },
  });
  await page.goto(`${server.base}/play/warp-weft?seed=7&size=5`);
  // A 5 × 5 board is solved at once: the panel names the best move and its value.
  await page.waitForSelector('#hint-solved');
  const solved = await page.textContent('#hint-solved');
  const m = /the best move ([a-e][1-5]) (wins by \d+(?:\.5)?|loses by \d+(?:\.5)?|draws)\./.exec(solved);
  assert.ok(m, solved);
  // Pointing at that cell shows the same value, marked best.
  await page.hover(`#board .cell[data-cell="${m[1]}"]`);
  await page.waitForSelector('#hint-exact');
  assert.match(await page.textContent('#hint-exact'), new RegExp(`Perfect play: the best\\s*${m[2]}`));
  await shot(page, 'play-desktop-exact-hint');
  // Without hints, no values are shown.
  await page.keyboard.press('h');
  await page.waitForFunction(() => !document.querySelector('#hint-exact') && !document.querySelector('#hint-solved'));
  noProblems(page);
  await page.context().close();
});

test('two players on one screen, and the settings dialog', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', size: '7', hints: true, gauge: true } } });
  await page.goto(`${server.base}/play/warp-weft?seed=1234`);
  await waitForHumanTurn(page);
  assert.equal(await page.getAttribute('#board svg', 'data-mover'), 'weft');
  await page.click('#board .cell.lit >> nth=0');
  await page.waitForFunction(() => document.querySelector('#board svg').dataset.mover === 'warp');
  assert.equal(await count(page, '#board .gauge text'), 14, 'the line gauge counts every row and column');
  await page.click('#tb-settings');
  await page.waitForSelector('#settings-dialog[open]');
  await shot(page, 'play-desktop-settings');
  await page.click('#settings-dialog label:has(input[name="size"][value="9"])');
  await page.fill('#settings-dialog input[name="seed"]', '777');
  await page.click('#settings-dialog button:has-text("Start new game")');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 81);
  assert.match(await page.textContent('#board-number'), /\b777\b/);
  const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), settingsKey);
  assert.equal(saved.size, '9');
  noProblems(page);
  await page.context().close();
});

test('the play page at phone size: panel under the board, tap to preview, tap again to play', { timeout: 120000 }, async () => {
  const page = await newPage(browser, {
    viewport: PHONE,
    touch: true,
    settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'weft', size: '7', hints: true } },
  });
  await page.goto(`${server.base}/play/warp-weft?seed=42`);
  await waitForHumanTurn(page);
  const name = await page.$$eval('#board .cell.lit', (cells) => cells[1].dataset.cell);
  await page.tap(`#board .cell[data-cell="${name}"]`);
  await page.waitForSelector('#hint-net');
  assert.match(await page.textContent('#hint-panel'), new RegExp(`Take ${name}`));
  assert.equal(await count(page, '#board .cell.taken-weft'), 0, 'the first tap only previews');
  await shot(page, 'play-phone-preview');
  await page.tap(`#board .cell[data-cell="${name}"]`);
  await page.waitForSelector(`#board .cell.taken-weft[data-cell="${name}"]`);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-warp').length === 1);
  await waitForHumanTurn(page);
  const boardBox = await page.locator('#board').boundingBox();
  const panelBox = await page.locator('.side-panel').boundingBox();
  assert.ok(panelBox.y >= boardBox.y + boardBox.height - 1, 'the panel is below the board');
  assert.ok(boardBox.width <= PHONE.width && boardBox.width > PHONE.width * 0.85, 'the board fills the width');
  await shot(page, 'play-phone');
  await shot(page, 'play-phone-full', { fullPage: true });
  noProblems(page);
  await page.context().close();
});

test('the play page on a desktop fits the window without scrolling', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { viewport: DESKTOP, colorScheme: 'dark', settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'weft', hints: true } } });
  await page.goto(`${server.base}/play/warp-weft?seed=42`);
  await waitForHumanTurn(page);
  const { scrollH, innerH } = await page.evaluate(() => ({ scrollH: document.documentElement.scrollHeight, innerH: innerHeight }));
  assert.ok(scrollH <= innerH, `no vertical scrolling (${scrollH} > ${innerH})`);
  const box = await page.locator('#board').boundingBox();
  assert.ok(Math.abs(box.width - box.height) < 2, 'the board is square');
  assert.ok(box.height > 650, 'the board uses the height of the window');
  await page.hover('#board .cell.lit >> nth=0');
  await shot(page, 'play-desktop-dark');
  noProblems(page);
  await page.context().close();
});

test('undo while the computer thinks: it answers, then both moves are taken back', { timeout: 120000 }, async () => {
  const page = await newPage(browser, {
    settings: { [settingsKey]: { mode: 'computer', level: 'hard', side: 'weft', size: '7', hints: false } },
  });
  await page.goto(`${server.base}/play/warp-weft?seed=3`);
  await waitForHumanTurn(page);
  const before = await boardSnapshot(page);
  await page.click('#board .cell.lit >> nth=0');
  await page.waitForSelector('#thinking');
  // The page stays responsive while the computer thinks: the keys dialog opens and closes.
  await page.keyboard.press('?');
  await page.waitForSelector('#keys-dialog[open]');
  await page.keyboard.press('Escape');
  // Keys reach the page once the dialog has closed (under load that takes a moment).
  await page.waitForFunction(() => !document.querySelector('#keys-dialog'));
  await page.keyboard.press('u');
  await page.waitForFunction(() => !document.querySelector('#thinking'));
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-weft').length === 0 && document.querySelector('#board .cell.lit'));
  assert.deepEqual(await boardSnapshot(page), before);
  noProblems(page);
  await page.context().close();
});

test('on a phone, two taps while the computer’s move is still drawn take the cell', { timeout: 120000 }, async () => {
  const page = await newPage(browser, {
    viewport: PHONE,
    touch: true,
    settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'weft', size: '7', hints: true } },
  });
  await page.goto(`${server.base}/play/warp-weft?seed=42`);
  await waitForHumanTurn(page);
  const first = await page.$$eval('#board .cell.lit', (cells) => cells[0].dataset.cell);
  await page.tap(`#board .cell[data-cell="${first}"]`);
  await page.tap(`#board .cell[data-cell="${first}"]`);
  // The computer's answer appears and is still moving: tap a lit cell twice at once.
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-warp').length === 1 && document.querySelector('#board .cell.lit'));
  const target = await page.$eval('#board .cell.lit', (c) => {
    const r = c.getBoundingClientRect();
    return { name: c.dataset.cell, x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.touchscreen.tap(target.x, target.y);
  // The second tap comes as a person's would, after the computer's move has been drawn to its end.
  await page.waitForFunction(() => !document.querySelector('#board[data-animating]'));
  await page.touchscreen.tap(target.x, target.y);
  await page.waitForSelector(`#board .cell.taken-weft[data-cell="${target.name}"]`);
  noProblems(page);
  await page.context().close();
});
