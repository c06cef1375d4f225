// Browser tests of what the play-page frame does alike for every game: the
// status waits for the board (never "Your move" while the opponent's move is
// still drawn), an illegal click shakes and says why, Leeward's board turns
// round for Paper (a setting keeps it fixed), an online opponent who dropped
// out (whose clock, if any, runs on, as the server keeps it), and a new game
// replacing the page's own untouched one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, inviteOnline, joinOnline, DESKTOP } from './helpers.mjs';

const env = serverAndBrowser();

/** Waits until the server no longer has match `id` (polled from here: a 404 in the page would be a console error). */
async function gone(id) {
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${env.server.base}/api/matches/${id}`)).status === 404) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`match ${id} is still there`);
}

const get = async (path) => {
  const res = await fetch(`${env.server.base}${path}`);
  return { status: res.status, body: await res.json() };
};

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'the page logged errors');
}

/**
 * Records, in the page, every text the status card takes and whether the
 * board had an animation running at that moment.
 */
function recordStatus(page) {
  return page.evaluate(() => {
    window.statusLog = [];
    const board = document.querySelector('#board');
    new MutationObserver(() => {
      const moving = board.getAnimations({ subtree: true }).some((a) => a.playState === 'running' && Number.isFinite(a.effect.getComputedTiming().endTime));
      window.statusLog.push({ text: document.querySelector('#status').textContent, moving, what: board.getAnimations({ subtree: true }).map((a) => `${a.constructor.name}:${a.animationName || a.transitionProperty || ''}:${a.playState}:${a.effect.target.getAttribute('class')}:${a.effect.getComputedTiming().endTime}:${a.currentTime}`).join(' ') });
    }).observe(document.querySelector('#status'), { childList: true, subtree: true, characterData: true });
  });
}

test('the status says "Your move" only once the computer’s move has been drawn to its end (Seesaw, Warp & Weft)', { timeout: 120000 }, async () => {
  for (const [slug, settings, playOne] of [
    ['seesaw', { mode: 'computer', level: 'easy', side: 'north', base: '4', deploys: true }, async (page) => {
      // A deploy (one click, deploy cells shown) or a step (the stack, then its cell), from the server's moves.
      const { moves } = (await get(`/api/matches/${new URL(page.url()).searchParams.get('match')}`)).body;
      const deploy = moves.find((m) => m.info.kind === 'deploy');
      const step = moves.find((m) => m.info.kind === 'step');
      if (deploy) await page.click(`#board .cell[data-cell="${deploy.info.to}"]`);
      else {
        await page.click(`#board .cell[data-cell="${step.info.from}"]`);
        await page.click(`#board .cell[data-cell="${step.info.to}"]`);
      }
    }],
    ['warp-weft', { mode: 'computer', level: 'easy', side: 'warp', size: '7', hints: false }, (page) => page.click('#board .cell.lit >> nth=0')],
  ]) {
    const page = await newPage(env.browser, { settings: { [`tabula.${slug}`]: settings } });
    await page.goto(`${env.server.base}/play/${slug}`);
    await page.waitForSelector('#status');
    await recordStatus(page);
    // The computer moves first; then one move of the person's, and the computer's answer.
    await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
    const before = (await get(`/api/matches/${new URL(page.url()).searchParams.get('match')}`)).body.history.length;
    await playOne(page);
    await page.waitForFunction((n) => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length >= n + 2, before);
    await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
    const log = await page.evaluate(() => window.statusLog);
    assert.ok(log.some((x) => x.moving), `${slug}: the status changed while a move was being drawn`);
    assert.deepEqual(log.filter((x) => x.moving && /Your move/.test(x.text)).map((x) => x.what), [], `${slug}: "Your move" while the board still moved`);
    noProblems(page);
    await page.context().close();
  }
});

test('an illegal click shakes and says why, from the server’s legal moves (Leeward, Seesaw, Piracy)', { timeout: 90000 }, async () => {
  // A shake lasts 300 ms, which a loaded machine can miss between two polls:
  // an observer, set before the click, notes every element the board shakes.
  const watchShakes = (page, selector) =>
    page.evaluate((sel) => {
      window.shaken = false;
      new MutationObserver((records) => {
        if (records.some((r) => r.target.classList.contains('shake') && r.target.matches(sel))) window.shaken = true;
      }).observe(document.querySelector('#board'), { subtree: true, attributes: true, attributeFilter: ['class'] });
    }, selector);
  const shaken = (page) => page.waitForFunction(() => window.shaken === true);
  const toast = (page, text) => page.waitForSelector(`.toast:has-text("${text}")`);

  const lw = await newPage(env.browser, { settings: { 'tabula.leeward': { mode: 'two', level: 'easy', side: 'ink' } } });
  await lw.goto(`${env.server.base}/play/leeward`);
  await lw.waitForSelector('#board .sq.movable');
  await watchShakes(lw, '#board .sq[data-square="d7"]');
  await lw.click('#board .sq[data-square="d7"]');
  await Promise.all([shaken(lw), toast(lw, 'Ink’s pieces are yours')]);
  // The Sail on c1 is boxed in by its own Lamp (the server lists no move of it).
  await lw.click('#board .sq[data-square="c1"]');
  await toast(lw, 'That Sail cannot move in this wind');
  noProblems(lw);
  await lw.context().close();

  const ss = await newPage(env.browser, { settings: { 'tabula.seesaw': { mode: 'two', level: 'easy', side: 'south', base: '4' } } });
  await ss.goto(`${env.server.base}/play/seesaw`);
  await ss.waitForSelector('#board .cell.actionable');
  const north = await ss.$eval('#board .piece.north', (p) => p.dataset.cell);
  // North's stacks say they cannot be picked (aria-disabled): a click all the same.
  await ss.click(`#board .cell[data-cell="${north}"]`, { force: true });
  await toast(ss, 'South’s stacks are yours');
  noProblems(ss);
  await ss.context().close();

  const pz = await newPage(env.browser, { settings: { 'tabula.piracy': { mode: 'computer', level: 'easy', side: 'cook', sound: false } } });
  await pz.goto(`${env.server.base}/play/piracy`);
  await pz.waitForSelector('#board .target');
  await pz.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  // The open sea far from the ship: no marker there.
  const box = await pz.locator('#board svg').boundingBox();
  await watchShakes(pz, '#board .ship-0 .hull');
  await pz.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.12);
  await Promise.all([shaken(pz), toast(pz, 'Cook sails only to a lit marker')]);
  noProblems(pz);
  await pz.context().close();
});

test('Leeward turns the board round for Paper, with its winds; a setting keeps it fixed, and it is remembered', { timeout: 90000 }, async () => {
  const page = await newPage(env.browser, { settings: { 'tabula.leeward': { mode: 'computer', level: 'easy', side: 'paper' } } });
  await page.goto(`${env.server.base}/play/leeward`);
  await page.waitForSelector('#board .sq.movable');
  // The computer's first move has been drawn to its end.
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  assert.equal(await page.getAttribute('#board svg', 'data-flip'), 'true');
  const files = await page.$$eval('#board .file-label', (els) => els.map((e) => e.textContent).join(''));
  const ranks = await page.$$eval('#board .rank-label', (els) => els.map((e) => e.textContent).join(''));
  assert.equal(files, 'gfedcba', 'the files run from g on the left');
  assert.equal(ranks, '1234567', 'rank 1 at the top, Paper’s rank 7 at the bottom');
  // The mean height of each side's pieces on the screen (the computer's move may have blown any one piece off its square).
  const meanY = (owner) => page.$$eval(`#board .piece.${owner}:not(.gone)`, (els) => {
    const ys = els.map((e) => { const r = e.getBoundingClientRect(); return r.y + r.height / 2; });
    return ys.reduce((a, b) => a + b, 0) / ys.length;
  });
  assert.ok(await meanY('paper') > await meanY('ink'), 'Paper’s pieces are at the bottom');

  // A move in the making: the wind buttons stand on the side their wind blows towards, on the drawn board.
  const view = (await get(`/api/matches/${new URL(page.url()).searchParams.get('match')}`)).body;
  const move = view.moves.map((m) => /^([a-g][1-7])x?([a-g][1-7])\//.exec(m.move)).find(Boolean);
  await page.click(`#board .sq[data-square="${move[1]}"]`);
  await page.click(`#board .sq[data-square="${move[2]}"]`);
  await page.waitForSelector('#board .wind-choice');
  const at = await page.locator(`#board .sq[data-square="${move[2]}"]`).boundingBox();
  const centre = { x: at.x + at.width / 2, y: at.y + at.height / 2 };
  for (const g of await page.$$('#board .wind-choice')) {
    const wind = await g.getAttribute('data-wind');
    const b = await g.boundingBox();
    const [dx, dy] = [b.x + b.width / 2 - centre.x, b.y + b.height / 2 - centre.y];
    // Turned round: north is down the screen, east to the left.
    const expected = { N: dy > 0, S: dy < 0, E: dx < 0, W: dx > 0 }[wind];
    assert.ok(expected, `the ${wind} button sits on the wrong side (${dx.toFixed(0)}, ${dy.toFixed(0)})`);
  }
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.click('#tb-help');
  assert.match(await page.textContent('#keys-dialog'), /the same whichever way the board faces/);
  await page.keyboard.press('Escape');

  // The setting keeps Ink's side at the bottom, at once and after a reload.
  await page.click('#tb-settings');
  await page.click('#settings-dialog input[name="orient"]');
  assert.equal(await page.getAttribute('#board svg', 'data-flip'), 'false');
  await page.click('#settings-dialog button:has-text("Close")');
  await page.reload();
  await page.waitForSelector('#board .sq.movable');
  assert.equal(await page.getAttribute('#board svg', 'data-flip'), 'false');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('tabula.leeward'))).orient, 'fixed');
  noProblems(page);
  await page.context().close();
});

test('online: a friend who has just taken the seat is connecting, not disconnected', { timeout: 60000 }, async () => {
  const ann = await newPage(env.browser, { viewport: DESKTOP, settings: { 'tabula.warp-weft': { mode: 'two', size: '5', hints: false } } });
  await ann.goto(`${env.server.base}/play/warp-weft?seed=42&size=5`);
  await ann.waitForSelector('#board .cell');
  const link = new URL(await inviteOnline(ann, { name: 'Ann', clock: 'none' }));
  // Bo takes the seat, and his page has not opened its live connection yet.
  const id = link.searchParams.get('match');
  const res = await fetch(`${env.server.base}/api/matches/${id}/join`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: link.searchParams.get('invite'), name: 'Bo' }),
  });
  assert.equal(res.status, 200, await res.text());
  await ann.waitForFunction(() => /joined/.test(document.querySelector('#online-status').textContent));
  const text = await ann.textContent('#online-status');
  assert.equal(text, 'Bo has joined. Waiting for their page to connect…');
  assert.doesNotMatch(await ann.getAttribute('#online-status', 'class'), /warn/);
  noProblems(ann);
  await ann.context().close();
});

test('online: an opponent who dropped out is shown with their clock running, as the server keeps it', { timeout: 120000 }, async () => {
  const ann = await newPage(env.browser, { viewport: DESKTOP, settings: { 'tabula.warp-weft': { mode: 'two', size: '5', hints: false } } });
  await ann.goto(`${env.server.base}/play/warp-weft?seed=42&size=5`);
  await ann.waitForSelector('#board .cell');
  const link = await inviteOnline(ann, { name: 'Ann', clock: '5+3' });
  const bo = await newPage(env.browser, { viewport: DESKTOP });
  await joinOnline(bo, link, 'Bo');
  // Ann moves: Bo's clock runs. Bo's page goes away.
  await ann.waitForSelector('#board .cell.lit');
  await ann.click('#board .cell.lit >> nth=0');
  await bo.waitForSelector('#board .cell.lit');
  await bo.context().close();
  await ann.waitForFunction(() => /disconnected/.test(document.querySelector('#online-status').textContent));
  const text = await ann.textContent('#online-status');
  assert.match(text, /Bo is disconnected/);
  assert.match(text, /clock is running/, 'the server does not stop a dropped player’s clock');
  assert.doesNotMatch(text, /waits for/, 'the game does not wait: the clock runs');
  assert.match(await ann.getAttribute('#seat-1 .seat-clock', 'class'), /running/);
  noProblems(ann);
  await ann.context().close();
});

test('a new game (key, settings, online) deletes the page’s own untouched one; a game with a move of the person’s is kept', { timeout: 90000 }, async () => {
  const page = await newPage(env.browser, { settings: { 'tabula.leeward': { mode: 'computer', level: 'easy', side: 'ink' } } });
  const idOf = () => new URL(page.url()).searchParams.get('match');
  await page.goto(`${env.server.base}/play/leeward`);
  await page.waitForSelector('#board .sq.movable');
  const first = idOf();
  // New game by the key: the untouched first match goes.
  await page.keyboard.press('n');
  await page.waitForFunction((old) => new URL(location.href).searchParams.get('match') !== old, first);
  await page.waitForSelector('#board .sq.movable');
  const second = idOf();
  await gone(first);
  // New game from the settings: the untouched second one goes too.
  await page.click('#tb-settings');
  await page.click('#settings-dialog button:has-text("Start new game")');
  await page.waitForFunction((old) => new URL(location.href).searchParams.get('match') !== old, second);
  await gone(second);
  // A move of the person's: that game stays in "In progress" when another starts.
  await page.waitForSelector('#board .sq.movable');
  const third = idOf();
  const view = (await get(`/api/matches/${third}`)).body;
  const move = /^([a-g][1-7])x?([a-g][1-7])\/([NESW])$/.exec(view.moves[0].move);
  await page.click(`#board .sq[data-square="${move[1]}"]`);
  await page.click(`#board .sq[data-square="${move[2]}"]`);
  await page.click(`#board .wind-choice[data-wind="${move[3]}"]`);
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length >= 1);
  await page.keyboard.press('n');
  await page.waitForFunction((old) => new URL(location.href).searchParams.get('match') !== old, third);
  await page.waitForSelector('#board .sq.movable');
  assert.equal((await get(`/api/matches/${third}`)).status, 200);
  // Leaving an untouched game for an online one deletes it too.
  const fourth = idOf();
  await inviteOnline(page, { name: 'Ann' });
  await gone(fourth);
  assert.equal((await get(`/api/matches/${third}`)).status, 200);
  noProblems(page);
  await page.context().close();
});
