// The words a player reads: the replay writes Leeward's moves as the live
// list does and calls the one person at the screen "You"; a screen reader
// hears "South", not "South (South)", in a two-player move list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

async function post(path, body = {}) {
  const res = await fetch(`${env.server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

test('a Leeward replay writes moves as the live list does, and the person is "You"', { timeout: 120000 }, async () => {
  let view = await post('/api/matches', { game: 'leeward', players: ['human', 'level:easy'] });
  view = await post(`/api/matches/${view.id}/moves`, { move: 'd1c2/S' });
  view = await post(`/api/matches/${view.id}/computer-move`);
  assert.equal(view.history.length, 2);
  const page = await newPage(env.browser);
  await page.goto(`${env.server.base}/play/leeward?replay=${view.id}`);
  await page.waitForSelector('#replay-moves .rp-move[data-ply="2"]');
  // (The engine's analysis may add a "?" to a mistake once it arrives.)
  assert.match(await page.textContent('#replay-moves .rp-move[data-ply="1"]'), /^d1–c2 S\??$/);
  assert.doesNotMatch(await page.textContent('#replay-moves'), /\//, 'no record notation in the list');
  assert.match(await page.textContent('#replay .replay-players'), /^You \(Ink\) – Computer · Easy \(Paper\)$/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('two people at one screen: each move is read as its side, once', { timeout: 120000 }, async () => {
  const page = await newPage(env.browser, { settings: { 'tabula.seesaw': { mode: 'two' } } });
  await page.goto(`${env.server.base}/play/seesaw`);
  await page.waitForURL(/\?match=[0-9a-f]+$/);
  const id = new URL(page.url()).searchParams.get('match');
  const start = await (await fetch(`${env.server.base}/api/matches/${id}`)).json();
  await post(`/api/matches/${id}/moves`, { move: start.moves[0].move });
  await page.reload();
  await page.waitForSelector('#move-list li .visually-hidden');
  const spoken = await page.textContent('#move-list li .visually-hidden');
  assert.match(spoken, /^South: /);
  assert.doesNotMatch(spoken, /South \(South\)/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a click on a cell that cannot be taken says why', { timeout: 120000 }, async () => {
  const page = await newPage(env.browser, { settings: { 'tabula.warp-weft': { mode: 'two', size: '7' } } });
  await page.goto(`${env.server.base}/play/warp-weft?seed=42`);
  await page.waitForSelector('#board .cell.lit');
  await page.click('#board .cell[data-cell="a1"]', { force: true }); // a cell that is not lit: the page says why
  await page.waitForSelector('.toast:has-text("a1 is not in row 4: take one of its lit cells.")');
  await page.click('#board .cell[data-cell="d4"]', { force: true });
  await page.waitForSelector('.toast:has-text("d4 is used already: take a lit cell in row 4.")');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
