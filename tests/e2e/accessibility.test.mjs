// Accessibility: axe-core (WCAG 2.1 A and AA, and best practice) finds nothing
// serious or critical on any page, during a game as well as at its start; the
// status and the move list are announced to screen readers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { newPage, serverAndBrowser, DESKTOP, PHONE } from './helpers.mjs';

const env = serverAndBrowser();
const axeSource = fs.readFileSync(path.join(import.meta.dirname, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The serious and critical findings of axe-core on the page as it is now, as readable lines. */
async function seriousFindings(page) {
  // Evaluated by the test, not added as a <script>: the portal's policy refuses inline scripts.
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(axeSource);
  const result = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags } }), TAGS);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

for (const slug of ['leeward', 'warp-weft', 'piracy', 'seesaw']) {
  test(`${slug}: the play page has no serious accessibility finding, at the start and after a move`, { timeout: 120000 }, async () => {
    const { server, browser } = env;
    for (const viewport of [DESKTOP, PHONE]) {
      // Two people on one screen, so a move can be made by the test whoever is to move.
      const page = await newPage(browser, { viewport, settings: { [`tabula.${slug}`]: { mode: 'two' } } });
      await page.goto(`${server.base}/play/${slug}`);
      await page.waitForURL(/\?match=[0-9a-f]+$/);
      await page.waitForSelector('#board svg');
      assert.deepEqual(await seriousFindings(page), [], `${slug} at ${viewport.width} px, at the start`);
      assert.equal(await page.getAttribute('#status', 'aria-live'), 'polite', 'the status is announced');
      assert.equal(await page.getAttribute('#move-list', 'aria-live'), 'polite', 'the moves are announced');
      assert.equal(await page.locator('h1').count(), 1, 'one heading names the page');

      // One move through the API, then the page catches up on reload: the move list has an entry.
      const id = new URL(page.url()).searchParams.get('match');
      const view = await (await fetch(`${server.base}/api/matches/${id}`)).json();
      const reply = await fetch(`${server.base}/api/matches/${id}/moves`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ move: view.moves[0].move }),
      });
      assert.equal(reply.status, 200);
      await page.reload();
      await page.waitForSelector('#move-list li');
      assert.deepEqual(await seriousFindings(page), [], `${slug} at ${viewport.width} px, after a move`);
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  });
}

test('the portal, a rules page and the games list have no serious accessibility finding', { timeout: 120000 }, async () => {
  const { server, browser } = env;
  for (const where of ['/', '/rules/seesaw', '/matches', '/matches?status=playing']) {
    const page = await newPage(browser);
    await page.goto(`${server.base}${where}`);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await seriousFindings(page), [], where);
    await page.context().close();
  }
});

test('the keys dialog, open on a phone where it scrolls, has no serious accessibility finding', { timeout: 60000 }, async () => {
  const { server, browser } = env;
  const page = await newPage(browser, { viewport: PHONE, settings: { 'tabula.piracy': { mode: 'two' } } });
  await page.goto(`${server.base}/play/piracy`);
  await page.waitForSelector('#board svg');
  await page.keyboard.press('?');
  await page.waitForSelector('dialog[open] .modal-body');
  assert.deepEqual(await seriousFindings(page), [], 'the keys dialog');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
