// The browser build's budgets, as rows of bench/run's table: what a learner downloads (gzip, the
// way a web server sends it), the first frame after load in headless Chromium (median of 5 loads
// in fresh profiles), and the frames drawn by an idle page over 3 s.
// node bench/web.mjs DIST NPM_DIR   (scripts/web --build makes both)
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const [dist, npm] = process.argv.slice(2);
if (!dist || !npm) {
  console.error('usage: node bench/web.mjs DIST NPM_DIR');
  process.exit(2);
}
const require = createRequire(path.resolve(npm, 'package.json'));
const { chromium } = require('playwright-core');

// The page's files, each gzipped at level 9 as a static server would send them.
let raw = 0, gzipped = 0;
for (const name of fs.readdirSync(dist)) {
  const bytes = fs.readFileSync(path.join(dist, name));
  raw += bytes.length;
  gzipped += zlib.gzipSync(bytes, { level: 9 }).length;
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = http.createServer((req, res) => {
  const name = new URL(req.url, 'http://x').pathname;
  const file = path.join(dist, name === '/' ? 'index.html' : name);
  if (!fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/index.html?no-sw`;
const browser = await chromium.launch({
  executablePath: process.env.LESSONSIM_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic',
         '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
const firsts = [];
let idle_frames = -1;
for (let k = 0; k < 5; k++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => globalThis.lessonsim && lessonsim.first_frame_ms !== null,
                             null, { timeout: 60000 });
  firsts.push(await page.evaluate(() => lessonsim.first_frame_ms));
  if (k === 0) {
    await page.waitForFunction(() => lessonsim.state().running === false);
    const before = await page.evaluate(() => lessonsim.state().frames);
    await page.waitForTimeout(3000);
    idle_frames = (await page.evaluate(() => lessonsim.state().frames)) - before;
  }
  await context.close();
}
await browser.close();
server.close();
firsts.sort((a, b) => a - b);
const median = firsts[2] / 1000;
const mb = (n) => (n / 1e6).toFixed(2);
console.log(`| the browser build, what a learner downloads (gzip) | ${mb(gzipped)} MB (${mb(raw)} MB unpacked) | ≤ 3 MB |`);
console.log(`| the browser build, first frame after load, headless Chromium, median of 5 | ${median.toFixed(2)} s (${firsts.map((f) => (f / 1000).toFixed(2)).join(', ')}) | ≤ 2 s |`);
console.log(`| the browser build, frames drawn by an idle page in 3 s | ${idle_frames} | 0 |`);
process.exit(gzipped <= 3e6 && median <= 2 && idle_frames === 0 ? 0 : 1);
