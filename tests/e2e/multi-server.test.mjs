// Browser tests of several servers on one PostgreSQL database (the one
// scripts/test starts: TABULA_TEST_POSTGRES; each test makes a database of
// its own): two `tabula serve` processes, each browser reaching them through
// a load balancer that prefers its own (failover-proxy.mjs). A browser on
// each server plays the other, a third watches, a reload on the other server
// comes back to the game; then one server is killed (kill -9) mid-game and
// its player goes on through the other to the end, every move in the record.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, newPage, shot, inviteOnline, joinOnline, PHONE } from './helpers.mjs';
import { failoverProxy } from './failover-proxy.mjs';

const base = process.env.TABULA_TEST_POSTGRES;
if (!base && process.env.CI) throw new Error('TABULA_TEST_POSTGRES is not set in CI: scripts/test starts a PostgreSQL and sets it');
const skip = base ? false : 'TABULA_TEST_POSTGRES is not set (scripts/test sets it)';

let browser;
before(async () => {
  if (!skip) browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A new database on the tests' PostgreSQL server; returns its address. */
function freshDatabase(name) {
  const db = `tabula_e2e_${name}_${process.pid}_${Date.now() % 1e9}`;
  execFileSync('psql', [base, '-qAtc', `CREATE DATABASE ${db}`]);
  const url = new URL(base);
  url.pathname = `/${db}`;
  return { url: url.toString(), drop: () => execFileSync('psql', [base, '-qAtc', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`]) };
}

/** Two servers on one new database, and a load balancer for each that prefers its own server. */
async function twoServers(name) {
  const db = freshDatabase(name);
  const servers = [await startServer({ database: db.url }), await startServer({ database: db.url })];
  const ports = servers.map((s) => s.port);
  const proxies = [await failoverProxy(ports), await failoverProxy([...ports].reverse())];
  return {
    servers,
    proxies,
    stop: async () => {
      for (const p of proxies) await p.close();
      for (const s of servers) await s.stop();
      db.drop();
    },
  };
}

const settings = { 'tabula.warp-weft': { mode: 'two', size: '5', hints: false } };
const taken = (page) => page.locator('#board .cell.taken-weft, #board .cell.taken-warp').count();

/** The player whose turn it is takes a lit cell; waits until the other page shows it. */
async function playOne(mover, other) {
  await mover.waitForSelector('#board .cell.lit');
  const before = await taken(other);
  const cell = await mover.$eval('#board .cell.lit', (g) => g.dataset.cell);
  await mover.click(`#board .cell[data-cell="${cell}"]`);
  await other.waitForFunction((n) => document.querySelectorAll('#board .cell.taken-weft, #board .cell.taken-warp').length > n, before, { timeout: 20000 });
  await mover.waitForFunction(() => !document.querySelector('#board .cell.lit'));
  return cell;
}

/** Plays on, each page in turn, until the game is over; returns how many moves were made. */
async function playToTheEnd(first, second) {
  let [mover, other] = [first, second];
  let moves = 0;
  for (let i = 0; i < 40 && !(await first.locator('#result').count()); i++) {
    await playOne(mover, other);
    moves += 1;
    [mover, other] = [other, mover];
  }
  return moves;
}

async function history(serverBase, id) {
  return (await (await fetch(`${serverBase}/api/matches/${id}`)).json()).history.map((h) => h.move);
}

test('two servers on one database: a browser on each plays the other, a third watches, a reload comes back', { skip, timeout: 180000 }, async () => {
  const run = await twoServers('play');
  try {
    const [viaA, viaB] = run.proxies;
    const ann = await newPage(browser, { settings });
    await ann.goto(`${viaA.base}/play/warp-weft?seed=42&size=5`);
    await ann.waitForSelector('#board .cell');
    const link = await inviteOnline(ann, { name: 'Ann', clock: '5+3' });
    const id = /match=([0-9a-f]+)/.exec(link)[1];
    // Bo opens the invitation through the other server.
    const bo = await newPage(browser, { viewport: PHONE });
    await joinOnline(bo, link.replace(viaA.base, viaB.base), 'Bo');
    await ann.waitForFunction(() => document.querySelector('#seat-1').textContent.includes('Bo'));
    await ann.waitForSelector('#seat-1 .presence.on');
    await bo.waitForSelector('#seat-0 .presence.on');
    await ann.waitForSelector('#seat-0 .seat-clock.running');

    await playOne(ann, bo);
    await playOne(bo, ann);
    // A third person watches through server B.
    const watcher = await newPage(browser);
    await watcher.goto(`${viaB.base}/play/warp-weft?match=${id}`);
    await watcher.waitForSelector('#online #seat-0');
    await watcher.waitForFunction(() => /watching/.test(document.querySelector('#online-status').textContent));
    assert.equal(await taken(watcher), 2);
    await playOne(ann, watcher);
    await shot(bo, 'multi-server-bo-on-b');

    // Bo reloads on server B and comes back to the game as it is.
    await bo.reload();
    await bo.waitForSelector('#online #seat-1');
    assert.equal(await taken(bo), 3, 'the game as Ann left it on the other server');
    assert.match(await bo.textContent('#seat-1'), /\(you\)/);
    await bo.waitForFunction(() => /Live/.test(document.querySelector('#live-chip').textContent));

    await playToTheEnd(bo, ann);
    for (const p of [ann, bo, watcher]) {
      await p.waitForSelector('#result');
      assert.match(await p.textContent('#result'), /win|draw/i);
    }
    await shot(ann, 'multi-server-result-on-a');
    const [onA, onB] = [await history(run.servers[0].base, id), await history(run.servers[1].base, id)];
    assert.deepEqual(onA, onB, 'both servers tell the same game');
    assert.equal(onA.length, await taken(watcher));
    for (const p of [ann, bo, watcher]) assert.deepEqual(p.problems, [], 'no console errors');
    for (const p of [ann, bo, watcher]) await p.context().close();
  } finally {
    await run.stop();
  }
});

test('a server is killed mid-game (kill -9): its player goes on through the other to the end', { skip, timeout: 180000 }, async () => {
  const run = await twoServers('kill');
  try {
    const [viaA, viaB] = run.proxies;
    const ann = await newPage(browser, { settings });
    await ann.goto(`${viaA.base}/play/warp-weft?seed=7&size=5`);
    await ann.waitForSelector('#board .cell');
    const link = await inviteOnline(ann, { name: 'Ann', clock: 'none' });
    const id = /match=([0-9a-f]+)/.exec(link)[1];
    const bo = await newPage(browser);
    await joinOnline(bo, link.replace(viaA.base, viaB.base), 'Bo');
    await playOne(ann, bo);
    await playOne(bo, ann);
    await playOne(ann, bo);
    const acknowledged = await history(run.servers[1].base, id);
    assert.equal(acknowledged.length, 3);

    // Server A, Ann's, dies; her page reconnects through her load balancer to B.
    await run.servers[0].kill();
    await ann.waitForFunction(() => /Live/.test(document.querySelector('#live-chip').textContent), null, { timeout: 20000 });
    assert.equal(await taken(ann), 3, 'Ann finds the game as it was');
    const more = await playToTheEnd(bo, ann);
    for (const p of [ann, bo]) await p.waitForSelector('#result');
    await shot(ann, 'multi-server-after-kill');

    // Every move answered is in the record, once, in order.
    const record = await (await fetch(`${run.servers[1].base}/api/matches/${id}/record`)).text();
    const final = await history(run.servers[1].base, id);
    assert.equal(final.length, 3 + more);
    assert.deepEqual(final.slice(0, 3), acknowledged);
    for (const mv of final) assert.ok(record.includes(mv), `${mv} is in the record:\n${record}`);
    assert.equal(await taken(bo), final.length);
    for (const p of [ann, bo]) {
      assert.deepEqual(p.problems.filter((x) => !/WebSocket|ERR_CONNECTION|Failed to load resource/.test(x)), []);
    }
    for (const p of [ann, bo]) await p.context().close();
  } finally {
    await run.stop();
  }
});
