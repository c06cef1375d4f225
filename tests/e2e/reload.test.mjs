// Every game keeps its match in the address: a reload comes back to the same
// match and creates no new one; an abandoned game can be deleted from the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverAndBrowser, shot } from './helpers.mjs';

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

test('an abandoned game is deleted from the games in progress, after asking', { timeout: 120000 }, async () => {
  const { server, browser } = env;
  const post = async (path, body) => (await fetch(`${server.base}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  })).json();
  const made = await post('/api/matches', { game: 'warp-weft', options: { seed: 42 }, players: ['human', 'human'] });
  await post(`/api/matches/${made.id}/moves`, { move: 'f4' });
  const page = await newPage(browser);
  await page.goto(`${server.base}/matches?status=playing`);
  const row = page.locator(`.match-row[data-id="${made.id}"]`);
  await row.locator('button:has-text("Delete")').click();
  await page.waitForSelector('#delete-dialog');
  assert.match(await page.textContent('#delete-dialog'), /Warp & Weft.*1 move.*cannot be brought back/s);
  await shot(page, 'matches-delete-dialog');
  await page.locator('#delete-dialog button:has-text("Keep it")').click();
  assert.equal(await row.count(), 1, 'kept when the person changes their mind');
  await row.locator('button:has-text("Delete")').click();
  await page.locator('#delete-dialog button:has-text("Delete")').click();
  await row.waitFor({ state: 'detached' });
  assert.equal((await fetch(`${server.base}/api/matches/${made.id}`)).status, 404);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
