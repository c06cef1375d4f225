// The portal's Content Security Policy (issue 26): every reply carries one
// that allows only the portal's own scripts, styles, images and connections,
// plus 'wasm-unsafe-eval' for the browser's engine. Every page, the rules
// dialog and a game against the engine in the browser run under it without a
// single violation, and an inline script is refused. (The online tests cover
// the live connection: a violation there is a console error they refuse.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, DESKTOP } from './helpers.mjs';

const env = serverAndBrowser();

/** A page that records every violation of the policy in `page.violations`. */
async function watchedPage(opts = {}) {
  const page = await newPage(env.browser, { viewport: DESKTOP, ...opts });
  await page.context().addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile || ''}:${e.lineNumber || 0})`);
    });
  });
  page.violations = () => page.evaluate(() => window.__violations);
  return page;
}

test('every reply carries the policy: own scripts, styles and connections, the engine allowed', async () => {
  for (const path of ['/', '/matches', '/play/leeward', '/rules/seesaw', '/static/shell/style.css', '/api/games', '/api/nothing-here']) {
    const res = await fetch(`${env.server.base}${path}`);
    const csp = res.headers.get('content-security-policy');
    assert.ok(csp, `${path} has a policy`);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/, path);
    assert.match(csp, /style-src 'self'/, path);
    assert.match(csp, /connect-src 'self'/, path);
    assert.match(csp, /frame-ancestors 'none'/, path);
    assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'|\*/, `${path}: nothing inline, no wildcard`);
  }
});

test('every page and the rules dialog run with no violation, and an inline script is refused', { timeout: 120000 }, async () => {
  const page = await watchedPage();
  try {
    const pages = ['/', '/matches'];
    for (const slug of ['leeward', 'warp-weft', 'piracy', 'seesaw']) pages.push(`/rules/${slug}`, `/play/${slug}`);
    for (const path of pages) {
      await page.goto(`${env.server.base}${path}`);
      if (path.startsWith('/rules/')) await page.waitForSelector('body[data-diagrams="drawn"]');
      else if (path.startsWith('/play/')) {
        await page.waitForSelector('#status');
        // The rules dialog brings the rules page's prose and its own stylesheet along.
        await page.keyboard.press('F1');
        await page.waitForSelector('#rules-dialog .diagram svg');
        await page.keyboard.press('Escape');
      } else await page.waitForLoadState('networkidle');
      assert.deepEqual(await page.violations(), [], `${path}: no violation`);
    }
    // Leeward's rules table keeps its style from a stylesheet, not an inline block.
    await page.goto(`${env.server.base}/rules/leeward`);
    await page.waitForSelector('body[data-diagrams="drawn"]');
    const collapse = await page.$eval('.piece-table', (t) => getComputedStyle(t).borderCollapse);
    assert.equal(collapse, 'collapse', 'the piece table is styled by games/leeward/rules.css');
    // The policy is in force: a script written into the page does not run.
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 50));
      return window.__ran === true;
    });
    assert.equal(ran, false, 'an inline script is refused');
    assert.ok((await page.violations()).some((v) => v.startsWith('script-src')), 'and the refusal is reported');
  } finally {
    await page.context().close();
  }
});

test('the engine in the browser plays under the policy', { timeout: 120000 }, async () => {
  const page = await watchedPage({ engine: 'browser' });
  try {
    await page.goto(`${env.server.base}/play/warp-weft`);
    await page.waitForSelector('#status');
    const made = await page.evaluate(async () => {
      const { api } = await import('/static/shell/api.js');
      const m = await api('/api/matches', { method: 'POST', body: { game: 'warp-weft', options: { seed: 3, size: 5 }, players: ['level:medium', 'human'] } });
      const moved = await api(`/api/matches/${m.id}/computer-move`, { method: 'POST', body: {} });
      return { id: m.id, history: moved.history.length };
    });
    assert.match(made.id, /^local-/, 'the match is played in the browser, not handed to the server');
    assert.equal(made.history, 1, 'the engine in the worker made its move');
    assert.deepEqual(await page.violations(), []);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});
