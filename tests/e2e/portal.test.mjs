// Smoke tests of the portal home and the rules page.
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

test('the home page lists Warp & Weft with a drawing, and its links work', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(`${server.base}/`);
  const card = page.locator('.game-card[data-slug="warp-weft"]');
  await card.waitFor();
  assert.match(await card.textContent(), /Warp & Weft/);
  assert.match(await card.textContent(), /Numbers/);
  assert.match(await card.textContent(), /Weft/);
  assert.match(await card.textContent(), /Warp/);
  // The drawing is the start position: a grid with the start cell and Weft's lit row.
  const cells = await card.locator('svg .cell').count();
  assert.ok([25, 49, 81].includes(cells), `a square grid of cells (${cells})`);
  assert.equal(await card.locator('svg .cell.start').count(), 1);
  assert.ok((await card.locator('svg .cell.lit').count()) > 0);
  await shot(page, 'home-desktop');

  await card.locator('a:has-text("Rules")').click();
  await page.waitForURL(/\/rules\/warp-weft$/);
  await page.waitForSelector('body[data-diagrams="drawn"]');

  await page.goBack();
  await page.locator('.game-card[data-slug="warp-weft"] a:has-text("Play")').click();
  await page.waitForURL(/\/play\/warp-weft/);
  await page.waitForSelector('#board .cell');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the home page at phone size', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { viewport: PHONE });
  await page.goto(`${server.base}/`);
  await page.waitForSelector('.game-card svg .cell');
  await shot(page, 'home-phone');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the rules page loads, with its diagrams and keys', { timeout: 120000 }, async () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const page = await newPage(browser, { viewport });
    const res = await page.goto(`${server.base}/rules/warp-weft`);
    assert.equal(res.status(), 200);
    await page.waitForSelector('body[data-diagrams="drawn"]');
    assert.equal(await page.locator('.diagram svg').count(), 7);
    const text = await page.textContent('article');
    for (const word of ['Weft', 'Warp', 'komi', 'Pie rule', 'Asymmetric', '5 × 5', '9 × 9']) {
      assert.ok(text.toLowerCase().includes(word.toLowerCase()), `the rules mention ${word}`);
    }
    assert.ok((await page.locator('article kbd').count()) >= 8, 'the keys are listed');
    // Prose stays readable: lines of at most about 70 characters.
    const perLine = await page.$$eval('article > p', (ps) => Math.max(...ps.map((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return lines > 1 ? p.textContent.replace(/\s+/g, ' ').trim().length / lines : 0;
    })));
    assert.ok(perLine <= 72, `lines of about 70 characters at most (${perLine.toFixed(0)})`);
    await shot(page, `rules-${name}`);
    await shot(page, `rules-${name}-full`, { fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('an unknown game says so', { timeout: 120000 }, async () => {
  const page = await newPage(browser);
  page.on('console', () => {}); // the 404 of the page itself is expected
  const res = await page.goto(`${server.base}/play/no-such-game`);
  const text = await page.textContent('body');
  assert.ok(res.status() === 404 || /no game called/i.test(text), 'a page that says the game does not exist');
  assert.match(text, /no game called|does not exist|nothing here/i);
  await page.context().close();
});

test('every rules page draws its diagrams from positions the server worked out', { timeout: 120000 }, async () => {
  // No rules page holds a rule: each diagram's position and marks come from /api/positions.
  for (const [slug, diagrams] of [['leeward', 7], ['warp-weft', 7], ['piracy', 5], ['seesaw', 7]]) {
    const page = await newPage(browser, { viewport: DESKTOP });
    const asked = [];
    page.on('request', (r) => { if (r.url().endsWith('/api/positions')) asked.push(r.postDataJSON()); });
    await page.goto(`${server.base}/rules/${slug}`);
    await page.waitForFunction((n) => document.querySelectorAll('.diagram svg').length >= n, diagrams);
    assert.equal(await page.locator('.diagram svg').count(), diagrams, `${slug}: every diagram drawn`);
    assert.equal(await page.locator('.diagram .note').count(), 0, `${slug}: no diagram failed`);
    assert.ok(asked.length >= 3, `${slug}: the diagrams asked the server (${asked.length} requests)`);
    assert.ok(asked.every((body) => body.game === slug));
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('the rules pages speak to players: commands and source paths only behind "How this was measured"', { timeout: 120000 }, async () => {
  // What a player reads says what was measured in plain words; how it was run
  // (the command-line program, the study files in the source) waits in a closed fold.
  const tooling = /\b(tabula (analyze|match|solve|bench|selfplay)|cargo |docs\/|scripts\/)/;
  for (const [slug, folds] of [['leeward', 2], ['warp-weft', 3], ['seesaw', 1], ['piracy', 1]]) {
    const page = await newPage(browser, { viewport: DESKTOP });
    await page.goto(`${server.base}/rules/${slug}`);
    await page.waitForSelector('body[data-diagrams="drawn"]');
    const outside = await page.$eval('#rules', (article) => {
      const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
      const parts = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.parentElement.closest('details.measured')) parts.push(n.textContent);
      }
      return parts.join(' ').replace(/\s+/g, ' ');
    });
    const hit = tooling.exec(outside);
    assert.equal(hit, null, `${slug}: no command or source path in the players' text (${hit && outside.slice(Math.max(0, hit.index - 60), hit.index + 60)})`);
    const summaries = await page.$$eval('#rules details.measured', (ds) => ds.map((d) => ({
      summary: d.querySelector(':scope > summary')?.textContent.trim(),
      open: d.open,
      tooling: d.textContent.replace(/\s+/g, ' '),
    })));
    assert.equal(summaries.length, folds, `${slug}: a fold under each self-play note`);
    for (const fold of summaries) {
      assert.equal(fold.summary, 'How this was measured', `${slug}: the fold's summary`);
      assert.equal(fold.open, false, `${slug}: the fold starts closed`);
      assert.match(fold.tooling, tooling, `${slug}: the fold says how it was run`);
    }
    // Opened, a fold shows its commands.
    const first = page.locator('#rules details.measured').first();
    await first.locator('summary').click();
    assert.equal(await first.evaluate((d) => d.open), true);
    assert.ok(await first.locator('code').first().isVisible(), `${slug}: the opened fold shows its commands`);
    await first.scrollIntoViewIfNeeded();
    await shot(page, `rules-${slug}-measured-open`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});
