// The portal as static files (`tabula site DIR`, issue 26): served by Python's
// plain file server, with no Tabula server anywhere, the computer plays every
// game in the browser (two of them to the end), the rules pages draw their
// diagrams, and online play says that it needs a Tabula server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { launchBrowser, newPage, repoRoot, freePort, waitForHttp, tabulaBin, source } from './helpers.mjs';

let browser;
let files;
let python;
let base;

before(async () => {
  const bin = tabulaBin();
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-site-'));
  const said = execFileSync(bin, ['site', files, '--web-dir', path.join(repoRoot, 'web')], { encoding: 'utf8' });
  assert.match(said, /^wrote \d+ files into /);
  const port = await freePort();
  python = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', files], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, 15000);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  python?.kill();
  if (files) fs.rmSync(files, { recursive: true, force: true });
});


const GAMES = [
  { slug: 'warp-weft', options: { seed: 11, size: 5 } },
  { slug: 'piracy', options: { seed: 5 } },
  // The two long games play their first moves only (a whole game is a minute), enough to show both engines answer.
  { slug: 'seesaw', options: { base: 3 }, plies: 16 },
  { slug: 'leeward', options: {}, plies: 16 },
];

for (const g of GAMES) {
  test(`${g.slug}: from static files, ${g.plies ? `the first ${g.plies} moves of a game between two computers are` : 'a whole game between two computers is'} played in the browser`, { timeout: 200000 }, async () => {
    const page = await newPage(browser, { engine: 'browser', reducedMotion: 'reduce' });
    const asked = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) asked.push(`${r.method()} ${u.pathname}`);
    });
    try {
      await page.goto(`${base}/play/${g.slug}`);
      await page.waitForSelector('#board svg');
      await page.waitForURL(/[?&]match=local-/);
      const made = await source(page, '/api/matches', { method: 'POST', body: { game: g.slug, options: g.options, players: ['level:easy', 'level:easy'] } });
      await page.goto(`${base}/play/${g.slug}?match=${made.id}`);
      await page.waitForSelector('#status');
      let v;
      for (const until = Date.now() + 180000; ;) {
        v = await source(page, `/api/matches/${made.id}`);
        if (v.result || (g.plies && v.history.length >= g.plies)) break;
        assert.ok(Date.now() < until, `the game ends (${v.history.length} moves so far)`);
        await page.waitForTimeout(400);
      }
      // The computers' moves are random: a short game (Seesaw on base 3) may end before the moves asked for.
      if (v.result) await page.waitForFunction(() => /win|won|draw/i.test(document.querySelector('#status').textContent));
      const shown = g.plies ? Math.min(g.plies, v.history.length) : v.history.length;
      await page.waitForFunction((n) => document.querySelectorAll('#move-list .mv:not(.mv-gap)').length >= n, shown);
      assert.deepEqual([...new Set(asked)], ['GET /api/games'], 'the list of games is the only file of the API asked for');
      assert.deepEqual(page.problems.filter((p) => !/Failed to load resource/.test(p)), []);
    } finally {
      await page.context().close();
    }
  });
}

test('from static files the rules pages draw their diagrams, and online play says it needs a Tabula server', { timeout: 90000 }, async () => {
  const page = await newPage(browser, { engine: 'browser', serviceWorkers: 'allow' });
  try {
    await page.goto(`${base}/rules/leeward`);
    await page.waitForSelector('body[data-diagrams="drawn"]');
    assert.equal(await page.locator('.diagram .note').count(), 0, 'no diagram failed');
    await page.goto(`${base}/play/warp-weft`);
    await page.waitForSelector('#board svg');
    await page.click('#tb-online');
    await page.waitForSelector('#invite-dialog[open]');
    await page.click('#invite-dialog button:has-text("Create the match")');
    await page.waitForSelector('.toast:has-text("online play needs a Tabula server")');
    await page.goto(`${base}/`);
    await page.waitForSelector('.game-card');
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0, 'no offline copy of a static site');
  } finally {
    await page.context().close();
  }
});
