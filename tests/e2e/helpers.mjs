// Shared by the browser tests: start the Tabula server, open Debian's
// chromium through playwright-core, and fail on any console error.
import { spawn } from 'node:child_process';
import { before, after } from 'node:test';
import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
export const outDir = path.join(here, 'out');
fs.mkdirSync(outDir, { recursive: true });

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A free TCP port on the loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 2xx, for up to `ms` milliseconds. */
export async function waitForHttp(url, ms) {
  const until = Date.now() + ms;
  let last;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = new Error(`${url} answered ${res.status}`);
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The server did not come up: ${last && last.message}`);
}

/** The `tabula` binary the tests run: TABULA_BIN, else the release build of the target folder. */
export function tabulaBin() {
  const targetDir = process.env.CARGO_TARGET_DIR || 'target';
  const bin = path.resolve(repoRoot, process.env.TABULA_BIN || path.join(targetDir, 'release', 'tabula'));
  if (!fs.existsSync(bin)) throw new Error(`No server binary at ${bin}: build it (cargo build --release) or set TABULA_BIN.`);
  return bin;
}

/**
 * Starts `<bin> serve --port <free port> --web-dir <repo>/web --data <dir>` and waits for it.
 * TABULA_BIN overrides the binary (default target/release/tabula);
 * TABULA_URL skips starting one and uses a server that is already running.
 * The matches are kept in `data` (default: a new temporary folder, removed by `stop`),
 * or in the PostgreSQL database at the address `database` (`--database`);
 * `port` asks for a given port (to restart a server where it was).
 */
export async function startServer({ data, port: wantedPort, database } = {}) {
  if (process.env.TABULA_URL) {
    const base = process.env.TABULA_URL.replace(/\/$/, '');
    await waitForHttp(`${base}/api/games`, 10000);
    return { base, stop: async () => {}, kill: async () => {} };
  }
  const bin = tabulaBin();
  const port = wantedPort || await freePort();
  const ownData = !data && !database;
  const dataDir = database ? null : data || fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-e2e-'));
  const args = ['serve', '--port', String(port), ...(database ? ['--database', database] : ['--data', dataDir])];
  const webDir = process.env.TABULA_WEB_DIR ?? path.join(repoRoot, 'web');
  if (webDir) args.push('--web-dir', webDir);
  const child = spawn(bin, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const announced = new Promise((resolve) => {
    const onData = (chunk) => {
      output += chunk;
      const m = /Tabula is serving at (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1].replace(/\/$/, ''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise((_, reject) => child.on('exit', (code) => reject(new Error(`The server exited (${code}) before serving:\n${output}`))));
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`The server did not announce itself in 20 s:\n${output}`)), 20000));
  const base = await Promise.race([announced, exited, timeout]);
  exited.catch(() => {});
  await waitForHttp(`${base}/api/games`, 10000);
  const end = async (signal) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const t = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(t);
  };
  const stop = async () => {
    await end('SIGTERM');
    if (ownData) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // kill -9: the server gets no chance to tidy up; its data folder stays.
  const kill = () => end('SIGKILL');
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return { base, stop, kill, data: dataDir, port, pid: child.pid };
}

/**
 * Starts a server and a browser before a test file's tests and stops both
 * after them; the returned object's `server` and `browser` are set by then.
 */
export function serverAndBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * A fresh page that records console errors and uncaught exceptions in
 * `page.problems`; `settings` are put into localStorage before any script runs;
 * `engine` says where local games are played ('server' or 'browser');
 * `serviceWorkers: 'allow'` lets the portal keep its offline copy (blocked
 * otherwise, so that every request reaches the test's routes and the server);
 * `reducedMotion: 'reduce'` asks for no animations (a whole game then goes at the engine's speed).
 */
export async function newPage(browser, { viewport = DESKTOP, settings = null, colorScheme = 'light', touch = false, engine = 'server', serviceWorkers = 'block', reducedMotion = 'no-preference' } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, deviceScaleFactor: 1, hasTouch: touch, isMobile: touch, serviceWorkers, reducedMotion });
  if (settings) {
    await context.addInitScript((s) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        for (const [k, v] of Object.entries(s)) localStorage.setItem(k, JSON.stringify(v));
        sessionStorage.setItem('e2e-seeded', '1');
      }
    }, settings);
  }
  // Where local games are played: the server (the default here, so that a
  // test can look at a match through the API) or the engine in the browser
  // (engine.test.mjs), as the settings dialog chooses.
  await context.addInitScript((where) => {
    const site = JSON.parse(localStorage.getItem('tabula.site') || '{}') || {};
    if (!site.engine) localStorage.setItem('tabula.site', JSON.stringify({ ...site, engine: where }));
  }, engine);
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`uncaught: ${err.message}`));
  page.setDefaultTimeout(15000);
  return page;
}

/** Calls the page's one match source (shell/api.js) from inside the page, as the page itself does. */
export function source(page, path, opts) {
  return page.evaluate(async ([p, o]) => {
    const { api } = await import('/static/shell/api.js');
    return api(p, o || undefined);
  }, [path, opts || null]);
}

/** A screenshot in tests/e2e/out, once the moves' animations have settled. */
export async function shot(page, name, opts = {}) {
  await page.waitForTimeout(400);
  return page.screenshot({ path: path.join(outDir, `${name}.png`), ...opts });
}

/**
 * From a play page already open: the top bar's "Play online", the invitation
 * dialog filled in (name, the first seat, a clock such as 'none' or '5+3'),
 * and the link to send the friend.
 */
export async function inviteOnline(page, { name = 'Ann', clock = 'none' } = {}) {
  await page.click('#tb-online');
  await page.waitForSelector('#invite-dialog[open]');
  await page.fill('#invite-dialog input[name="name"]', name);
  await page.click('#invite-dialog label:has(input[name="side"][value="first"])');
  await page.click(`#invite-dialog label:has(input[name="clock"][value="${clock}"])`);
  await page.click('#invite-dialog button:has-text("Create the match")');
  await page.waitForURL(/\?match=[0-9a-f]+$/);
  await page.waitForSelector('#invite-link');
  return page.inputValue('#invite-link');
}

/** The friend opens the invitation and takes the free seat under `name`. */
export async function joinOnline(page, link, name) {
  await page.goto(link);
  await page.waitForSelector('#join-dialog[open]');
  await page.fill('#join-dialog input[name="name"]', name);
  await page.click('#join-dialog button:has-text("Take the seat")');
  await page.waitForSelector('#online #seat-1');
}
