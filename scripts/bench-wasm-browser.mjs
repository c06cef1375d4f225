// The browser's side of scripts/bench-wasm, in Debian's chromium (through the
// browser tests' playwright-core): how soon after a play page starts loading
// its first legal moves are drawn, and how much of the server's CPU a table
// of people playing the computer costs when the engine runs in their browsers
// and when the server plays for them.
//
// A benchmark, not a test: the figures depend on the machine and its load.
import fs from 'node:fs';
import os from 'node:os';

/** The server's CPU time so far in seconds (user + system, from /proc). */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Milliseconds from a play page's navigation to its first drawn moves
 * (the `tabula:first-moves` mark): on a first visit, then the median of
 * `runs` visits with the files in the browser's cache. With `offline`, the
 * cached visits are made once the service worker keeps the portal's copy
 * and controls the page, as a person's second visit is.
 *
 * The mark is looked for through the DevTools protocol with a one-line
 * expression: Playwright's own waitForFunction would put its injected
 * script (some 30 ms of the main thread here) into the page while it loads.
 * Each cached visit comes from a blank page, as a person comes back to a
 * game: straight from the same play page, the next visit would also pay
 * for leaving it (Warp & Weft's hints have its worker fill a solver table
 * of hundreds of MiB, whose release takes 30-60 ms of the next page's start).
 */
async function firstMoves(h, browser, base, slug, runs, { offline = false } = {}) {
  const page = await h.newPage(browser, { engine: 'browser', serviceWorkers: offline ? 'allow' : 'block', settings: { [`tabula.${slug}`]: { mode: 'two' } } });
  const cdp = await page.context().newCDPSession(page);
  const once = async () => {
    if (page.url().startsWith(base)) {
      await page.goto('about:blank');
      await new Promise((r) => setTimeout(r, 300));
    }
    await page.goto(`${base}/play/${slug}`, { waitUntil: 'commit' });
    for (const until = Date.now() + 20000; ;) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: "performance.getEntriesByName('tabula:first-moves').length" });
      if (result.value > 0) break;
      if (Date.now() > until) throw new Error(`${slug}: no moves drawn within 20 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return page.evaluate(() => performance.getEntriesByName('tabula:first-moves')[0].startTime);
  };
  const cold = await once();
  if (offline) {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 30000 });
    await page.waitForTimeout(1000); // the copy's downloads over
  }
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(await once());
  await page.context().close();
  return { cold, warm: median(warm) };
}

/**
 * `tables` pages each playing `slug` computer against computer (`level`) for
 * `seconds`, the engine where `engine` says: the moves played and the
 * server's CPU seconds meanwhile.
 */
async function serverCost(h, browser, server, { slug, level, tables, seconds, engine }) {
  const pages = [];
  for (let i = 0; i < tables; i++) pages.push(await h.newPage(browser, { engine }));
  const start = async (page) => {
    await page.goto(`${server.base}/play/${slug}`);
    await page.waitForSelector('#board svg');
    const made = await h.source(page, '/api/matches', { method: 'POST', body: { game: slug, players: [level, level] } });
    await page.goto(`${server.base}/play/${slug}?match=${made.id}`);
    return made.id;
  };
  const view = (page, id) => h.source(page, `/api/matches/${id}`);
  const ids = await Promise.all(pages.map(start));
  const before = cpuSeconds(server.pid);
  const until = Date.now() + seconds * 1000;
  let moves = 0;
  // A table whose game is over starts the next one, so that every table keeps playing.
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < tables; i++) {
      const v = await view(pages[i], ids[i]);
      if (v.result && Date.now() < until) {
        moves += v.history.length;
        ids[i] = await start(pages[i]);
      }
    }
  }
  const cpu = cpuSeconds(server.pid) - before;
  for (let i = 0; i < tables; i++) {
    moves += (await view(pages[i], ids[i])).history.length;
    await pages[i].context().close();
  }
  return { cpu, moves };
}

/**
 * Runs the browser's measurements and prints them; `games` are the slugs to
 * measure; `firstMovesOnly` leaves out the server's CPU.
 */
export async function benchBrowser(helpersUrl, games, { firstMovesOnly = false } = {}) {
  const h = await import(helpersUrl);
  const server = await h.startServer();
  const browser = await h.launchBrowser();
  try {
    console.log(`\nFirst legal moves drawn, ms after the play page starts loading (chromium, the engine in the browser; load ${os.loadavg()[0].toFixed(1)})\n`);
    console.log(['game'.padEnd(10), 'first visit'.padStart(12), 'cached (median of 5)'.padStart(22), 'cached, offline copy kept'.padStart(27)].join(' '));
    for (const slug of games) {
      const t = await firstMoves(h, browser, server.base, slug, 5);
      const kept = await firstMoves(h, browser, server.base, slug, 5, { offline: true });
      console.log([slug.padEnd(10), `${t.cold.toFixed(0)} ms`.padStart(12), `${t.warm.toFixed(0)} ms`.padStart(22), `${kept.warm.toFixed(0)} ms`.padStart(27)].join(' '));
    }
    if (firstMovesOnly) return;
    const tables = 4;
    const seconds = 20;
    const slug = games.includes('warp-weft') ? 'warp-weft' : games[0];
    console.log(`\nThe server's CPU while ${tables} tables play ${slug}, Medium against Medium, for ${seconds} s\n`);
    console.log(['engine'.padEnd(22), 'moves played'.padStart(13), 'server CPU'.padStart(12), 'of one core'.padStart(12)].join(' '));
    for (const engine of ['browser', 'server']) {
      const r = await serverCost(h, browser, server, { slug, level: 'level:medium', tables, seconds, engine });
      const share = (100 * r.cpu) / seconds;
      console.log([(engine === 'browser' ? 'in the browsers' : 'on the server').padEnd(22), String(r.moves).padStart(13), `${r.cpu.toFixed(2)} s`.padStart(12), `${share.toFixed(1)} %`.padStart(12)].join(' '));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
