// Browser tests of the one key map across the games: every keys dialog opens
// with the same letters, N starts a new game and V turns the sound on or off
// in all four games, R replays a finished game (and says so before the end),
// and Piracy's own letters (T or U takes back, S the same chart) sit beside them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage } from './helpers.mjs';

const env = serverAndBrowser();
const GAMES = ['leeward', 'warp-weft', 'seesaw', 'piracy'];
const matchOf = (page) => new URL(page.url()).searchParams.get('match');

async function call(path, body) {
  const res = await fetch(`${env.server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

test('every keys dialog starts with the same map, and N, V and R mean the same in every game', { timeout: 120000 }, async () => {
  const notes = new Set();
  for (const slug of GAMES) {
    const page = await newPage(env.browser, { settings: { [`tabula.${slug}`]: { mode: 'two' } } });
    await page.goto(`${env.server.base}/play/${slug}`);
    await page.waitForURL(/\?match=[0-9a-f]+$/);
    await page.waitForSelector('#board svg');
    await page.keyboard.press('?');
    await page.waitForSelector('#keys-dialog');
    const headings = await page.$$eval('#keys-dialog .keys-heading th', (ths) => ths.map((t) => t.textContent));
    assert.equal(headings[0], 'Every game', slug);
    assert.equal(headings.length, 2, `${slug}: the map, then the game's own keys`);
    notes.add(await page.textContent('#keys-dialog .keys-note'));
    const keysOf = async (label) => page.$$eval('#keys-dialog tr', (rows, l) => rows.filter((r) => r.textContent.includes(l)).map((r) => [...r.querySelectorAll('kbd')].map((k) => k.textContent).join(' ')), label);
    assert.deepEqual(await keysOf('New game'), ['N'], `${slug}: N is the new game`);
    assert.deepEqual(await keysOf('Sound on or off'), ['V'], `${slug}: V is the sound`);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#keys-dialog'));
    // N: a new match.
    const first = matchOf(page);
    await page.keyboard.press('n');
    await page.waitForFunction((old) => new URL(location.href).searchParams.get('match') !== old, first);
    // V: the sound, kept with the game's settings.
    const sound = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) || '{}').sound, `tabula.${slug}`);
    const before = !!(await sound());
    await page.keyboard.press('v');
    await page.waitForFunction(([key, was]) => !!JSON.parse(localStorage.getItem(key) || '{}').sound !== was, [`tabula.${slug}`, before]);
    // R before the end: replays a finished game (Piracy: the move taken back, nothing yet).
    await page.keyboard.press('r');
    await page.waitForSelector(slug === 'piracy' ? '.toast:has-text("Nothing to replay")' : '.toast:has-text("R replays the game once it is over")');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
  assert.equal(notes.size, 1, 'one map, word for word, in every dialog');
  assert.match([...notes][0], /N new game, R replay, U undo, P pass/);
});

test('R after a finished game opens its replay; Piracy’s U takes back as its T does', { timeout: 90000 }, async () => {
  let v = await call('/api/matches', { game: 'warp-weft', options: { seed: 5, size: 5 }, players: ['human', 'human'] });
  while (!v.result) v = await call(`/api/matches/${v.id}/moves`, { move: v.moves[0].move });
  const page = await newPage(env.browser);
  await page.goto(`${env.server.base}/play/warp-weft?match=${v.id}`);
  await page.waitForSelector('#result');
  await page.keyboard.press('r');
  await page.waitForURL(new RegExp(`\\?replay=${v.id}$`));
  await page.waitForSelector('#replay');
  await page.context().close();

  const pz = await newPage(env.browser, { settings: { 'tabula.piracy': { mode: 'two' } } });
  await pz.goto(`${env.server.base}/play/piracy`);
  await pz.waitForSelector('#board .target');
  await pz.keyboard.press('ArrowUp');
  await pz.waitForFunction(() => document.getElementById('app').dataset.ply === '1');
  await pz.keyboard.press('u');
  await pz.waitForFunction(() => document.getElementById('app').dataset.ply === '0');
  assert.deepEqual(pz.problems, []);
  await pz.context().close();
});
