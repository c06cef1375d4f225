// Browser tests of the Leeward play page and rules page, against the real server.
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

const settingsKey = 'tabula.leeward';
const vsEasy = (side = 'ink') => ({ [settingsKey]: { mode: 'computer', level: 'easy', side } });

const count = (page, selector) => page.locator(selector).count();

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'the page logged errors');
}

/** Waits until the human may move: pieces to pick and no computer thinking. */
async function humanTurn(page) {
  await page.waitForFunction(() => document.querySelector('#board .sq.movable') && !document.querySelector('#thinking'));
}

/** The match the page is showing, straight from the API. */
async function match(page) {
  const id = await page.getAttribute('#board', 'data-match');
  assert.ok(id, 'the board names its match');
  const res = await fetch(`${server.base}/api/matches/${id}`);
  assert.equal(res.status, 200);
  return res.json();
}

/** Legal moves of the view, as {from, to, wind, info}. */
function legal(view) {
  return view.moves.map((m) => {
    const [, from, to, wind] = /^([a-g][1-7])x?([a-g][1-7])\/([NESW])$/.exec(m.move);
    return { name: m.move, from, to, wind, info: m.info };
  });
}

const squaresOf = (page, selector) => page.$$eval(selector, (els) => els.map((e) => e.dataset.square).sort());
const sq = (name) => `#board .sq[data-square="${name}"]`;

test('picking a piece shows its squares; Escape takes the pick back; a wind chosen with the mouse plays the move', { timeout: 90000 }, async () => {
  const page = await newPage(browser, { settings: vsEasy('ink') });
  await page.goto(`${server.base}/play/leeward`);
  await humanTurn(page);
  await shot(page, 'leeward-desktop-start');

  // Sixteen pieces, the wind blowing east, and the two home squares ringed.
  assert.equal(await count(page, '#board .piece'), 16);
  assert.equal(await page.getAttribute('#board svg', 'data-wind'), 'E');
  assert.equal(await count(page, '#board .home'), 2);
  assert.match(await page.textContent('#wind-now'), /east/i);
  assert.match(await page.textContent('#status'), /Your move/);
  assert.equal(await page.getAttribute('#move-list', 'aria-live'), 'polite');

  const view = await match(page);
  const moves = legal(view);
  const movable = [...new Set(moves.map((m) => m.from))].sort();
  assert.deepEqual(await squaresOf(page, '#board .sq.movable'), movable, 'the pieces that can move are the ones the server allows');

  // Picking the Kite on b1 shows exactly its squares (crosswind: north only, one or two).
  await page.click(sq('b1'));
  assert.deepEqual(await squaresOf(page, '#board .sq.picked'), ['b1']);
  const kiteSquares = [...new Set(moves.filter((m) => m.from === 'b1').map((m) => m.to))].sort();
  assert.deepEqual(await squaresOf(page, '#board .sq.target'), kiteSquares);
  assert.deepEqual(kiteSquares, ['b2', 'b3']);
  assert.match(await page.textContent('#status'), /Kite on b1/);
  await shot(page, 'leeward-desktop-picked');

  // A square it cannot reach does nothing; another piece of mine changes the pick.
  await page.click(sq('d4'));
  assert.deepEqual(await squaresOf(page, '#board .sq.picked'), ['b1']);
  await page.click(sq('d2'));
  assert.deepEqual(await squaresOf(page, '#board .sq.picked'), ['d2']);
  const oarSquares = [...new Set(moves.filter((m) => m.from === 'd2').map((m) => m.to))].sort();
  assert.deepEqual(await squaresOf(page, '#board .sq.target'), oarSquares);
  assert.deepEqual(oarSquares, ['c2', 'c3'], 'the Oar pulls west, into the east wind');
  // The Sail on c1 is boxed in by its own Lamp: picking it does nothing.
  await page.click(sq('c1'));
  assert.deepEqual(await squaresOf(page, '#board .sq.picked'), ['d2']);

  // Escape takes the pick back.
  await page.keyboard.press('Escape');
  assert.equal(await count(page, '#board .sq.picked'), 0);
  assert.equal(await count(page, '#board .sq.target'), 0);

  // Piece, then square: the piece goes there for now, and three winds are offered.
  await page.click(sq('b1'));
  await page.click(sq('b3'));
  // The board the server played the move to arrives at once (one small request).
  await page.waitForSelector('#board .piece[data-square="b3"]');
  assert.equal(await count(page, '#board .piece[data-square="b1"]'), 0);
  assert.deepEqual(await page.$$eval('#board .wind-choice', (els) => els.map((e) => e.dataset.wind).sort()), ['N', 'S', 'W']);
  assert.deepEqual(await page.$$eval('.wind-btn', (els) => els.map((e) => e.dataset.wind).sort()), ['N', 'S', 'W']);
  assert.match(await page.textContent('#status'), /choose the wind for Paper/);

  // Escape steps back: first to the piece's squares, then to nothing picked.
  await page.keyboard.press('Escape');
  assert.equal(await count(page, '#board .wind-choice'), 0);
  assert.equal(await count(page, '#board .piece[data-square="b1"]'), 1);
  assert.deepEqual(await squaresOf(page, '#board .sq.picked'), ['b1']);
  assert.deepEqual(await squaresOf(page, '#board .sq.target'), kiteSquares);
  await page.keyboard.press('Escape');
  assert.equal(await count(page, '#board .sq.picked'), 0);

  // Again, and this time a click on the north arrow plays b1b3/N.
  await page.click(sq('b1'));
  await page.click(sq('b3'));
  await page.click('#board .wind-choice[data-wind="N"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length === 2);
  await humanTurn(page);
  const after1 = await match(page);
  assert.equal(after1.history[0].move, 'b1b3/N');
  assert.match(await page.textContent('#move-list'), /b1–b3/);
  // The last move (the computer's) is highlighted on the board and in the list.
  const last = /^([a-g][1-7])x?([a-g][1-7])/.exec(after1.history[1].move);
  assert.deepEqual(await squaresOf(page, '#board .sq.last'), [last[1], last[2]].sort());
  assert.equal(await count(page, '#move-list .mv.last'), 1);
  assert.equal(await page.getAttribute('#board svg', 'data-wind'), after1.state.wind);
  await shot(page, 'leeward-desktop-after-move');
  assert.match(await page.textContent('#last-move'), /The computer moved/);

  // Pointing at a wind works again on the next move (the same arrow as last time too).
  const next = legal(after1).find((m) => m.wind === 'N') || legal(after1)[0];
  await page.click(sq(next.from));
  await page.click(sq(next.to));
  await page.hover(`#board .wind-choice[data-wind="${next.wind}"]`);
  await page.waitForFunction((w) => document.querySelector('#board svg').dataset.wind === w, next.wind);
  assert.doesNotMatch(await page.textContent('#wind-note'), /^Point at a wind/);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // Undo takes back the computer's reply and my move.
  await page.keyboard.press('u');
  await page.waitForFunction(() => document.querySelector('#move-list .mv-empty'));
  await humanTurn(page);
  assert.equal(await page.getAttribute('#board svg', 'data-wind'), 'E');
  assert.equal(await count(page, '#board .piece[data-square="b1"]'), 1);
  noProblems(page);
  await page.context().close();
});

test('hovering a wind marks the pieces it leaves open; the arrow keys turn the wind and Enter plays', { timeout: 90000 }, async () => {
  const page = await newPage(browser, { settings: vsEasy('ink') });
  await page.goto(`${server.base}/play/leeward`);
  await humanTurn(page);
  const moves = legal(await match(page));

  // A piece move whose winds differ: one leaves pieces open, another leaves none.
  const pairs = new Map();
  for (const m of moves) {
    const k = `${m.from}${m.to}`;
    if (!pairs.has(k)) pairs.set(k, []);
    pairs.get(k).push(m);
  }
  const risky = [...pairs.values()].find((list) => list.some((m) => m.info.open.length) && list.some((m) => !m.info.open.length));
  assert.ok(risky, 'some move has a wind that leaves a piece open and one that does not');
  const bad = risky.find((m) => m.info.open.length);
  const safe = risky.find((m) => !m.info.open.length);

  await page.click(sq(bad.from));
  await page.click(sq(bad.to));
  assert.equal(await count(page, '#board .threat'), 0, 'nothing is marked before a wind is considered');

  // Pointing at the risky wind on the board marks exactly the pieces the server names.
  await page.hover(`#board .wind-choice[data-wind="${bad.wind}"]`);
  await page.waitForSelector('#board .threat');
  assert.deepEqual(await squaresOf(page, '#board .threat'), [...bad.info.open].sort());
  assert.match(await page.textContent('#wind-note'), /could take your/);
  // The pieces are drawn in the wind being considered.
  assert.equal(await page.getAttribute('#board svg', 'data-wind'), bad.wind);
  await shot(page, 'leeward-desktop-threat');

  // A safe wind marks nothing.
  await page.hover(`#board .wind-choice[data-wind="${safe.wind}"]`);
  await page.waitForFunction(() => !document.querySelector('#board .threat'));
  assert.match(await page.textContent('#wind-note'), /none of your pieces/);

  // The panel's buttons do the same.
  await page.hover(`#wind-${bad.wind}`);
  await page.waitForSelector('#board .threat');
  assert.deepEqual(await squaresOf(page, '#board .threat'), [...bad.info.open].sort());
  await page.mouse.move(5, 790);
  await page.waitForFunction(() => !document.querySelector('#board .threat'));
  assert.equal(await page.getAttribute('#board svg', 'data-wind'), 'E');

  // Keys: ← veers left, → veers right, ↑ and ↓ reverse; the board and the panel follow.
  const wind0 = 'E';
  const turns = { left: 'N', right: 'S', reverse: 'W' };
  const selected = async () => ({
    board: await page.$$eval('#board .wind-choice.selected', (els) => els.map((e) => e.dataset.wind)),
    panel: await page.$$eval('.wind-btn[aria-pressed="true"]', (els) => els.map((e) => e.dataset.wind)),
  });
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await selected(), { board: [turns.right], panel: [turns.right] });
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await selected(), { board: [turns.left], panel: [turns.left] });
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await selected(), { board: [turns.reverse], panel: [turns.reverse] });
  await page.keyboard.press('ArrowUp');
  assert.deepEqual(await selected(), { board: [turns.reverse], panel: [turns.reverse] });
  // The chosen wind shows its threats too.
  const byWind = Object.fromEntries(risky.map((m) => [m.wind, m.info.open]));
  assert.deepEqual(await squaresOf(page, '#board .threat'), [...byWind[turns.reverse]].sort());
  await page.keyboard.press(bad.wind === turns.left ? 'ArrowLeft' : bad.wind === turns.right ? 'ArrowRight' : 'ArrowUp');
  assert.deepEqual(await squaresOf(page, '#board .threat'), [...bad.info.open].sort());
  await shot(page, 'leeward-desktop-keys');

  // Escape drops the move; then the whole move again from the keyboard alone.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  assert.equal(await count(page, '#board .sq.picked'), 0);
  await page.click('#status');
  await page.keyboard.press('ArrowUp'); // enters the board on a piece that can move
  await page.waitForFunction(() => document.activeElement && document.activeElement.matches('#board .sq'));
  const start = await page.evaluate(() => document.activeElement.dataset.square);
  assert.ok(moves.some((m) => m.from === start), 'the arrows enter the board on a movable piece');
  // Walk to the Kite on b1 and pick it, then to b2, then reverse the wind and play.
  const walk = async (from, to) => {
    const [ff, fr] = [from.charCodeAt(0), Number(from[1])];
    const [tf, tr] = [to.charCodeAt(0), Number(to[1])];
    for (let i = ff; i < tf; i++) await page.keyboard.press('ArrowRight');
    for (let i = ff; i > tf; i--) await page.keyboard.press('ArrowLeft');
    for (let i = fr; i < tr; i++) await page.keyboard.press('ArrowUp');
    for (let i = fr; i > tr; i--) await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), to);
  };
  await walk(start, 'b1');
  await page.keyboard.press('Enter');
  assert.deepEqual(await squaresOf(page, '#board .sq.picked'), ['b1']);
  await walk('b1', 'b2');
  await page.keyboard.press('Enter');
  assert.equal(await count(page, '#board .wind-choice'), 3);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length >= 1 && !document.querySelector('#board .wind-choice'));
  const v = await match(page);
  assert.equal(v.history[0].move, `b1b2/${turns.reverse}`);
  assert.equal(wind0, 'E');
  await humanTurn(page);
  noProblems(page);
  await page.context().close();
});

test('a whole game against the computer at Easy, played to the end', { timeout: 90000 }, async (t) => {
  const page = await newPage(browser, { settings: vsEasy('ink') });
  await page.goto(`${server.base}/play/leeward`);
  const began = Date.now();
  let mine = 0;
  let seed = 12345;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let turn = 0; turn < 200; turn++) {
    await page.waitForFunction(() => document.querySelector('#result') || (document.querySelector('#board .sq.movable') && !document.querySelector('#thinking')), null, { timeout: 20000 });
    if (await count(page, '#result')) break;
    const before = await count(page, '#move-list .mv:not(.mv-gap)');
    // A random legal move, through the page: a piece, one of its squares, one of the winds.
    const pieces = await squaresOf(page, '#board .sq.movable');
    await page.click(sq(pieces[rand(pieces.length)]));
    const targets = await squaresOf(page, '#board .sq.target');
    await page.click(sq(targets[rand(targets.length)]));
    const winds = await page.$$eval('#board .wind-choice', (els) => els.map((e) => e.dataset.wind));
    assert.equal(winds.length, 3);
    await page.click(`#board .wind-choice[data-wind="${winds[rand(3)]}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length > n, before);
    mine += 1;
  }
  await page.waitForSelector('#result');
  const view = await match(page);
  assert.ok(view.result, 'the server agrees the game is over');
  const banner = await page.textContent('#result');
  assert.match(banner, /You win|The computer wins|A draw/);
  assert.ok(banner.includes(view.result.reason), 'the banner gives the reason');
  assert.ok(await page.isVisible('#result button:has-text("New game")'));
  assert.ok(await page.isVisible('#result button:has-text("Replay")'));
  assert.equal(await count(page, '#board .sq.movable'), 0, 'nothing can be picked once the game is over');
  // Every captured piece is shown beside the board.
  assert.equal(await count(page, '#sides .tray .lw-icon'), view.state.captured.length);
  assert.equal(await count(page, '#move-list .mv:not(.mv-gap)'), view.history.length);
  // Every move names its piece: the positions along the game came from the server, a few moves at a time.
  await page.waitForFunction((n) => [...document.querySelectorAll('#move-list .mv:not(.mv-gap) .visually-hidden')]
    .filter((e) => /: (Lamp|Sail|Kite|Oar) /.test(e.textContent)).length === n, view.history.length);
  await shot(page, 'leeward-desktop-result');

  // Replay walks through the game from the start; Escape stops it.
  await page.click('#replay-btn');
  await page.waitForSelector('#replay-pos');
  assert.equal(await count(page, '#board .piece'), 16);
  await page.waitForFunction(() => /Move [2-9]/.test(document.querySelector('#replay-pos').textContent));
  assert.equal(await count(page, '#move-list .mv.current'), 1);
  await shot(page, 'leeward-desktop-replay');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#result');
  t.diagnostic(`full game: ${view.history.length} moves (${mine} of them random moves made through the page) in ${((Date.now() - began) / 1000).toFixed(1)} s: ${view.result.reason}`);
  noProblems(page);
  await page.context().close();
});

test('two players on one screen; the settings are remembered; rules and keys dialogs', { timeout: 90000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', level: 'easy', side: 'ink' } } });
  await page.goto(`${server.base}/play/leeward`);
  await humanTurn(page);
  assert.match(await page.textContent('#status'), /Ink to move/);
  assert.match(await page.textContent('#side-ink'), /Player 1/);
  assert.match(await page.textContent('#side-paper'), /Player 2/);
  await page.click(sq('d2'));
  await page.click(sq('c3'));
  await page.click('#wind-N');
  await page.waitForFunction(() => /Paper to move/.test(document.querySelector('#status').textContent));
  assert.ok(await page.$eval('#side-paper', (e) => e.classList.contains('to-move')));
  // Paper's pieces now move in a north wind: its Sails can run no further north.
  assert.equal(await page.getAttribute('#board svg', 'data-wind'), 'N');
  assert.ok(!(await squaresOf(page, '#board .sq.movable')).includes('c7'));
  // Undo between two players takes back one move.
  await page.click('#undo-btn');
  await page.waitForFunction(() => /Ink to move/.test(document.querySelector('#status').textContent));
  assert.equal(await count(page, '#board .piece[data-square="d2"]'), 1);

  // The settings dialog: level and side, kept in localStorage.
  await page.click('#tb-settings');
  await page.waitForSelector('#settings-dialog[open]');
  assert.ok(await page.isChecked('#settings-dialog input[name="mode"][value="two"]'));
  assert.deepEqual(await page.$$eval('#settings-dialog input[name="level"]', (els) => els.map((e) => e.value)), ['easy', 'fair', 'strong']);
  await page.click('#settings-dialog label:has(input[name="mode"][value="computer"])');
  await page.click('#settings-dialog label:has(input[name="level"][value="easy"])');
  await page.click('#settings-dialog label:has(input[name="side"][value="paper"])');
  await shot(page, 'leeward-desktop-settings');
  await page.click('#settings-dialog button:has-text("Start new game")');
  // As Paper, the computer (Ink) opens.
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length === 1);
  await humanTurn(page);
  assert.match(await page.textContent('#side-paper'), /You/);
  assert.match(await page.textContent('#side-ink'), /Computer · Easy/);
  const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), settingsKey);
  assert.deepEqual({ mode: saved.mode, level: saved.level, side: saved.side }, { mode: 'computer', level: 'easy', side: 'paper' });
  await page.reload();
  await humanTurn(page);
  assert.match(await page.textContent('#side-paper'), /You/, 'the side is remembered after a reload');

  // F1: the rules in a dialog, with diagrams drawn by the board code; Esc closes.
  await page.keyboard.press('F1');
  await page.waitForSelector('#rules-dialog[open] .diagram svg .piece');
  assert.match(await page.textContent('#rules-dialog'), /Landfall/);
  await shot(page, 'leeward-desktop-rules-dialog');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#rules-dialog'));
  // ?: the keys.
  await page.keyboard.press('?');
  await page.waitForSelector('#keys-dialog[open]');
  assert.match(await page.textContent('#keys-dialog'), /veer the wind/);
  assert.match(await page.textContent('#keys-dialog'), /Take back the pick/);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#keys-dialog'));
  noProblems(page);
  await page.context().close();
});

test('undo while the computer thinks: it answers, then both moves are taken back', { timeout: 90000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'computer', level: 'fair', side: 'ink' } } });
  await page.goto(`${server.base}/play/leeward`);
  await humanTurn(page);
  await page.click(sq('f1'));
  await page.click(sq('f3'));
  await page.click('#wind-W');
  await page.waitForSelector('#thinking');
  // The page stays responsive: the keys dialog opens and closes while it thinks.
  await page.keyboard.press('?');
  await page.waitForSelector('#keys-dialog[open]');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#keys-dialog'));
  await page.keyboard.press('u');
  await page.waitForFunction(() => !document.querySelector('#thinking') && document.querySelector('#move-list .mv-empty'));
  await humanTurn(page);
  assert.equal((await match(page)).history.length, 0);
  assert.equal(await count(page, '#board .piece[data-square="f1"]'), 1);
  noProblems(page);
  await page.context().close();
});

test('layouts: the desktop fits without scrolling, the phone puts the panel under the board; tap, tap to play', { timeout: 90000 }, async () => {
  // Desktop, dark theme, with a wind being chosen (the tallest panel).
  const desk = await newPage(browser, { viewport: DESKTOP, colorScheme: 'dark', settings: vsEasy('ink') });
  await desk.goto(`${server.base}/play/leeward`);
  await humanTurn(desk);
  await desk.click(sq('d1'));
  await desk.click(sq('c2'));
  await desk.hover('#board .wind-choice[data-wind="S"]');
  const { scrollH, innerH } = await desk.evaluate(() => ({ scrollH: document.documentElement.scrollHeight, innerH: innerHeight }));
  assert.ok(scrollH <= innerH, `no vertical scrolling (${scrollH} > ${innerH})`);
  const box = await desk.locator('#board').boundingBox();
  assert.ok(Math.abs(box.width - box.height) < 2, 'the board is square');
  assert.ok(box.height > 650, 'the board uses the height of the window');
  const panel = await desk.locator('.side-panel').boundingBox();
  assert.ok(panel.x >= box.x + box.width, 'the panel is to the right of the board');
  await shot(desk, 'leeward-desktop-dark');
  noProblems(desk);
  await desk.context().close();

  // Phone, touch: the first tap on a wind shows what it leaves open, the second plays.
  const page = await newPage(browser, { viewport: PHONE, touch: true, settings: vsEasy('ink') });
  await page.goto(`${server.base}/play/leeward`);
  await humanTurn(page);
  await page.tap(sq('d1'));
  await page.tap(sq('c2'));
  await page.tap('#board .wind-choice[data-wind="S"]');
  await page.waitForSelector('#board .threat');
  assert.equal(await count(page, '#move-list .mv:not(.mv-gap)'), 0, 'the first tap only shows');
  await shot(page, 'leeward-phone-threat');
  await page.tap('#board .wind-choice[data-wind="W"]');
  await page.waitForFunction(() => !document.querySelector('#board .threat'));
  await page.tap('#board .wind-choice[data-wind="W"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length === 2);
  await humanTurn(page);
  const b = await page.locator('#board').boundingBox();
  const p = await page.locator('.side-panel').boundingBox();
  assert.ok(p.y >= b.y + b.height - 1, 'the panel is below the board');
  assert.ok(b.width <= PHONE.width && b.width > PHONE.width * 0.85, 'the board fills the width');
  await shot(page, 'leeward-phone');
  await shot(page, 'leeward-phone-full', { fullPage: true });
  noProblems(page);
  await page.context().close();
});

test('the rules page and the home card', { timeout: 90000 }, async () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const page = await newPage(browser, { viewport });
    const res = await page.goto(`${server.base}/rules/leeward`);
    assert.equal(res.status(), 200);
    await page.waitForSelector('body[data-diagrams="drawn"]');
    assert.equal(await count(page, '.diagram svg'), await count(page, '.diagram'), 'every diagram is drawn');
    assert.ok((await count(page, '.diagram svg .piece')) > 20);
    assert.equal(await count(page, '.piece-icon svg'), 8);
    assert.equal(await count(page, '.diagram[data-diagram="turn"] svg .threat'), 2);
    assert.ok(await page.isVisible('#self-play'), 'the notes from self-play have their place');
    assert.match(await page.textContent('.keys-table'), /reverse the wind/);
    await shot(page, `leeward-rules-${name}`);
    await shot(page, `leeward-rules-${name}-full`, { fullPage: true });
    noProblems(page);
    await page.context().close();
  }
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(`${server.base}/`);
  const card = page.locator('.game-card[data-slug="leeward"]');
  await card.waitFor();
  await card.locator('svg .piece').first().waitFor();
  assert.equal(await card.locator('svg .piece').count(), 16);
  assert.equal(await card.locator('.side-name svg').count(), 2);
  await card.screenshot({ path: new URL('./out/leeward-home-card.png', import.meta.url).pathname });
  noProblems(page);
  await page.context().close();
});
