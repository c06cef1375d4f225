import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const base of ['http://127.0.0.1:8124', 'http://127.0.0.1:8123']) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(base + '/play/piracy');
  await page.waitForSelector('#board .target');
  const r = await page.evaluate(() => {
    const bx = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height, t: e.textContent.trim(), c: e.getAttribute('class') }; };
    const ov = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;
    const labels = [...document.querySelectorAll('#board .label')].map(bx);
    const marks = [...document.querySelectorAll('#board .harbours *, #board .target, #board .compass')].map(bx);
    const out = [];
    for (const m of marks) for (const l of labels) if (ov(m, l)) out.push(`${m.c} over ${l.t}`);
    return out;
  });
  console.log(base, r);
  await page.screenshot({ path: `/tmp/web16-shots/dbg-piracy-${base.slice(-4)}.png` });
}
await browser.close();
