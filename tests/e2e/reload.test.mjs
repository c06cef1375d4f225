// Every game keeps its match in the address: a reload comes back to the same
// match and creates no new one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

for (const slug of ['leeward', 'warp-weft', 'piracy', 'seesaw']) {
  test(`${slug}: a reload returns to the same match and starts none`, { timeout: 120000 }, async () => {
    const { server, browser } = env;
    const page = await newPage(browser);
    let created = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/matches') created++;
    });
    await page.goto(`${server.base}/play/${slug}`);
    await page.waitForURL(/\?match=[0-9a-f]+$/);
    const id = new URL(page.url()).searchParams.get('match');
    assert.equal(created, 1, 'one match for the first visit');
    const before = await (await fetch(`${server.base}/api/matches/${id}`)).json();

    await page.reload();
    await page.waitForURL(new RegExp(`\\?match=${id}$`));
    // The page has loaded the match again (its board is drawn) and made no other.
    await page.waitForSelector('#board svg');
    await page.waitForTimeout(500);
    assert.equal(created, 1, 'the reload created no match');
    const again = await (await fetch(`${server.base}/api/matches/${id}`)).json();
    assert.equal(again.id, before.id);
    assert.ok(again.history.length >= before.history.length, 'it is the same game, going on');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
