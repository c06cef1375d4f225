// Browser tests of Warp & Weft's variants on the play page (pass=once,
// passover=D, blocking=true), against the real server: the settings that
// start them, the Pass button and key, the values a slide changes, the
// cells a used cell blocks. The page works out none of this itself: the
// moves and values come from the server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, shot } from './helpers.mjs';

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

const count = (page, selector) => page.locator(selector).count();
const mover = (page) => page.getAttribute('#board svg', 'data-mover');
const value = (page, cell) => page.textContent(`#board .cell[data-cell="${cell}"] .val`);
const facts = (page) => page.locator('#board-number').locator('..').textContent();
const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
const lit = (page) => page.$$eval('#board .cell.lit', (cells) => cells.map((g) => g.dataset.cell).sort());

async function waitForTurn(page, axis) {
  await page.waitForFunction((a) => document.querySelector('#board svg')?.dataset.mover === a && !document.querySelector('#thinking'), axis);
}

/** The settings dialog: the variant fields as `set` says, then a new game on board `seed`. */
async function startFromSettings(page, { seed, size = '5', pass = false, passover = '0', blocking = false }) {
  await page.click('#tb-settings');
  await page.waitForSelector('#settings-dialog[open]');
  await page.click(`#settings-dialog label:has(input[name="size"][value="${size}"])`);
  await page.setChecked('#settings-dialog input[name="pass"]', pass);
  await page.selectOption('#settings-dialog select[name="passover"]', passover);
  await page.setChecked('#settings-dialog input[name="blocking"]', blocking);
  await page.fill('#settings-dialog input[name="seed"]', String(seed));
  await page.click('#settings-dialog button:has-text("Start new game")');
  // The board before the new game may already be this size and number, so
  // wait until the facts line names exactly the variants asked for.
  const named = { 'pass once': pass, passover: passover !== '0', blocking };
  await page.waitForFunction(({ n, named }) => {
    const line = document.querySelector('#board-number')?.parentElement?.textContent || '';
    return document.querySelectorAll('#board .cell').length === n * n
      && new RegExp(`\\b${n}\\b`).test(line)
      && Object.entries(named).every(([word, on]) => line.includes(word) === on);
  }, { n: Number(size), named });
}

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'the page logged errors');
}

test('the settings offer each variant with a line saying what it does', { timeout: 60000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', size: '5', hints: false } } });
  await page.goto(`${server.base}/play/warp-weft?seed=42`);
  await waitForTurn(page, 'weft');
  assert.equal(await count(page, '#pass-btn'), 0, 'no Pass button without the variant');
  await page.click('#tb-settings');
  await page.waitForSelector('#settings-dialog[open]');
  const text = await page.textContent('#settings-dialog');
  assert.match(text, /Pass once\s*Each player may pass one turn a game/);
  assert.match(text, /Passed-over cells change by.*Every unused cell a slide crosses gains \(or loses\) this much\./s);
  assert.match(text, /Blocking\s*A slide stops at used cells instead of hopping over them\./);
  const choices = await page.$$eval('#settings-dialog select[name="passover"] option', (o) => o.map((x) => x.value));
  assert.deepEqual(choices, ['-3', '-2', '-1', '0', '1', '2', '3']);
  await page.locator('#settings-dialog details.variants').scrollIntoViewIfNeeded();
  await shot(page, 'ww-variants-settings');
  noProblems(page);
  await page.context().close();
});

test('pass=once: each side passes once, by the button and by the key, then has no pass left', { timeout: 60000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', size: '5', hints: false } } });
  await page.goto(`${server.base}/play/warp-weft?seed=42`);
  await waitForTurn(page, 'weft');
  await startFromSettings(page, { seed: 42, pass: true });
  await waitForTurn(page, 'weft');
  assert.match(await facts(page), /pass once/);
  assert.equal(await page.textContent('#pass-weft'), 'pass left');
  assert.equal(await page.textContent('#pass-warp'), 'pass left');
  assert.match(await page.textContent('#status'), /You may pass once a game\. The shuttle stays; Warp then moves along column c \(4 open cells\)\./);
  assert.deepEqual(await lit(page), ['a3', 'b3', 'd3', 'e3']);
  await shot(page, 'ww-variants-pass-offer');

  // P: Weft passes; the shuttle stays on c3 and Warp moves down column c.
  await page.keyboard.press('p');
  await waitForTurn(page, 'warp');
  assert.deepEqual(await lit(page), ['c1', 'c2', 'c4', 'c5']);
  assert.equal(await page.textContent('#pass-weft'), 'pass used');
  assert.equal(await page.textContent('#pass-warp'), 'pass left');
  assert.match(await page.textContent('#move-list'), /pass/);

  // The button: Warp passes too, and Weft is back on row 3 with no pass left.
  await page.click('#pass-btn');
  await waitForTurn(page, 'weft');
  assert.deepEqual(await lit(page), ['a3', 'b3', 'd3', 'e3']);
  assert.equal(await page.textContent('#pass-warp'), 'pass used');
  assert.equal(await count(page, '#pass-btn'), 0, 'the pass is gone once used');
  assert.equal(await page.locator('#move-list .mv-pass').count(), 2);
  await page.keyboard.press('p');
  await page.waitForFunction(() => /Your pass is used already/.test(document.body.textContent));
  assert.equal(await mover(page), 'weft', 'a refused pass changes nothing');
  await shot(page, 'ww-variants-pass-used');

  // Undo takes Warp's pass back: its button returns.
  await page.keyboard.press('u');
  await waitForTurn(page, 'warp');
  await page.waitForSelector('#pass-btn');
  assert.equal(await page.textContent('#pass-warp'), 'pass left');
  noProblems(page);
  await page.context().close();
});

test('passover=2: the cell a slide crosses gains 2 on the board, and the preview says so first', { timeout: 60000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', size: '5', hints: true } } });
  await page.goto(`${server.base}/play/warp-weft?seed=42`);
  await waitForTurn(page, 'weft');
  await startFromSettings(page, { seed: 42, passover: '2' });
  await waitForTurn(page, 'weft');
  assert.match(await facts(page), /passover \+2/);
  const b3 = Number((await value(page, 'b3')).replace('−', '-'));
  const d3 = Number((await value(page, 'd3')).replace('−', '-'));

  // Pointing at a3: b3 (between c3 and a3) is tagged +2, and the hint names it.
  await page.hover('#board .cell[data-cell="a3"]');
  await page.waitForSelector('#hint-passover');
  assert.equal(await page.textContent('#hint-passover'), 'It slides over b3: that cell changes by +2.');
  assert.deepEqual(await page.$$eval('#board .passover-tag text', (t) => t.map((x) => x.textContent)), ['+2']);
  await shot(page, 'ww-variants-passover-preview');

  await page.click('#board .cell[data-cell="a3"]');
  await waitForTurn(page, 'warp');
  const fmt = (v) => (v < 0 ? `−${-v}` : String(v));
  assert.equal(await value(page, 'b3'), fmt(b3 + 2), 'the crossed cell shows its new value');
  assert.equal(await value(page, 'd3'), fmt(d3), 'a cell not crossed keeps its value');
  assert.equal(await count(page, '#board .cell.changed'), 1);
  assert.equal(await page.getAttribute('#board .cell[data-cell="b3"]', 'class').then((c) => c.includes('changed')), true);
  await page.mouse.move(5, 790);
  await shot(page, 'ww-variants-passover-after');

  // Taking b3 later scores the changed value (Warp a1, Weft b1, Warp b3 down column b).
  await page.click('#board .cell[data-cell="a1"]');
  await waitForTurn(page, 'weft');
  await page.click('#board .cell[data-cell="b1"]');
  await waitForTurn(page, 'warp');
  await page.click('#board .cell[data-cell="b3"]');
  await waitForTurn(page, 'weft');
  const entry = await page.locator('#move-list .mv', { hasText: 'b3' }).textContent();
  assert.match(entry, new RegExp(`b3${signed(b3 + 2).replace('+', '\\+')}$`));
  noProblems(page);
  await page.context().close();
});

test('blocking=true: a used cell stops the slide, and a click beyond it says why', { timeout: 60000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', size: '5', hints: false } } });
  await page.goto(`${server.base}/play/warp-weft?seed=42`);
  await waitForTurn(page, 'weft');
  await startFromSettings(page, { seed: 42, blocking: true });
  await waitForTurn(page, 'weft');
  assert.match(await facts(page), /blocking/);
  // Weft b3, Warp b4, Weft c4: Warp's column c has the start cell c3 above the shuttle.
  for (const [cell, next] of [['b3', 'warp'], ['b4', 'weft'], ['c4', 'warp']]) {
    await page.click(`#board .cell[data-cell="${cell}"]`);
    await waitForTurn(page, next);
  }
  assert.deepEqual(await lit(page), ['c5'], 'c1 and c2 lie behind the used c3');
  await page.click('#board .cell[data-cell="c1"]', { force: true });
  await page.waitForFunction(() => /c1 is behind a used cell/.test(document.body.textContent));
  assert.equal(await mover(page), 'warp');
  await shot(page, 'ww-variants-blocking');
  noProblems(page);
  await page.context().close();
});
