// The engine in the browser (issue 26): local games are played by the Rust
// rules and engines compiled to WebAssembly, in a worker, with no request to
// the server's API, and go on with the server stopped. Where the engine cannot start, or a
// level needs more memory than the device gives it, the server plays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, source, PHONE } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  if (browser) await browser.close();
});


/** Every request to the server's API from now on, as "METHOD /path". */
function apiRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) seen.push(`${r.method()} ${u.pathname}`);
  });
  return seen;
}

/** Waits until match `id` (read through the page's match source) is over; returns its view. */
async function untilOver(page, id, ms) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await source(page, `/api/matches/${id}`);
    if (v.result) return v;
    if (Date.now() > until) throw new Error(`the game did not end in ${ms} ms (${v.history.length} moves)`);
    await page.waitForTimeout(400);
  }
}

/**
 * Notes in the page every request the page sends the engine's worker
 * (`window.__asked`, its ops in order) and the worker's answers to the
 * requests of `ops` (`window.__answers[op]`, in order).
 */
function watchWorker(page, ops) {
  return page.addInitScript((watched) => {
    window.__asked = [];
    window.__answers = {};
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message && message.op) {
        window.__asked.push(message.op);
        if (watched.includes(message.op)) {
          this.addEventListener('message', (e) => {
            if (e.data && e.data.n === message.n) (window.__answers[message.op] ||= []).push(e.data);
          });
        }
      }
      return post.call(this, message, ...rest);
    };
  }, ops);
}

/** A fresh server and a page on it (`options` as `newPage` takes them), both closed once `body(page, server)` is done. */
async function withPage(options, body) {
  const server = await startServer();
  const page = await newPage(browser, options);
  try {
    await body(page, server);
  } finally {
    await page.context().close();
    await server.stop();
  }
}

/** The settings of a Warp & Weft game against Perfect on a `size` × `size` board, the person on `side`, hints off. */
const perfect = (side, size) => ({ 'tabula.warp-weft': { mode: 'computer', level: 'perfect', side, size, hints: false } });

const waitForHumanTurn = (page) => page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));

const GAMES = [
  { slug: 'warp-weft', options: { seed: 11, size: 5 } },
  { slug: 'seesaw', options: { base: 3 } },
  { slug: 'piracy', options: { seed: 5 } },
  // Leeward's Easy takes its quarter of a second a move by design: fixed-depth players make the game quick.
  { slug: 'leeward', options: {}, players: ['ab:depth=2', 'ab:depth=3'] },
];

for (const g of GAMES) {
  test(`${g.slug}: a whole game against the computer in the browser, the server stopped after the page loaded`, async () => {
    await withPage({ engine: 'browser', reducedMotion: 'reduce' }, async (page, server) => {
      await page.goto(`${server.base}/play/${g.slug}`);
      await page.waitForSelector('#status');
      const made = await source(page, '/api/matches', { method: 'POST', body: { game: g.slug, options: g.options, players: g.players || ['level:easy', 'level:easy'] } });
      assert.match(made.id, /^local-/, 'a local game is made in the browser');
      await page.goto(`${server.base}/play/${g.slug}?match=${made.id}`);
      await page.waitForSelector('#status');
      const seen = apiRequests(page);
      await server.stop();
      // The page asks for the computer's moves, as in any game against it: the worker answers.
      const end = await untilOver(page, made.id, 150000);
      assert.ok(end.history.length > 0);
      assert.ok(end.result.reason.length > 0);
      assert.deepEqual(seen, [], 'no request went to the server');
      // The end is drawn: the status card says who won (or that it is a draw).
      await page.waitForFunction(() => /win|won|draw/i.test(document.querySelector('#status').textContent));
      assert.deepEqual(page.problems.filter((p) => !/Failed to load resource/.test(p)), []);
    });
  });
}

test('where the engine cannot start, the server plays and the page says so once', async () => {
  await withPage({ engine: 'browser', viewport: PHONE }, async (page, server) => {
    await page.route('**/static/engine/*.wasm', (route) => route.abort());
    await page.goto(`${server.base}/play/warp-weft`);
    await page.waitForSelector('#status');
    await page.waitForFunction(() => /server plays your games/.test(document.body.textContent));
    await page.waitForURL(/[?&]match=/);
    const id = new URL(page.url()).searchParams.get('match');
    assert.doesNotMatch(id, /^local-/, 'the server keeps this game');
    assert.equal((await fetch(`${server.base}/api/matches/${id}`)).status, 200);
    page.problems.length = 0;
  });
});

test('a level that needs more memory than the device gives is played on the server, and the page says so', async () => {
  await withPage({ engine: 'browser', settings: perfect('weft', '7') }, async (page, server) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'deviceMemory', { get: () => 0.25 }));
    await page.goto(`${server.base}/play/warp-weft`);
    await page.waitForSelector('#status');
    await page.waitForFunction(() => /server plays this game/.test(document.body.textContent));
    await page.waitForURL(/[?&]match=/);
    const id = new URL(page.url()).searchParams.get('match');
    assert.doesNotMatch(id, /^local-/);
    assert.deepEqual(page.problems, []);
  });
});

test('while it thinks in the browser, the computer says how deep it has looked and its best move so far', { timeout: 120000 }, async () => {
  // Leeward's Strong searches for a while: the status card shows its progress as it goes.
  await withPage({
    engine: 'browser',
    settings: { 'tabula.leeward': { mode: 'computer', level: 'strong', side: 'paper' } },
  }, async (page, server) => {
    await page.addInitScript(() => {
      window.__reports = [];
      window.addEventListener('tabula:thinking', (e) => window.__reports.push(e.detail));
    });
    await page.goto(`${server.base}/play/leeward`);
    await page.waitForURL(/[?&]match=local-/);
    const line = await page.waitForFunction(() => {
      const el = document.querySelector('#thinking #engine-progress');
      return el && /^Depth \d+ · [\d.]+ [kM]? ?positions\/s · best \S+/.test(el.textContent) && el.textContent;
    }, null, { timeout: 60000 });
    assert.match(await line.jsonValue(), /best/);
    await page.screenshot({ path: new URL('./out/engine-progress.png', import.meta.url).pathname });
    await waitForHumanTurn(page);
    const reports = await page.evaluate(() => window.__reports);
    assert.ok(reports.length >= 2, `reports while it thought (${reports.length})`);
    const depths = reports.map((r) => r.depth);
    assert.deepEqual(depths, [...depths].sort((a, b) => a - b), 'each report one iteration deeper');
    assert.ok(reports.every((r) => r.nodes > 0 && typeof r.best === 'string' && !r.playouts));
    assert.deepEqual(page.problems, []);
  });
});

test('while the solver works on a 7 × 7 board, Perfect says what its search has found so far', { timeout: 120000 }, async () => {
  // The person plays Warp: Weft, the computer, opens, and the whole game is ahead of the solver.
  await withPage({ engine: 'browser', settings: perfect('warp', '7') }, async (page, server) => {
    await page.goto(`${server.base}/play/warp-weft`);
    await page.waitForURL(/[?&]match=local-/);
    const line = await page.waitForFunction(() => {
      const el = document.querySelector('#thinking #engine-progress');
      return el && /^Depth \d+ · [\d.]+ [kM]? ?positions\/s · best [a-g][1-7]$/.test(el.textContent) && el.textContent;
    }, null, { timeout: 60000 });
    assert.match(await line.jsonValue(), /best/);
    assert.deepEqual(page.problems, []);
  });
});

test('against a computer that solves, the engine in the browser thinks on the person\'s time, then answers their move', { timeout: 120000 }, async () => {
  // The person plays Weft and opens; Perfect (Warp) solves the board meanwhile.
  await withPage({ engine: 'browser', settings: perfect('weft', '5') }, async (page, server) => {
    await watchWorker(page, ['ponder']);
    await page.goto(`${server.base}/play/warp-weft?seed=7`);
    await page.waitForURL(/[?&]match=local-/);
    const id = new URL(page.url()).searchParams.get('match');
    await page.waitForFunction(() => document.querySelector('#board .cell.lit') && !document.querySelector('#thinking'));
    // The new game goes to the worker before the person has moved: it is the worker's to think about.
    const answer = await page.waitForFunction(() => window.__answers.ponder && window.__answers.ponder[0]);
    assert.equal((await answer.jsonValue()).ok, true, 'the worker takes the game to think about');
    await page.click('#board .cell.lit >> nth=0');
    await page.waitForFunction(() => document.querySelectorAll('#board .cell.taken-warp').length === 1 && !document.querySelector('#thinking'));
    const view = await source(page, `/api/matches/${id}`);
    assert.equal(view.history.length, 2, 'the person\'s move and Perfect\'s answer');
    const asked = await page.evaluate(() => window.__asked);
    assert.ok(asked.indexOf('ponder') < asked.indexOf('play'), `asked in this order: ${asked.join(', ')}`);
    assert.deepEqual(page.problems, []);
  });
});

test('"Same board" against Perfect in the browser finds the board already solved', { timeout: 120000 }, async () => {
  // The person plays Warp: Perfect (Weft) opens each game.
  await withPage({ engine: 'browser', settings: perfect('warp', '5') }, async (page, server) => {
    await watchWorker(page, ['computer']);
    await page.goto(`${server.base}/play/warp-weft?seed=9`);
    await page.waitForURL(/[?&]match=local-/);
    const personToMove = () => page.waitForFunction(() => document.querySelector('#board .cell.lit') && !document.querySelector('#thinking'));
    await personToMove();
    const first = new URL(page.url()).searchParams.get('match');
    await page.keyboard.press('s');
    await page.waitForFunction((old) => new URL(location.href).searchParams.get('match') !== old, first);
    await personToMove();
    // The computer's decisions, as the worker reports them with its moves.
    const [before, again] = await page.evaluate(() => window.__answers.computer.filter((a) => a.ok).map((a) => a.view.last_decision));
    assert.equal(again.move, before.move, 'the same opening');
    assert.ok(again.nodes < before.nodes, `Perfect searched ${again.nodes} positions for it on the same board again, ${before.nodes} the first time`);
    assert.deepEqual(page.problems, []);
  });
});

test('an undo while the computer thinks in the browser stops its search between two slices; the same worker plays on', { timeout: 120000 }, async () => {
  await withPage({
    engine: 'browser',
    settings: { 'tabula.leeward': { mode: 'computer', level: 'strong', side: 'ink' } },
  }, async (page, server) => {
    await page.addInitScript(() => {
      // Counts the engine's workers: a stop that ended the worker would start a second.
      window.__workers = 0;
      const Original = window.Worker;
      window.Worker = class extends Original {
        constructor(...args) {
          super(...args);
          window.__workers += 1;
        }
      };
      window.__reports = [];
      window.addEventListener('tabula:thinking', (e) => window.__reports.push(e.detail));
    });
    await page.goto(`${server.base}/play/leeward`);
    await page.waitForURL(/[?&]match=local-/);
    const id = new URL(page.url()).searchParams.get('match');
    const personToMove = () => page.waitForFunction(() => document.querySelector('#board .sq.movable') && !document.querySelector('#thinking'));
    const playAMove = async () => {
      await personToMove();
      await page.click('#board .sq.movable');
      await page.click('#board .sq.target');
      await page.click('#board .wind-choice');
    };
    const moves = async () => (await source(page, `/api/matches/${id}`)).history.length;
    await playAMove();
    // Strong thinks for two seconds; once it has said how far it got, the person takes the move back.
    await page.waitForFunction(() => window.__reports.length > 0 && document.querySelector('#thinking'));
    await page.keyboard.press('u');
    await personToMove();
    assert.equal(await moves(), 0, 'the move is taken back without waiting for the answer');
    const toasts = await page.locator('.toast').allTextContents();
    assert.ok(!toasts.some((t) => /as soon as the computer has answered/.test(t)), `no wait announced: ${toasts}`);
    // Past the time the dropped search would have taken, it has played nothing.
    await page.waitForTimeout(2500);
    assert.equal(await moves(), 0, 'the stopped search played no move');
    // The same worker, tables and all, answers the next move.
    await playAMove();
    await page.waitForFunction(() => document.querySelector('#thinking'));
    await personToMove();
    assert.equal(await moves(), 2, 'a move and the computer\'s answer');
    assert.equal(await page.evaluate(() => window.__workers), 1, 'the worker was never restarted');
    assert.deepEqual(page.problems, []);
  });
});

test('a move made while the hints are being solved stops that solve between two slices, in the same worker', { timeout: 120000 }, async () => {
  // Two people on one screen, 7 × 7, hints on: the solver works on every position and each move leaves its solve behind.
  await withPage({ engine: 'browser', settings: { 'tabula.warp-weft': { mode: 'two', size: '7', hints: true } } }, async (page, server) => {
    await page.addInitScript(() => {
      window.__workers = 0;
      window.__asked = [];
      const Original = window.Worker;
      window.Worker = class extends Original {
        constructor(...args) {
          super(...args);
          window.__workers += 1;
        }

        postMessage(message, ...rest) {
          if (message && message.op) window.__asked.push(message.op);
          return super.postMessage(message, ...rest);
        }
      };
    });
    await page.goto(`${server.base}/play/warp-weft?seed=4321`);
    await page.waitForURL(/[?&]match=local-/);
    for (let i = 0; i < 6; i++) {
      const mover = await page.getAttribute('#board svg', 'data-mover');
      // The solve of this position has been asked for before the move is made.
      await page.waitForFunction((n) => window.__asked.filter((op) => op === 'solve').length > n, i);
      await page.click('#board .cell.lit >> nth=0');
      await page.waitForFunction((m) => document.querySelector('#board svg').dataset.mover !== m, mover);
    }
    const asked = await page.evaluate(() => window.__asked);
    assert.ok(asked.filter((op) => op === 'stop').length >= 1, `a solve was stopped by a move: ${asked.join(' ')}`);
    assert.equal(await page.evaluate(() => window.__workers), 1, 'the worker was never restarted');
    assert.deepEqual(page.problems, []);
  });
});

test('in the browser a refused move changes nothing and says why; a finished game is kept on the server from the games list', { timeout: 150000 }, async () => {
  await withPage({ engine: 'browser' }, async (page, server) => {
    await page.goto(`${server.base}/play/warp-weft`);
    await page.waitForSelector('#status');
    const made = await source(page, '/api/matches', { method: 'POST', body: { game: 'warp-weft', options: { seed: 11, size: 5 }, players: ['human', 'level:easy'] } });
    assert.match(made.id, /^local-/);
    // A move that is not legal, and one that is no move at all: refused with a sentence, the game as it was.
    for (const move of ['a1', 'zz9']) {
      const err = await page.evaluate(async ([id, m]) => {
        const { api } = await import('/static/shell/api.js');
        try {
          await api(`/api/matches/${id}/moves`, { method: 'POST', body: { move: m } });
          return null;
        } catch (e) {
          return { status: e.status, message: e.message };
        }
      }, [made.id, move]);
      assert.ok(err, `'${move}' is refused`);
      assert.equal(err.status, 400, `'${move}': ${err.message}`);
      assert.ok(err.message.length > 10, 'with a reason');
    }
    const after = await source(page, `/api/matches/${made.id}`);
    assert.equal(after.history.length, 0, 'nothing was played');
    assert.deepEqual(after.moves, made.moves, 'the same legal moves');

    // A whole game between two computer levels, then "Keep on server" in the games list.
    const game = await source(page, '/api/matches', { method: 'POST', body: { game: 'warp-weft', options: { seed: 12, size: 5 }, players: ['level:easy', 'level:easy'] } });
    await page.goto(`${server.base}/play/warp-weft?match=${game.id}`);
    const end = await untilOver(page, game.id, 120000);
    await page.goto(`${server.base}/matches`);
    const row = page.locator(`.match-row[data-id="${game.id}"]`);
    await row.waitFor();
    await row.locator('button:has-text("Keep on server")').click();
    await page.waitForSelector('.toast:has-text("The server checked the game")');
    const kept = page.locator('.match-row.fresh');
    await kept.waitFor();
    const id = await kept.getAttribute('data-id');
    assert.doesNotMatch(id, /^local-/, 'the server’s copy is listed');
    assert.equal(await page.locator(`.match-row[data-id="${game.id}"]`).count(), 0, 'the browser’s copy is gone');
    const stored = await (await fetch(`${server.base}/api/matches/${id}`)).json();
    assert.deepEqual(stored.history.map((x) => x.move), end.history.map((x) => x.move), 'the server replayed the same moves');
    assert.deepEqual(stored.result.winner, end.result.winner);
    assert.deepEqual(page.problems, []);
  });
});

test('the engine crashing mid-game (a panic in the worker) loses nothing: it restarts and the game goes on by clicks', { timeout: 120000 }, async () => {
  await withPage({ engine: 'browser', settings: { 'tabula.warp-weft': { mode: 'computer', level: 'easy', side: 'weft', size: '5', hints: false } } }, async (page, server) => {
    await page.goto(`${server.base}/play/warp-weft?seed=9&size=5`);
    await page.waitForURL(/[?&]match=local-/);
    const id = new URL(page.url()).searchParams.get('match');
    const calm = () => page.waitForFunction(() => document.querySelector('#board .cell.lit') && !document.querySelector('#thinking'));
    const mine = () => page.locator('#board .cell.taken-weft').count();
    await calm();
    await page.click('#board .cell.lit >> nth=0');
    await page.waitForFunction(() => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length >= 2);
    await calm();
    const before = await source(page, `/api/matches/${id}`);
    // A panic inside the engine: the worker's instance is gone, the request fails with the engine's sentence.
    const crashed = await page.evaluate(async () => {
      const { ask } = await import('/static/shell/engine.js');
      try {
        await ask('crash');
        return null;
      } catch (e) {
        return { name: e.name, message: e.message };
      }
    });
    assert.equal(crashed.name, 'EngineError');
    assert.match(crashed.message, /restarted; your game is kept/);
    // The same game, every move in it, from a new worker; and the next click plays.
    const again = await source(page, `/api/matches/${id}`);
    assert.deepEqual(again.history, before.history);
    const taken = await mine();
    await page.click('#board .cell.lit >> nth=0');
    await page.waitForFunction((n) => document.querySelectorAll('#board .cell.taken-weft').length > n, taken);
    const after = await source(page, `/api/matches/${id}`);
    assert.ok(after.history.length > before.history.length, 'the game went on');
    assert.deepEqual(after.history.slice(0, before.history.length), before.history);
    assert.deepEqual(page.problems.filter((p) => !/panic|unreachable|RuntimeError/i.test(p)), []);
  });
});
