// Browser tests of the Piracy play page and rules, against the real server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, shot, PHONE } from './helpers.mjs';

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

const settingsKey = 'tabula.piracy';

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'the page logged errors');
}

const ply = (page) => page.$eval('#app', (el) => Number(el.dataset.ply));

/** Waits until the keys steer `ship` ('cook' or 'silver'). */
async function readyFor(page, ship) {
  await page.waitForSelector(`#app[data-ready="${ship}"]`);
}

/** Presses a key for `ship` and waits for its move to land. */
async function sail(page, ship, key) {
  await readyFor(page, ship);
  const before = await ply(page);
  await page.keyboard.press(key);
  await page.waitForFunction((n) => Number(document.getElementById('app').dataset.ply) > n, before);
}

const hits = (page, ship) => page.$eval(`#ship-${ship}`, (el) => Number(el.dataset.hits));
const sounds = (page) => page.evaluate(() => [...(window.piracySounds || [])]);

test('two people at one keyboard: hits, a refused ram, a sinking, the survivor’s seven moves, take-back and replay', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', sound: true, graphics: 'chart' } } });
  await page.goto(`${server.base}/play/piracy?seed=6&island=d4`);
  await readyFor(page, 'cook');
  assert.match(page.url(), /[?&]match=[0-9a-f]+$/, 'the address names the match, so a reload resumes it');
  assert.match(await page.textContent('#status'), /Cook to move/);
  assert.match(await page.textContent('#island-square'), /d4/);
  // Cook's three moves are lit, each with its key.
  assert.deepEqual(await page.$$eval('#board .target', (ts) => ts.map((t) => `${t.dataset.turn}:${t.dataset.square}:${t.querySelector('.key').textContent}`)),
    ['L:b3:←', 'S:c3:↑', 'R:c2:→']);
  await shot(page, 'piracy-desktop-start');

  // Silver's keys do nothing on Cook's turn (a toast says whose turn it is).
  await page.keyboard.press('f');
  await page.waitForSelector('.toast:has-text("Cook\'s turn")');
  assert.equal(await ply(page), 0);

  await sail(page, 'cook', 'ArrowUp'); // b2–c3
  await sail(page, 'silver', 'f'); // g7–f6
  // A click on a target square sails there too.
  await readyFor(page, 'cook');
  await page.click('#board .target[data-turn="R"]'); // c3–d3
  await page.waitForFunction(() => document.getElementById('app').dataset.ply === '3');
  await sail(page, 'silver', 'd'); // f6–f5
  await sail(page, 'cook', 'ArrowUp'); // d3–e3
  await sail(page, 'silver', 'f'); // f5–f4: beside e3, one hit on Cook
  assert.equal(await hits(page, 'cook'), 1);
  assert.equal(await page.locator('#board .ship-0 .pip.hit').count(), 1, 'the hit shows on the ship');
  assert.equal(await page.locator('#ship-cook .pz-hits i.on').count(), 1, 'and in the panel');
  assert.ok((await sounds(page)).includes('hit'), 'a hit fires a cannon');
  await sail(page, 'cook', 'ArrowUp'); // e3–f3: one hit on Silver
  assert.equal(await hits(page, 'silver'), 1);

  // Silver's bow points at Cook: straight on and right would ram, so only D sails.
  await readyFor(page, 'silver');
  assert.deepEqual(await page.$$eval('#board .target', (ts) => ts.map((t) => t.dataset.turn)), ['L']);
  await page.keyboard.press('f');
  await page.waitForSelector('.toast:has-text("ramming is not allowed")');
  assert.equal(await ply(page), 7);
  await sail(page, 'silver', 'd'); // f4–g3: two hits on Cook
  assert.equal(await hits(page, 'cook'), 3);
  await sail(page, 'cook', 'ArrowLeft'); // f3–g4: two hits on Silver
  assert.equal(await hits(page, 'silver'), 3);
  await sail(page, 'silver', 'f'); // g3–h2: two more on Cook
  assert.equal(await hits(page, 'cook'), 5);
  await shot(page, 'piracy-desktop-midgame');
  await sail(page, 'cook', 'ArrowLeft'); // g4–g5
  assert.match(await page.textContent('#move-list'), /2 hits/);

  // Silver, heading south-east on h2, drives onto the coast and sinks.
  await readyFor(page, 'silver');
  const rock = await page.$eval('#board .target[data-turn="S"]', (t) => t.getAttribute('class'));
  assert.match(rock, /rock/, 'the fatal move is marked as running aground');
  await sail(page, 'silver', 'f');
  await page.waitForSelector('#ship-silver[data-sunk="true"]');
  assert.ok((await sounds(page)).includes('sink'), 'a sinking has its own sound');
  assert.match(await page.textContent('#ship-silver'), /ran aground on the coast/);
  assert.match(await page.textContent('#owed'), /Cook must still make 7 moves/);
  await shot(page, 'piracy-desktop-sinking');

  // Cook's seven moves, one after the other.
  const seven = ['ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowUp', 'ArrowLeft'];
  for (let i = 0; i < seven.length; i++) {
    await sail(page, 'cook', seven[i]);
    if (i < 6) {
      await readyFor(page, 'cook');
      assert.match(await page.textContent('#owed'), new RegExp(`make ${6 - i} move`));
    }
  }
  await page.waitForSelector('#result');
  assert.match(await page.textContent('#result'), /Cook wins/);
  assert.match(await page.textContent('#result'), /Silver ran aground on the coast beyond h2; Cook sailed its seven more moves and wins/);
  assert.equal(await page.getAttribute('#app', 'data-over'), 'true');
  const finalPly = await ply(page);
  assert.equal(finalPly, 19, 'twelve moves, then Cook’s seven in a row');
  await shot(page, 'piracy-desktop-result');

  // After the game: T takes back one move at a time, R replays.
  await page.keyboard.press('t');
  await page.waitForFunction((n) => Number(document.getElementById('app').dataset.ply) === n - 1, finalPly);
  await readyFor(page, 'cook');
  assert.match(await page.textContent('#owed'), /make 1 move\b/);
  await page.keyboard.press('t');
  await page.waitForFunction((n) => Number(document.getElementById('app').dataset.ply) === n - 2, finalPly);
  await readyFor(page, 'cook');
  assert.match(await page.textContent('#owed'), /make 2 moves/);
  const heading = await page.textContent('#ship-cook .where');
  await page.keyboard.press('r');
  await page.waitForFunction((n) => Number(document.getElementById('app').dataset.ply) >= n - 1, finalPly);
  await readyFor(page, 'cook');
  assert.notEqual(await page.textContent('#ship-cook .where'), heading);
  await page.keyboard.press('r');
  await page.waitForSelector('#result');
  assert.equal(await ply(page), finalPly);
  assert.match(await page.textContent('#result'), /Cook wins/);
  await page.keyboard.press('r');
  await page.waitForSelector('.toast:has-text("Nothing to replay")');
  // Same chart: a fresh game on the same island.
  await page.click('#same-chart');
  await page.waitForFunction(() => document.getElementById('app').dataset.ply === '0');
  await readyFor(page, 'cook');
  assert.match(await page.textContent('#island-square'), /d4/);
  assert.equal(await hits(page, 'cook'), 0);
  noProblems(page);
});

test('graphics mode, zoom and pan keys, and the harbour turn with Shift', { timeout: 90000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', sound: false, graphics: 'chart' } } });
  await page.goto(`${server.base}/play/piracy?seed=3&island=d4`);
  await readyFor(page, 'cook');
  const svg = '#board svg.pz-board';
  assert.equal(await page.getAttribute(svg, 'data-mode'), 'chart');
  assert.ok(await page.locator('#board .island .palm-leaf').count(), 'the chart draws the island with a palm');

  // M: the plain board, remembered across a reload; M again: the chart.
  await page.keyboard.press('m');
  assert.equal(await page.getAttribute(svg, 'data-mode'), 'plain');
  assert.ok(await page.locator('#board .sq-a').count(), 'plain squares');
  assert.match(await page.textContent('#mode-btn'), /Sea chart/);
  await shot(page, 'piracy-desktop-plain');
  await page.reload();
  await readyFor(page, 'cook');
  assert.equal(await page.getAttribute(svg, 'data-mode'), 'plain');
  await page.keyboard.press('m');
  assert.equal(await page.getAttribute(svg, 'data-mode'), 'chart');

  // + and − zoom, Ctrl + arrows pan, 0 shows the whole chart again.
  const box = () => page.getAttribute(svg, 'viewBox');
  const whole = await box();
  await page.keyboard.press('+');
  assert.equal(await page.getAttribute(svg, 'data-zoom'), '1.35');
  await page.keyboard.press('+');
  assert.equal(await page.getAttribute(svg, 'data-zoom'), '1.8');
  assert.match(await page.textContent('#zoom-level'), /1\.8×/);
  const zoomed = await box();
  await page.keyboard.press('Control+ArrowRight');
  const panned = await box();
  assert.notEqual(panned, zoomed);
  assert.ok(Number(panned.split(' ')[0]) > Number(zoomed.split(' ')[0]), 'east pans right');
  await page.keyboard.press('Control+ArrowUp');
  assert.ok(Number((await box()).split(' ')[1]) < Number(panned.split(' ')[1]), 'north pans up');
  assert.equal(await ply(page), 0, 'Ctrl + arrows do not steer Cook');
  await shot(page, 'piracy-desktop-zoomed');
  await page.keyboard.press('-');
  assert.equal(await page.getAttribute(svg, 'data-zoom'), '1.35');
  await page.keyboard.press('0');
  assert.equal(await box(), whole);
  await page.click('#zoom-in');
  assert.equal(await page.getAttribute(svg, 'data-zoom'), '1.35');
  await page.click('#zoom-all');
  assert.equal(await box(), whole);

  // Cook sails up the a-file into the harbour a8; Shift + → turns 90° to b8.
  const line = [['cook', 'ArrowLeft'], ['silver', 'd'], ['cook', 'ArrowLeft'], ['silver', 'g'], ['cook', 'ArrowRight'], ['silver', 'd'],
    ['cook', 'ArrowUp'], ['silver', 'g'], ['cook', 'ArrowUp'], ['silver', 'd'], ['cook', 'ArrowUp'], ['silver', 'f']];
  for (const [ship, key] of line) await sail(page, ship, key);
  await readyFor(page, 'cook');
  assert.match(await page.textContent('#ship-cook .where'), /a7–a8 · N/);
  assert.deepEqual(await page.$$eval('#board .target', (ts) => ts.map((t) => t.dataset.turn)), ['LL', 'L', 'S', 'R', 'RR']);
  assert.match(await page.textContent('#keys-hint'), /90° in the harbour/);
  await sail(page, 'cook', 'Shift+ArrowRight');
  assert.match(await page.textContent('#ship-cook .where'), /a8–b8 · E/);
  assert.match(await page.textContent('#ship-cook .pz-circ'), /1 left|3 right|2 right/);
  noProblems(page);
});

test('against the computer as Silver: it sails first, undo, the mute switch is remembered, phone and dark screens', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'silver', sound: true } } });
  await page.goto(`${server.base}/play/piracy?seed=11`);
  // The computer (Cook) makes the first move by itself.
  await readyFor(page, 'silver');
  assert.equal(await ply(page), 1);
  // "Your move" once the computer's move has been drawn to its end.
  await page.waitForFunction(() => /Your move: Silver/.test(document.querySelector('#status').textContent));
  assert.match(await page.textContent('#ship-cook'), /Computer · Easy/);
  // Arrow keys belong to Cook, which the computer steers.
  await page.keyboard.press('ArrowUp');
  await page.waitForSelector('.toast:has-text("You steer Silver")');
  await sail(page, 'silver', 'f');
  await readyFor(page, 'silver');
  assert.equal(await ply(page), 3, 'the computer answered');
  // T takes back the computer's answer and my move.
  await page.keyboard.press('t');
  await page.waitForFunction(() => document.getElementById('app').dataset.ply === '1');
  await readyFor(page, 'silver');

  // V mutes (the sound key of every game); the choice survives a reload.
  assert.equal(await page.getAttribute('#sound-btn', 'aria-pressed'), 'true');
  await page.keyboard.press('v');
  assert.equal(await page.getAttribute('#sound-btn', 'aria-pressed'), 'false');
  await page.reload();
  await readyFor(page, 'silver');
  assert.equal(await page.getAttribute('#sound-btn', 'aria-pressed'), 'false');
  const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), settingsKey);
  assert.equal(stored.sound, false);

  // The keys dialog lists the steering keys.
  await page.keyboard.press('?');
  await page.waitForSelector('#keys-dialog');
  assert.match(await page.textContent('#keys-dialog'), /Silver: turn left, sail straight on, turn right/);
  assert.match(await page.textContent('#keys-dialog'), /Ctrl \+ arrows/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#keys-dialog', { state: 'detached' });

  // F1: the rules in a dialog, with diagrams.
  await page.keyboard.press('F1');
  await page.waitForSelector('#rules-dialog .diagram svg');
  assert.match(await page.textContent('#rules-dialog'), /seven more moves/);
  await page.keyboard.press('Escape');
  noProblems(page);

  const phone = await newPage(browser, { viewport: PHONE, settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'cook', sound: false } } });
  await phone.goto(`${server.base}/play/piracy?seed=11`);
  await readyFor(phone, 'cook');
  await phone.click('#board .target.sea');
  await readyFor(phone, 'cook');
  await shot(phone, 'piracy-phone');
  await shot(phone, 'piracy-phone-full', { fullPage: true });
  noProblems(phone);

  const dark = await newPage(browser, { colorScheme: 'dark', settings: { [settingsKey]: { mode: 'two', sound: false } } });
  await dark.goto(`${server.base}/play/piracy?seed=6&island=d4`);
  await readyFor(dark, 'cook');
  await sail(dark, 'cook', 'ArrowUp');
  await sail(dark, 'silver', 'g');
  await shot(dark, 'piracy-desktop-dark');
  noProblems(dark);
});

test('after a game against the computer, T alone says to press 1 then 3; the study is one match, at its own address, through a reload', { timeout: 90000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'cook', sound: false } } });
  await page.goto(`${server.base}/play/piracy?seed=6&island=d4`);
  await sail(page, 'cook', 'ArrowUp'); // b2–c3, then the computer answers
  await readyFor(page, 'cook');
  await sail(page, 'cook', 'ArrowUp'); // c3–d4: onto the island
  await page.waitForSelector('#ship-cook[data-sunk="true"]');
  // The computer sails its seven moves in a row.
  await page.waitForSelector('#result', { timeout: 30000 });
  assert.match(await page.textContent('#result'), /ran aground on the island at d4/);
  const end = await ply(page);
  const played = new URL(page.url()).searchParams.get('match');
  // T alone reopens nothing: the game as played stays as it is.
  await page.keyboard.press('t');
  await page.waitForSelector('.toast:has-text("press 1 then 3")');
  assert.equal(await ply(page), end);
  assert.equal(new URL(page.url()).searchParams.get('match'), played);
  // 1 then 3: the study, a match of its own, named by the address.
  await page.keyboard.press('1');
  await page.keyboard.press('3');
  await page.waitForSelector('.toast:has-text("Two-player mode")');
  const study = new URL(page.url()).searchParams.get('match');
  assert.notEqual(study, played, 'the study has its own address');
  await page.keyboard.press('t');
  await page.waitForFunction((n) => Number(document.getElementById('app').dataset.ply) === n - 1, end);
  await readyFor(page, 'silver');
  // A reload comes back to the study, both ships still answering to the keys.
  await page.reload();
  await readyFor(page, 'silver');
  assert.match(await page.textContent('#ship-silver .player'), /Analysis/);
  await page.keyboard.press('1');
  await page.keyboard.press('3');
  await page.waitForSelector('.toast:has-text("Both ships already answer")');
  // The game as played, opened again: 1 then 3 goes to the same study, not a new one.
  await page.goto(`${server.base}/play/piracy?match=${played}`);
  await page.waitForSelector('#result');
  await page.keyboard.press('1');
  await page.keyboard.press('3');
  await page.waitForURL(new RegExp(`match=${study}$`));
  await readyFor(page, 'silver');
  // "Games played" shows the game once, as it was played.
  await page.goto(`${server.base}/matches`);
  await page.waitForSelector(`.match-row[data-id="${played}"]`);
  assert.equal(await page.locator(`.match-row[data-id="${study}"]`).count(), 0, 'the study is not a second game');
  noProblems(page);
});

test('after a game against the computer, 1 then 3 switches to two-player mode for analysis', { timeout: 90000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'cook', sound: false } } });
  await page.goto(`${server.base}/play/piracy?seed=6&island=d4`);
  await readyFor(page, 'cook');
  await page.keyboard.press('1');
  await page.keyboard.press('3');
  await page.waitForSelector('.toast:has-text("1 then 3 lets both ships answer")');
  await sail(page, 'cook', 'ArrowUp');
  await readyFor(page, 'cook');
  await sail(page, 'cook', 'ArrowUp'); // onto the island: the computer sails its seven moves and wins
  await page.waitForSelector('#result', { timeout: 30000 });
  const end = await ply(page);
  await page.keyboard.press('1');
  await page.keyboard.press('3');
  await page.waitForSelector('.toast:has-text("Two-player mode")');
  assert.match(await page.textContent('#ship-silver .player'), /Analysis/);
  assert.equal(await ply(page), end, 'the whole game is there to step through');
  await page.keyboard.press('t');
  await page.waitForFunction((n) => Number(document.getElementById('app').dataset.ply) === n - 1, end);
  noProblems(page);
});

test('the rules page: prose, diagrams drawn by the board code, and the keys', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/rules/piracy`);
  await page.waitForSelector('body[data-diagrams="drawn"]');
  assert.equal(await page.locator('.diagram svg').count(), 5);
  assert.match(await page.textContent('#rules'), /seventy times seven/);
  assert.ok(await page.locator('.diagram[data-diagram="ram"] .target').count() === 1, 'the ramming diagram shows one legal move');
  await shot(page, 'piracy-rules-desktop');
  noProblems(page);
  const phone = await newPage(browser, { viewport: PHONE });
  await phone.goto(`${server.base}/rules/piracy`);
  await phone.waitForSelector('body[data-diagrams="drawn"]');
  await shot(phone, 'piracy-rules-phone');
  noProblems(phone);
});

test('sound is off until the player turns it on, as in every game', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/play/piracy`);
  await page.waitForSelector('#sound-btn');
  assert.equal(await page.getAttribute('#sound-btn', 'aria-pressed'), 'false');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
