// Browser tests of online play, resuming and replay on the Leeward and Seesaw
// pages (the same shell modules as Warp & Weft: shell/session.js, online.js,
// replay.js): two browser contexts play each other; a third watches; one
// player leaves, comes back and reloads; the game ends by resignation and is
// replayed with the arrow keys; a partly played match is replayed from a link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, newPage, shot, outDir, inviteOnline, joinOnline, DESKTOP, PHONE } from './helpers.mjs';

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

const count = (page, selector) => page.locator(selector).count();
const moveCount = (page) => page.locator('#move-list .mv:not(.mv-gap)').count();

/** A screenshot in tests/e2e/out, copied to /tmp for a look. */
async function snap(page, name, opts) {
  await shot(page, name, opts);
  try {
    fs.copyFileSync(path.join(outDir, `${name}.png`), `/tmp/${name}.png`);
  } catch {
    /* only a convenience */
  }
}

/** Records console errors of a page opened in an existing context. */
function watchProblems(page) {
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`uncaught: ${err.message}`));
  page.setDefaultTimeout(15000);
  return page;
}

async function call(p, body) {
  const res = await fetch(`${server.base}${p}`, body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Ann creates an online match from the play page (the top bar's "Play online") and returns the invitation link. */
async function createOnline(page, slug, ready, { name = 'Ann', clock = 'none' } = {}) {
  await page.goto(`${server.base}/play/${slug}`);
  await page.waitForSelector(ready);
  return inviteOnline(page, { name, clock });
}

/* ---------- The two games' moves, made through their pages ---------- */

const GAMES = {
  leeward: {
    ready: '#board .sq',
    movable: '#board .sq.movable',
    settings: { 'tabula.leeward': { mode: 'two', level: 'easy', side: 'ink' } },
    /** Plays the first legal move of the server's view: piece, square, then the wind to leave. */
    async play(page, view) {
      const m = view.moves[0].move;
      const [, from, to, wind] = /^([a-g][1-7])x?([a-g][1-7])\/([NESW])$/.exec(m);
      await page.click(`#board .sq[data-square="${from}"]`);
      await page.click(`#board .sq[data-square="${to}"]`);
      await page.click(`#board .wind-choice[data-wind="${wind}"]`);
      return m;
    },
    /** What a page shows of the board, to compare two pages. */
    board: (page) => page.$$eval('#board .piece', (els) => els.map((e) => `${e.getAttribute('class').split(' ').slice(0, 3).join(' ')}@${e.dataset.square}`).sort().join(',')),
    /** Clicks a piece of the side that is not to move (a "wrong side" click). */
    async poke(page, view) {
      const other = view.state.to_move === 'ink' ? 'paper' : 'ink';
      const p = view.state.pieces.find((x) => x.owner === other && x.kind === 'sail');
      await page.click(`#board .sq[data-square="${p.square}"]`);
      const me = view.state.pieces.find((x) => x.owner === view.state.to_move && x.kind === 'sail');
      await page.click(`#board .sq[data-square="${me.square}"]`);
    },
  },
  seesaw: {
    ready: '#board .cell',
    movable: '#board .cell.actionable',
    settings: { 'tabula.seesaw': { mode: 'two', level: 'easy', side: 'south', base: '4', deploys: false } },
    /** Plays a step of the server's view (or a deploy): the stack, then its cell. */
    async play(page, view) {
      const step = view.moves.find((m) => m.info && m.info.kind === 'step');
      if (step) {
        await page.click(`#board .cell[data-cell="${step.info.from}"]`);
        await page.click(`#board .cell[data-cell="${step.info.to}"]`);
        return step.move;
      }
      const deploy = view.moves.find((m) => m.info && m.info.kind === 'deploy');
      assert.ok(deploy, 'a step or a deploy to play');
      await page.click(`#board .cell[data-cell="${deploy.info.to}"]`);
      await page.click(`#board .cell[data-cell="${deploy.info.to}"]`);
      return deploy.move;
    },
    board: (page) => page.$$eval('#board .piece', (els) => els.map((e) => `${e.getAttribute('class').split(' ').slice(0, 2).join(' ')}:${e.textContent}@${e.dataset.cell}`).sort().join(',')),
    async poke(page, view) {
      // The cells say they are disabled (aria-disabled): click them all the same.
      for (const s of view.state.stacks) await page.click(`#board .cell[data-cell="${s.cell}"]`, { force: true });
    },
  },
};

/** The mover plays through its page; the other page sees the move arrive live. */
async function playOne(g, id, mover, others) {
  await mover.waitForSelector(g.movable);
  const view = (await call(`/api/matches/${id}`)).body;
  const n = view.history.length;
  const move = await g.play(mover, view);
  for (const p of [mover, ...others]) {
    await p.waitForFunction((k) => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length === k, n + 1);
  }
  const after = (await call(`/api/matches/${id}`)).body;
  assert.equal(after.history.length, n + 1);
  assert.equal(after.history[n].move, move, 'the move clicked is the move the server took');
  return move;
}

for (const slug of ['leeward', 'seesaw']) {
  const g = GAMES[slug];

  test(`${slug}: two browsers play online; the wrong side and a watcher cannot move; leave, come back, reload; resign; replay`, { timeout: 240000 }, async () => {
    // Ann creates the match from the top bar and gets the link.
    const ann = await newPage(browser, { viewport: DESKTOP, settings: g.settings });
    const link = await createOnline(ann, slug, g.ready);
    assert.match(link, new RegExp(`/play/${slug}\\?match=[0-9a-f]{16}&invite=[0-9a-f]{32}$`));
    const id = /match=([0-9a-f]+)/.exec(link)[1];
    await ann.waitForFunction(() => /Waiting for your friend/.test(document.querySelector('#online-status').textContent));
    assert.ok(await count(ann, g.movable) > 0, 'Ann (first) may move before Bo arrives');
    assert.equal(await ann.isVisible('#undo-btn'), false, 'no undo online');
    assert.match(await ann.textContent('#status'), /Your move/);

    // Bo opens the link in another browser and takes the free seat.
    const bo = await newPage(browser, { viewport: DESKTOP });
    await joinOnline(bo, link, 'Bo');
    assert.doesNotMatch(bo.url(), /invite=/, 'the invitation leaves the address once used');
    await ann.waitForFunction(() => document.querySelector('#seat-1').textContent.includes('Bo'));
    assert.match(await bo.textContent('#seat-1'), /Bo \(you\)/);
    assert.match(await bo.textContent('#seat-0'), /Ann/);
    assert.equal(await count(bo, g.movable), 0, 'not Bo’s turn: nothing to pick for him');
    assert.match(await bo.textContent('#status'), /Waiting for Ann/);

    // Bo clicks pieces out of turn: nothing happens.
    let view = (await call(`/api/matches/${id}`)).body;
    await g.poke(bo, view);
    await bo.waitForTimeout(300);
    assert.equal((await call(`/api/matches/${id}`)).body.history.length, 0, 'the wrong side moved nothing');

    // Moves cross live both ways.
    await playOne(g, id, ann, [bo]);
    await bo.waitForSelector(g.movable);
    // "Your move" once Ann's move has been drawn to its end.
    await bo.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
    await ann.waitForFunction(() => /Waiting for Bo/.test(document.querySelector('#status').textContent));
    assert.equal(await count(ann, g.movable), 0, 'Ann waits for Bo');
    view = (await call(`/api/matches/${id}`)).body;
    await g.poke(ann, view);
    await ann.waitForTimeout(300);
    assert.equal((await call(`/api/matches/${id}`)).body.history.length, 1, 'Ann cannot move for Bo');
    await snap(bo, `online-${slug}-bo-to-move`);
    await playOne(g, id, bo, [ann]);
    assert.equal(await g.board(ann), await g.board(bo), 'both pages show the same board');

    // A third person watches: the same board, nothing to pick, and the server refuses a move without a seat.
    const watcher = await newPage(browser, { viewport: PHONE });
    await watcher.goto(`${server.base}/play/${slug}?match=${id}`);
    await watcher.waitForSelector('#online #seat-0');
    await watcher.waitForFunction(() => /watching/.test(document.querySelector('#online-status').textContent));
    assert.match(await watcher.textContent('#status'), /You are watching/);
    assert.equal(await moveCount(watcher), 2);
    assert.equal(await count(watcher, g.movable), 0);
    view = (await call(`/api/matches/${id}`)).body;
    await g.poke(watcher, view);
    const res = await fetch(`${server.base}/api/matches/${id}/moves`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ move: view.moves[0].move }),
    });
    assert.equal(res.status, 403);
    assert.equal((await call(`/api/matches/${id}`)).body.history.length, 2, 'the watcher moved nothing');

    // Ann moves; the watcher sees it live.
    await playOne(g, id, ann, [bo, watcher]);
    assert.equal(await g.board(watcher), await g.board(ann));
    await snap(watcher, `online-${slug}-phone-watcher`);

    // Bo's page goes away mid-game: Ann is told he is disconnected.
    const boContext = bo.context();
    await bo.close();
    await ann.waitForFunction(() => /disconnected/.test(document.querySelector('#online-status').textContent));
    assert.equal(await count(ann, '#seat-1 .presence.off'), 1);
    await snap(ann, `online-${slug}-opponent-away`);
    // He comes back to the same game in the same browser, and it is his move.
    const bo2 = watchProblems(await boContext.newPage());
    await bo2.goto(`${server.base}/play/${slug}?match=${id}`);
    await bo2.waitForSelector('#online #seat-1');
    assert.match(await bo2.textContent('#seat-1'), /\(you\)/, 'his seat came back with him');
    assert.equal(await moveCount(bo2), 3);
    assert.equal(await g.board(bo2), await g.board(ann));
    await bo2.waitForSelector(g.movable);
    await ann.waitForFunction(() => /Waiting for Bo/.test(document.querySelector('#online-status').textContent));
    await playOne(g, id, bo2, [ann, watcher]);

    // Ann reloads mid-game: the same game, her seat, her move.
    await ann.reload();
    await ann.waitForSelector('#online #seat-0');
    assert.match(await ann.textContent('#seat-0'), /Ann \(you\)/);
    assert.equal(await moveCount(ann), 4);
    assert.equal(await g.board(ann), await g.board(bo2));
    await ann.waitForSelector(g.movable);
    await playOne(g, id, ann, [bo2, watcher]);
    await snap(ann, `online-${slug}-desktop`);

    // Bo resigns: Ann wins; everyone sees the result and a link to the replay.
    await bo2.waitForSelector(g.movable);
    await bo2.click('#resign-btn');
    await bo2.waitForSelector('#resign-dialog[open]');
    await bo2.click('#resign-dialog button:has-text("Resign")');
    for (const p of [ann, bo2, watcher]) await p.waitForSelector('#result');
    assert.match(await ann.textContent('#result'), /You win!/);
    assert.match(await bo2.textContent('#result'), /Ann wins/);
    assert.match(await watcher.textContent('#result'), /Ann wins/);
    for (const p of [ann, bo2, watcher]) {
      assert.ok(await p.isVisible('#result #replay-link'), 'a Replay link next to the result');
      assert.ok(await p.isVisible('#online-replay'));
      assert.equal(await count(p, g.movable), 0);
    }
    assert.equal(await count(ann, '#replay-btn'), 0, 'online, the replay is the replay page');
    await snap(ann, `online-${slug}-result`);

    // A new game closes the online session.
    await bo2.click('#result button:has-text("New game")');
    await bo2.waitForFunction(() => !document.querySelector('#online') && !document.querySelector('#result'));
    assert.doesNotMatch(bo2.url(), new RegExp(id));
    await bo2.waitForSelector(g.movable);
    assert.equal(await moveCount(bo2), 0);

    // Ann follows the Replay link: the finished game, stepped with the keys.
    await ann.click('#result #replay-link');
    await ann.waitForURL(new RegExp(`/play/${slug}\\?replay=${id}`));
    await ann.waitForSelector('#replay');
    await ann.waitForSelector('#result');
    assert.match(await ann.textContent('#replay-pos'), /Move 5 of 5/);
    const end = await g.board(ann);
    await ann.keyboard.press('Home');
    await ann.waitForFunction(() => /Start/.test(document.querySelector('#replay-pos').textContent));
    const start = await g.board(ann);
    assert.notEqual(start, end);
    assert.equal(await count(ann, '#result'), 0);
    await ann.keyboard.press('ArrowRight');
    await ann.waitForFunction(() => /Move 1 of 5/.test(document.querySelector('#replay-pos').textContent));
    await ann.keyboard.press('ArrowRight');
    await ann.waitForFunction(() => /Move 2 of 5/.test(document.querySelector('#replay-pos').textContent));
    await ann.keyboard.press('ArrowLeft');
    await ann.waitForFunction(() => /Move 1 of 5/.test(document.querySelector('#replay-pos').textContent));
    await ann.keyboard.press('End');
    await ann.waitForSelector('#result');
    assert.equal(await g.board(ann), end);
    assert.equal(await count(ann, '#online'), 0);

    for (const p of [ann, bo2, watcher]) assert.deepEqual(p.problems, [], 'no console errors');
    await ann.context().close();
    await boContext.close();
    await watcher.context().close();
  });

  test(`${slug}: a partly played match replays from its link (← → Home End, the move list, the graph); a stored match resumes`, { timeout: 180000 }, async () => {
    // Six moves between two people, made through the API.
    let { body: v } = await call('/api/matches', { game: slug, options: {}, players: ['human', 'human'], names: ['Ann', 'Bo'] });
    for (let i = 0; i < 6; i++) {
      const m = slug === 'seesaw' ? (v.moves.find((x) => x.info && x.info.kind === 'step') || v.moves[0]) : v.moves[0];
      v = (await call(`/api/matches/${v.id}/moves`, { move: m.move })).body;
      assert.equal(v.history.length, i + 1);
    }
    const id = v.id;
    const page = await newPage(browser, { viewport: DESKTOP, settings: g.settings });
    await page.goto(`${server.base}/play/${slug}?replay=${id}&ply=2`);
    await page.waitForSelector('#replay');
    assert.match(await page.textContent('#replay-pos'), /Move 2 of 6/);
    assert.match(await page.textContent('#status'), /to move/, 'the status card describes the replayed position');
    assert.match(await page.textContent('#replay .replay-players'), /Ann .* – Bo /);
    assert.equal(await count(page, g.movable), 0, 'nothing to play in a replay');
    for (const sel of ['#undo-btn', '#new-btn', '#move-list']) assert.equal(await page.isVisible(sel), false, `${sel} is hidden in a replay`);
    assert.equal(await count(page, '#replay-moves .rp-move'), 7);
    const atTwo = await g.board(page);

    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /Move 3 of 6/.test(document.querySelector('#replay-pos').textContent));
    assert.match(page.url(), /ply=3/);
    assert.notEqual(await g.board(page), atTwo, 'the board follows the replay');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => /Move 2 of 6/.test(document.querySelector('#replay-pos').textContent));
    assert.equal(await g.board(page), atTwo);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => /Start/.test(document.querySelector('#replay-pos').textContent));
    await page.keyboard.press('End');
    await page.waitForFunction(() => /Move 6 of 6/.test(document.querySelector('#replay-pos').textContent));
    await page.click('#replay-moves .rp-move[data-ply="4"]');
    await page.waitForFunction(() => /Move 4 of 6/.test(document.querySelector('#replay-pos').textContent));
    await page.waitForSelector('#eval-graph', { timeout: 60000 });
    await snap(page, `replay-${slug}-desktop`);

    // The same match, opened to go on with: the position after six moves, the seventh to play.
    await page.goto(`${server.base}/play/${slug}?match=${id}`);
    await page.waitForSelector(g.movable);
    assert.equal(await count(page, '#replay'), 0);
    assert.equal(await moveCount(page), 6);
    const view = (await call(`/api/matches/${id}`)).body;
    await g.play(page, view);
    await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length === 7);
    assert.equal((await call(`/api/matches/${id}`)).body.history.length, 7);

    // And at phone size, the replay.
    const phone = await newPage(browser, { viewport: PHONE, settings: g.settings });
    await phone.goto(`${server.base}/play/${slug}?replay=${id}&ply=3`);
    await phone.waitForSelector('#replay');
    assert.match(await phone.textContent('#replay-pos'), /Move 3 of 7/);
    await snap(phone, `replay-${slug}-phone`);

    for (const p of [page, phone]) assert.deepEqual(p.problems, [], 'no console errors');
    await page.context().close();
    await phone.context().close();
  });
}
