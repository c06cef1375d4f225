// Browser tests of the games list, the replay view with the engine's graph,
// starting a new match from a replayed position, and records in the browser.
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

async function call(path, body) {
  const res = await fetch(`${server.base}${path}`, body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A whole 5 × 5 game between two people, always taking the last legal move. */
async function finishedGame(seed, names = ['Ann', null]) {
  let { body: v } = await call('/api/matches', { game: 'warp-weft', options: { seed, size: 5 }, players: ['human', 'human'], names });
  while (!v.result) v = (await call(`/api/matches/${v.id}/moves`, { move: v.moves[v.moves.length - 1].move })).body;
  return v;
}

const taken = (page) => page.locator('#board .cell.taken-weft, #board .cell.taken-warp').count();

test('the games list leads to a replay: keys, the move list, the graph with its mistakes, and a new game from there', { timeout: 180000 }, async () => {
  const game = await finishedGame(7, ['Ann <i>the first</i>', null]);
  const plies = game.history.length;
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(`${server.base}/`);
  await page.click('#tb-matches');
  await page.waitForURL(/\/matches$/);
  const row = page.locator(`.match-row[data-id="${game.id}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /Ann <i>the first<\/i>/, 'names are shown as typed');
  assert.equal(await page.locator('.match-row i').count(), 0, 'and never read as HTML');
  assert.match(await row.textContent(), new RegExp(`${plies} moves`));
  await shot(page, 'matches-desktop');

  await row.locator('a:has-text("Replay")').click();
  await page.waitForURL(new RegExp(`/play/warp-weft\\?replay=${game.id}`));
  await page.waitForSelector('#replay');
  await page.waitForSelector('#eval-graph');
  // The last position, with the result.
  await page.waitForSelector('#result');
  assert.match(await page.textContent('#replay-pos'), new RegExp(`Move ${plies} of ${plies}`));
  assert.equal(await taken(page), plies);
  // The graph has a point per position; the engine marks the biggest falls, and so does the move list.
  const points = await page.$eval('#eval-graph .eval-line', (l) => l.getAttribute('points').trim().split(/\s+/).length);
  assert.equal(points, plies + 1);
  const analysis = (await call(`/api/matches/${game.id}/analysis`)).body;
  assert.equal(await page.locator('#eval-graph .eval-mistake').count(), analysis.mistakes.length);
  assert.equal(await page.locator('#replay-moves .rp-move.mistake').count(), analysis.mistakes.length);
  await shot(page, 'replay-desktop-end');

  // Home, →, ←, End.
  await page.keyboard.press('Home');
  await page.waitForFunction(() => /Start/.test(document.querySelector('#replay-pos').textContent));
  assert.equal(await taken(page), 0);
  assert.equal(await page.locator('#board .cell.lit').count(), 0, 'nothing to play in a replay');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /Move 1 of/.test(document.querySelector('#replay-pos').textContent));
  assert.equal(await taken(page), 1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /Move 3 of/.test(document.querySelector('#replay-pos').textContent));
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => /Move 2 of/.test(document.querySelector('#replay-pos').textContent));
  assert.equal(await taken(page), 2);
  assert.match(page.url(), /ply=2/);
  await page.keyboard.press('End');
  await page.waitForSelector('#result');
  // Jump from the list.
  await page.click('#replay-moves .rp-move[data-ply="5"]');
  await page.waitForFunction(() => /Move 5 of/.test(document.querySelector('#replay-pos').textContent));
  assert.equal(await taken(page), 5);
  assert.equal(await page.getAttribute('#replay-moves .rp-move[data-ply="5"]', 'aria-current'), 'step');
  assert.equal(await page.locator('#result').count(), 0);
  await shot(page, 'replay-desktop-move5');

  // A new game from this position, against the computer.
  await page.keyboard.press('n');
  await page.waitForSelector('#from-here-dialog[open]');
  await page.click('#from-here-dialog label:has(input[name="mode"][value="computer"])');
  await page.click('#from-here-dialog label:has(input[name="level"][value="easy"])');
  await shot(page, 'replay-desktop-from-here');
  await page.click('#from-here-dialog button:has-text("Start")');
  await page.waitForURL(/\?match=[0-9a-f]+$/);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-weft, #board .cell.taken-warp').length >= 5 && !document.querySelector('#replay'));
  // Move 5 was Weft's, so Warp is to move: the computer (Weft) waits for me, as Warp.
  await page.waitForSelector('#board .cell.lit');
  assert.equal(await taken(page), 5);
  const cell = await page.$eval('#board .cell.lit', (g) => g.dataset.cell);
  await page.click(`#board .cell[data-cell="${cell}"]`);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-weft, #board .cell.taken-warp').length >= 7);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the replay view at phone size', { timeout: 120000 }, async () => {
  const game = await finishedGame(11);
  const page = await newPage(browser, { viewport: PHONE });
  await page.goto(`${server.base}/play/warp-weft?replay=${game.id}&ply=4`);
  await page.waitForSelector('#eval-graph');
  assert.match(await page.textContent('#replay-pos'), /Move 4 of/);
  await shot(page, 'replay-phone');
  await shot(page, 'replay-phone-full', { fullPage: true });
  await page.goto(`${server.base}/matches`);
  await page.waitForSelector('.match-row');
  await shot(page, 'matches-phone');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('records: exported from a game, a broken one refused whole with its line, a good one imported', { timeout: 120000 }, async () => {
  const game = await finishedGame(3);
  const record = await (await fetch(`${server.base}/api/matches/${game.id}/record`)).text();
  assert.match(record, /^\[Game "warp-weft"\]\n/);
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(`${server.base}/matches`);
  await page.waitForSelector('.match-row');
  const before = await page.locator('.match-row').count();

  // The record link downloads the text.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`.match-row[data-id="${game.id}"] a:has-text("Record")`).click(),
  ]);
  assert.match(download.suggestedFilename(), /^tabula-warp-weft-[0-9a-f]+\.txt$/);

  // A second record with an illegal move: nothing of the paste is imported.
  const lines = record.split('\n');
  const movesLine = lines.findIndex((l) => /^1\. /.test(l));
  const broken = [...lines];
  broken[movesLine] = broken[movesLine].replace(/^1\. (\S+)/, '1. z9');
  const pasted = `${record}\n${broken.join('\n')}`;
  const brokenLine = lines.length + 1 + movesLine;
  await page.keyboard.press('i');
  await page.waitForSelector('#import-dialog[open]');
  await page.fill('#record-text', pasted);
  await page.click('#import-dialog button:has-text("Import")');
  await page.waitForSelector('#import-error:not([hidden])');
  const error = await page.textContent('#import-error');
  assert.match(error, /Nothing was imported/);
  assert.match(error, new RegExp(`Line ${brokenLine}: move 1 \\('z9'\\) cannot be played`));
  await shot(page, 'matches-import-error');
  await page.keyboard.press('Escape');
  await page.reload();
  await page.waitForSelector('.match-row');
  assert.equal(await page.locator('.match-row').count(), before, 'nothing was imported');

  // The good record alone comes in, marked as imported.
  await page.click('#tb-import');
  await page.waitForSelector('#import-dialog[open]');
  await page.fill('#record-text', record);
  await page.click('#import-dialog button:has-text("Import")');
  await page.waitForFunction((n) => document.querySelectorAll('.match-row').length === n + 1, before);
  const fresh = page.locator('.match-row.fresh');
  assert.match(await fresh.textContent(), /imported/);
  const newId = await fresh.getAttribute('data-id');
  assert.equal(await (await fetch(`${server.base}/api/matches/${newId}/record`)).text(), record, 'the same record comes back out');
  // The browser logs the refused import's 400 itself; nothing else may go wrong.
  assert.deepEqual(page.problems.filter((p) => !/status of 400/.test(p)), []);
  await page.context().close();
});

test('a replay of a match that does not exist says so once, as a sentence, and a new game of that game starts', { timeout: 60000 }, async () => {
  const page = await newPage(browser, { settings: { 'tabula.piracy': { mode: 'two' } } });
  await page.goto(`${server.base}/play/piracy?replay=zzz`);
  await page.waitForURL(/\?match=[0-9a-f]+$/);
  await page.waitForSelector('#board svg');
  const toasts = await page.$$eval('.toast', (els) => els.map((e) => e.textContent));
  assert.equal(toasts.length, 1, `one message: ${toasts}`);
  assert.match(toasts[0], /^There is no such game to replay/);
  assert.match(await page.textContent('.topbar'), /Piracy/, 'the top bar keeps the game’s name');
  assert.equal(await page.locator('.play-message').count(), 0);
  // The browser logs the 404 of the missing match itself; nothing else may go wrong.
  assert.deepEqual(page.problems.filter((p) => !/status of 404/.test(p)), []);
  await page.context().close();
});
