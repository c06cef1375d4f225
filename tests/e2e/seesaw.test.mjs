// Browser tests of the Seesaw play page and rules page, against the real server.
// Positions are given in the canonical text (tiles:…;stacks:…;next:…); the
// capture-chain ones come from the Ludii oracle games in shared/oracle/seesaw.
// Every order of a capture chain comes from the server (checked in crates/games/tests/seesaw.rs).
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

const settingsKey = 'tabula.seesaw';

// North's 4-stack on a2 must capture: b3 first leaves 3 steps, then b1 (2 steps) leaves 1,
// with nothing more to take: a leftover step (a1, b2, c2) or a stop. (Oracle game 4, turn 53.)
const CHAIN = 'tiles:a1=1,a2=1,a3=1,b3=1,b4=1,c1=1,c4=1,c5=2,d1=1,d2=1,d3=1,d4=1,d5=2,d6=2,d7=2,e1=1,e3=2,e4=2,e6=2,f1=1,f3=2,f4=2,g1=1;stacks:a2=2x4,b1=1x1,b3=1x1,b5=1x1,f3=2x1,f4=2x1;next:2';
// North's 4-stack on e3: taking f4 then e5 ends where the server writes e5 first (oracle game 26, turn 61).
const ORDERS = 'tiles:a1=1,a4=2,b1=1,b2=2,b3=2,b4=2,b5=2,c2=1,c5=2,c6=2,d1=1,d2=1,d3=1,d5=1,d6=2,d7=2,e1=1,e3=1,e4=1,f1=1,f2=1;stacks:a3=2x1,c5=1x2,e3=2x4,e5=1x1,f2=1x1,f4=1x1,g1=1x1;next:2';
// South's single disc on d5 grows on North's tiles d6 and c5.
const PROMOTE = 'tiles:c1=1,c5=2,d1=1,d6=2,d7=2;stacks:b2=2x1,d5=1x1,d7=2x1;next:1';
// South can neither capture, step nor deploy: a forced pass (the spec's example).
const STUCK = 'tiles:a1=1,a2=2,a3=2,a4=2,b1=1,b2=1,b3=1,b4=2,c1=1,c2=1,c3=1,c4=2,c5=2,c6=2,d1=1,d2=1,d3=1,d4=2,d5=2,d6=2,d7=2,e1=1,e2=1,e3=1,e4=2,e6=2,f1=1,f2=1,f3=2,f4=2,f5=2,g2=2,g3=2;stacks:d7=1x3,e2=2x2,g1=2x1,g3=2x1;next:1';
// South takes North's last stack.
const LAST = 'tiles:d1=1,d7=2;stacks:d5=1x1,d6=2x1;next:1';

const count = (page, selector) => page.locator(selector).count();

const cell = (name) => `#board .cell[data-cell="${name}"]`;
const piece = (name) => `#board .piece[data-cell="${name}"]`;

function playUrl(query = {}) {
  const q = new URLSearchParams(query);
  return `${server.base}/play/seesaw${q.toString() ? `?${q}` : ''}`;
}

async function waitForHumanTurn(page) {
  await page.waitForFunction(() => document.querySelector('#board .cell.actionable') && !document.querySelector('#thinking'));
}

async function moves(page) {
  return page.$$eval('#move-list .mv:not(.mv-gap) .mv-cell', (els) => els.map((e) => e.textContent));
}

async function waitForMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length === k, n);
}

async function api(path, body) {
  const res = await fetch(`${server.base}${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  return res.json();
}

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'the page logged errors');
}

test('deploy and a step against the computer, undo, the keys and the rules dialog', { timeout: 120000 }, async () => {
  const page = await newPage(browser, {
    settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'south', base: '4', deploys: false } },
  });
  await page.goto(playUrl());
  await waitForHumanTurn(page);
  assert.equal(await count(page, '#board .cell'), 37);
  assert.equal(await count(page, '#board .cell.tile-south'), 1);
  assert.equal(await count(page, '#board .cell.tile-north'), 1);
  assert.match(await page.textContent('#status'), /Your move/);
  assert.match(page.url(), /[?&]match=/, 'the address names the match, so a reload resumes it');
  // Each stack shows its size and which way it moves.
  assert.equal(await page.textContent(`${piece('d1')} .num`), '1');
  assert.match(await page.getAttribute(cell('d1'), 'aria-label'), /South stack of 1, moves forward \(up\)/);
  assert.match(await page.getAttribute(cell('d7'), 'aria-label'), /North stack of 1, moves forward \(down\)/);

  // Deploy: D shows the three cells next to South's tile; a click there deploys.
  assert.equal(await count(page, '#board .deploy-mark'), 0);
  await page.keyboard.press('d');
  assert.equal(await page.getAttribute('#deploy-btn', 'aria-pressed'), 'true');
  assert.equal(await count(page, '#board .deploy-mark'), 3);
  await page.click(cell('c1'));
  await waitForMoves(page, 2); // mine and the computer's answer
  await waitForHumanTurn(page);
  assert.equal((await moves(page))[0], '+c1');
  assert.ok(await page.isVisible(piece('c1')));
  assert.match(await page.getAttribute(cell('c1'), 'class'), /tile-south/);
  assert.equal(await page.getAttribute('#move-list', 'aria-live'), 'polite');
  await page.keyboard.press('d');
  assert.equal(await count(page, '#board .deploy-mark'), 0);

  // A step: pick the stack on d1, its targets show as dots, click one.
  await page.click(cell('d1'));
  const dots = await count(page, '#board .dot');
  assert.ok(dots >= 2, `the picked stack shows where it can go (${dots})`);
  assert.match(await page.textContent('#status'), /moves one step forward \(up the board\)/);
  await page.click(cell('d2'));
  await waitForMoves(page, 4);
  await waitForHumanTurn(page);
  assert.equal((await moves(page))[2], 'd1-d2');
  assert.ok(await page.isVisible(piece('d2')));
  assert.equal(await count(page, piece('d1')), 0);
  assert.equal(await count(page, '#board .last-hex'), 1, 'the last move is ringed');
  await shot(page, 'seesaw-desktop-midgame');

  // Undo takes back the computer's answer and my step.
  await page.keyboard.press('u');
  await waitForMoves(page, 2);
  await waitForHumanTurn(page);
  assert.ok(await page.isVisible(piece('d1')));
  assert.equal(await count(page, piece('d2')), 0);

  // The keyboard: an arrow enters the board on a cell that does something; Enter picks, arrows and Enter play.
  await page.click('#material');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => document.activeElement && document.activeElement.matches('#board .cell'));
  assert.ok(await page.evaluate(() => document.activeElement.classList.contains('actionable')));
  await page.focus(cell('d1'));
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board .picked-ring');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), 'd2');
  await page.keyboard.press('Enter');
  await waitForMoves(page, 4);
  assert.equal((await moves(page))[2], 'd1-d2');
  await waitForHumanTurn(page);

  // ? lists the keys; F1 opens the rules with their diagrams; Esc closes both.
  await page.keyboard.press('?');
  await page.waitForSelector('#keys-dialog[open]');
  assert.match(await page.textContent('#keys-dialog'), /Stop here/);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#keys-dialog'));
  await page.keyboard.press('F1');
  await page.waitForSelector('#rules-dialog[open] .diagram svg');
  assert.match(await page.textContent('#rules-dialog'), /Chains and steps left over/);
  await shot(page, 'seesaw-desktop-rules-dialog');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#rules-dialog'));

  // A reload resumes the same match.
  const url = page.url();
  await page.reload();
  await waitForHumanTurn(page);
  assert.equal(page.url(), url);
  assert.equal((await moves(page)).length, 4);
  noProblems(page);
  await page.context().close();
});

test('a capture chain one capture at a time: leftover steps, back, and stop here', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', names: true } } });
  await page.goto(playUrl({ position: CHAIN }));
  await waitForHumanTurn(page);
  assert.match(await page.textContent('#status'), /North to move/);
  assert.match(await page.textContent('#status'), /capture is compulsory/);
  // The compulsory captures: the capturing stack ringed, its three prey marked.
  assert.equal(await count(page, '#board .forced-ring'), 1);
  assert.equal(await count(page, '#board .capture-mark'), 3);
  assert.equal(await page.textContent(`${piece('a2')} .num`), '4');
  assert.match(await page.getAttribute(cell('a2'), 'aria-label'), /North stack of 4, moves backward \(up\), on a South promotion tile, must capture/);
  await shot(page, 'seesaw-desktop-forced');

  await page.click(cell('a2'));
  assert.equal(await count(page, '#board .capture-mark'), 3);
  await page.click(cell('b3'));
  await page.waitForSelector('#chain-steps');
  assert.match(await page.textContent('#turn-detail'), /Took b3; 3 steps left\. Another capture is compulsory/);
  assert.equal(await count(page, '#board .capture-mark'), 2, 'b1 and b5 are next');
  assert.equal(await count(page, '#stop-btn'), 0, 'no stopping while a capture is compulsory');
  await page.click(cell('b1'));
  assert.match(await page.textContent('#turn-detail'), /Took b1; 1 step left and nothing more to take/);
  assert.deepEqual(await page.$$eval('#board .dot', (els) => els.length), 3, 'the leftover step: a1, b2 or c2');
  assert.equal(await count(page, '#board .left-badge'), 1);
  assert.match(await page.textContent('#board .left-badge'), /1 left/);
  assert.ok(await page.isVisible('#stop-btn'));
  // Nothing has been sent yet: the server still has the start position.
  const id = new URL(page.url()).searchParams.get('match');
  assert.equal((await api(`/api/matches/${id}`)).history.length, 0);
  await shot(page, 'seesaw-desktop-chain-leftover');

  // Backspace takes back the capture on b1 only.
  await page.keyboard.press('Backspace');
  assert.match(await page.textContent('#turn-detail'), /Took b3; 3 steps left/);
  assert.equal(await count(page, '#board .capture-mark'), 2);
  await page.click(cell('b1'));
  await page.click('#stop-btn');
  await waitForMoves(page, 1);
  assert.deepEqual(await moves(page), ['a2xb3xb1-pass']);
  const v = await api(`/api/matches/${id}`);
  assert.equal(v.history.length, 1);
  assert.equal(v.history[0].move, 'a2xb3xb1-pass');
  assert.match(v.position, /stacks:b1=2x4,b5=1x1,f3=2x1,f4=2x1;/);
  assert.ok(await page.isVisible(piece('b1')));
  assert.equal(await count(page, piece('a2')), 0);
  assert.equal(await count(page, piece('b3')), 0);
  assert.match(await page.textContent('#last-move'), /took 2 stacks on b3 and b1, stopped on b1/);
  assert.doesNotMatch(await page.textContent('#last-move'), /grew/, 'a turn ended by a stop never grows');
  noProblems(page);
  await page.context().close();
});

test('a chain clicked in its other order ends with a leftover step the server writes its own way', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two' } } });
  await page.goto(playUrl({ position: ORDERS }));
  await waitForHumanTurn(page);
  await page.click(cell('e3'));
  await page.click(cell('f4'));
  assert.match(await page.textContent('#turn-detail'), /Took f4; 2 steps left/);
  await page.click(cell('e5'));
  assert.match(await page.textContent('#turn-detail'), /Took e5; 1 step left/);
  const dots = await page.$$eval('#board .dot', (els) => els.length);
  assert.equal(dots, 3, 'd6, e6 and f5');
  assert.equal(await count(page, '#board .promo-badge'), 1, 'd6 is a North tile, where the even stack would grow');
  await page.click(cell('f5'));
  await waitForMoves(page, 1);
  assert.deepEqual(await moves(page), ['e3xe5xf4-f5']);
  assert.ok(await page.isVisible(piece('f5')));
  assert.equal(await count(page, piece('e5')), 0);
  assert.equal(await count(page, piece('f4')), 0);
  noProblems(page);
  await page.context().close();
});

test('a promotion: the +1 target, the stack grows to 2 and turns round', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two' } } });
  await page.goto(playUrl({ position: PROMOTE }));
  await waitForHumanTurn(page);
  await page.click(cell('d5'));
  assert.equal(await count(page, '#board .promo-badge'), 2, 'd6 and c5 are North tiles');
  await shot(page, 'seesaw-desktop-promotion-targets');
  await page.click(cell('c5'));
  await waitForMoves(page, 1);
  assert.equal(await page.textContent(`${piece('c5')} .num`), '2');
  assert.match(await page.getAttribute(cell('c5'), 'aria-label'), /South stack of 2, moves backward \(down\)/);
  // The arrow on the piece now points down the board.
  const arrowDown = await page.$eval(`${piece('c5')} .arrow`, (p) => {
    const d = p.getAttribute('d').match(/-?\d+(\.\d+)?/g).map(Number);
    return d[3] > d[1]; // the tip is below the base
  });
  assert.ok(arrowDown, 'the arrow turned round');
  assert.match(await page.textContent('#last-move'), /grew to 2/);
  assert.equal(await count(page, '#move-list .mv-promo'), 1);
  await page.waitForTimeout(400);
  await shot(page, 'seesaw-desktop-promoted');
  noProblems(page);
  await page.context().close();
});

test('a finished game: taking the last stack wins, with the result banner and a replay', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'south' } } });
  await page.goto(playUrl({ position: LAST }));
  await waitForHumanTurn(page);
  // Click the prey: only one stack can take it, so the capture is played at once.
  await page.click(cell('d6'));
  await page.waitForSelector('#result');
  const banner = await page.textContent('#result');
  assert.match(banner, /You win!/);
  assert.match(banner, /South/);
  assert.ok(await page.isVisible('#result button:has-text("New game")'));
  assert.ok(await page.isVisible('#result button:has-text("Replay")'));
  assert.equal(await count(page, '#board .cell.actionable'), 0);
  assert.deepEqual(await moves(page), ['d5xd6']);
  await shot(page, 'seesaw-desktop-result');
  await page.click('#replay-btn');
  await page.waitForSelector('#replay-count');
  await page.waitForFunction(() => /1 \/ 1/.test(document.querySelector('#replay-count')?.textContent || ''));
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => /0 \/ 1/.test(document.querySelector('#replay-count')?.textContent || ''));
  assert.ok(await page.isVisible(piece('d6')), 'the replay shows the position before the capture');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#result');
  noProblems(page);
  await page.context().close();
});

test('a player with no legal turn passes, and the computer moves again', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'south' } } });
  await page.goto(playUrl({ position: STUCK }));
  await page.waitForSelector('#pass-btn');
  assert.match(await page.textContent('#status'), /neither capture, step nor deploy/);
  assert.equal(await count(page, '#board .cell.actionable'), 0);
  await page.keyboard.press('p');
  await waitForMoves(page, 2);
  assert.equal((await moves(page))[0], 'pass');
  noProblems(page);
  await page.context().close();
});

test('playing North against the computer: it opens, the board turns round, undo', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'north', orient: 'auto' } } });
  await page.goto(playUrl());
  await waitForMoves(page, 1);
  await waitForHumanTurn(page);
  assert.match(await page.textContent('#score-north'), /You/);
  // North's home corner is drawn at the bottom.
  const [top, bottom] = await Promise.all(['d1', 'd7'].map((c) => page.locator(cell(c)).boundingBox()));
  assert.ok(bottom.y > top.y, 'd7 is below d1 on the screen');
  await page.click(cell('d7'));
  await page.click('#board .cell.target-step >> nth=0');
  await waitForMoves(page, 3);
  await waitForHumanTurn(page);
  await page.keyboard.press('u');
  await waitForMoves(page, 1);
  await page.keyboard.press('f');
  const [top2, bottom2] = await Promise.all(['d1', 'd7'].map((c) => page.locator(cell(c)).boundingBox()));
  assert.ok(bottom2.y < top2.y, 'F turns the board back');
  noProblems(page);
  await page.context().close();
});

test('settings: two players on base 5, saved in localStorage; the page fits a desktop in the dark', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { colorScheme: 'dark', settings: { [settingsKey]: { mode: 'computer', level: 'easy', side: 'south', base: '4' } } });
  await page.goto(playUrl());
  await waitForHumanTurn(page);
  await page.click('#tb-settings');
  await page.waitForSelector('#settings-dialog[open]');
  await shot(page, 'seesaw-desktop-settings');
  await page.click('#settings-dialog label:has(input[name="mode"][value="two"])');
  await page.click('#settings-dialog label:has(input[name="base"][value="5"])');
  await page.click('#settings-dialog button:has-text("Start new game")');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 61);
  const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), settingsKey);
  assert.equal(saved.base, '5');
  assert.equal(saved.mode, 'two');
  assert.match(await page.textContent('#match-facts'), /Base 5 · 61 cells/);
  // Two players: each side moves in turn from the same screen.
  await page.click(cell('e1'));
  await page.click(cell('e2'));
  await waitForMoves(page, 1);
  assert.match(await page.textContent('#status'), /North to move/);
  await page.click(cell('e9'));
  await page.click(cell('e8'));
  await waitForMoves(page, 2);
  const { scrollH, innerH } = await page.evaluate(() => ({ scrollH: document.documentElement.scrollHeight, innerH: innerHeight }));
  assert.ok(scrollH <= innerH, `no vertical scrolling (${scrollH} > ${innerH})`);
  const box = await page.locator('#board').boundingBox();
  assert.ok(Math.abs(box.width - box.height) < 2, 'the board is square');
  assert.ok(box.height > 650, 'the board uses the height of the window');
  await page.click(cell('e2'));
  await shot(page, 'seesaw-desktop-dark-base5');
  noProblems(page);
  await page.context().close();
});

test('the play page at phone size: the panel under the board, a capture tapped hop by hop', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { viewport: PHONE, touch: true, settings: { [settingsKey]: { mode: 'two' } } });
  await page.goto(playUrl({ position: CHAIN }));
  await waitForHumanTurn(page);
  await page.tap(cell('a2'));
  await page.tap(cell('b3'));
  await page.tap(cell('b5'));
  assert.match(await page.textContent('#turn-detail'), /Took b5; 1 step left/);
  const boardBox = await page.locator('#board').boundingBox();
  const panelBox = await page.locator('.side-panel').boundingBox();
  assert.ok(panelBox.y >= boardBox.y + boardBox.height - 1, 'the panel is below the board');
  assert.ok(boardBox.width <= PHONE.width && boardBox.width > PHONE.width * 0.85, 'the board fills the width');
  await shot(page, 'seesaw-phone-chain');
  await page.tap(cell('c6'));
  await waitForMoves(page, 1);
  assert.deepEqual(await moves(page), ['a2xb3xb5-c6']);
  await shot(page, 'seesaw-phone');
  await shot(page, 'seesaw-phone-full', { fullPage: true });
  noProblems(page);
  await page.context().close();
});

test('the home card and the rules page, with their drawings and keys', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(`${server.base}/`);
  const card = page.locator('.game-card[data-slug="seesaw"]');
  await card.waitFor();
  assert.equal(await card.locator('svg .cell').count(), 37);
  assert.equal(await card.locator('svg .piece').count(), 2);
  assert.equal(await card.locator('.side-name svg').count(), 2, 'a swatch beside each side');
  await card.screenshot({ path: new URL('./out/seesaw-home-card.png', import.meta.url).pathname });
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const p = await newPage(browser, { viewport });
    const res = await p.goto(`${server.base}/rules/seesaw`);
    assert.equal(res.status(), 200);
    await p.waitForSelector('body[data-diagrams="drawn"]');
    const diagrams = await p.locator('.diagram').count();
    assert.equal(await p.locator('.diagram svg').count(), diagrams, 'every diagram is drawn');
    assert.ok(diagrams >= 7);
    assert.match(await p.textContent('#keys'), /Keys/);
    assert.ok(await p.isVisible('#self-play'), 'the notes from self-play have their place');
    await shot(p, `seesaw-rules-${name}`);
    await shot(p, `seesaw-rules-${name}-full`, { fullPage: true });
    assert.deepEqual(p.problems, []);
    await p.context().close();
  }
  noProblems(page);
  await page.context().close();
});

test('the Deploy cells switch during a compulsory capture says when the cells will show', { timeout: 60000 }, async () => {
  const page = await newPage(browser, { settings: { [settingsKey]: { mode: 'two', deploys: false } } });
  await page.goto(playUrl({ position: CHAIN }));
  await waitForHumanTurn(page);
  await page.keyboard.press('d');
  await page.waitForSelector('.toast:has-text("Deploy cells are marked once you may deploy")');
  assert.equal(await page.getAttribute('#deploy-btn', 'aria-pressed'), 'true');
  assert.equal(await count(page, '.toast:has-text("No deploying")'), 0, 'no word that contradicts the switch');
  noProblems(page);
  await page.context().close();
});
