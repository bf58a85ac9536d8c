// The browser build tested in a real browser: headless Chromium (Debian's) driven by
// playwright-core plays every lesson's first playthrough through the page with keys and clicks,
// checks what the learner sees at each expectation, compares the marks of every step as entered
// with the desktop's `shot --marks`, renders every catalog message through both message engines,
// checks that progress survives a reload and a tab closed mid-move, and takes lesson 1's
// screenshots in each locale. Prints "N passed, N failed"; exit 1 on any failure.
//
// node tests/web/browser_test.mjs --dist build-web/dist --npm build-web/npm
//   --lessonsim build/src/app/lessonsim --samples build/tests/message_samples --out DIR
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => {
  if (a.startsWith('--')) pairs.push([a.slice(2), all[i + 1]]);
  return pairs;
}, []));
for (const need of ['dist', 'npm', 'lessonsim', 'samples', 'out']) {
  if (!args[need]) {
    console.error(`usage: browser_test.mjs --dist D --npm D --lessonsim F --samples F --out D`);
    process.exit(2);
  }
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const require = createRequire(path.resolve(args.npm, 'package.json'));
const { chromium } = require('playwright-core');
const width = 1280, height = 800;
fs.mkdirSync(args.out, { recursive: true });

let passed = 0, failed = 0;
function result(name, problems) {
  if (problems.length === 0) {
    passed++;
    console.log(`ok: ${name}`);
  } else {
    failed++;
    console.log(`FAILED: ${name}`);
    for (const p of problems.slice(0, 20)) console.log(`  ${p}`);
    if (problems.length > 20) console.log(`  ... and ${problems.length - 20} more`);
  }
}

// --- A static server for dist/, as any web server would serve it -------------------------------
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
                '.json': 'application/json', '.webmanifest': 'application/manifest+json',
                '.svg': 'image/svg+xml', '.png': 'image/png', '.data': 'application/octet-stream' };
const server = http.createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = path.join(path.resolve(args.dist), name.endsWith('/') ? name + 'index.html' : name);
  if (!file.startsWith(path.resolve(args.dist)) || !fs.existsSync(file)) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

function run(command, argv, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    // Decoded whole: a chunk may end in the middle of a character.
    const out = [], err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('close', (code) => resolve({ code, out: Buffer.concat(out).toString('utf8'),
                                          err: Buffer.concat(err).toString('utf8') }));
  });
}

// --- The page --------------------------------------------------------------------------------
const browser = await chromium.launch({
  executablePath: process.env.LESSONSIM_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic',
         '--no-first-run', '--disable-background-networking', '--disable-component-update',
         '--disable-sync'],
});
async function new_context() {
  return browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1,
                              serviceWorkers: 'block' });
}
async function open(context, query) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(base + 'index.html' + query);
  await page.waitForFunction(() => globalThis.lessonsim && lessonsim.first_frame_ms !== null,
                             null, { timeout: 30000 });
  await settle(page);
  return { page, errors };
}
// Until the page draws nothing more (its main loop pauses when nothing moves).
async function settle(page) {
  await page.waitForFunction(() => lessonsim.state().running === false, null, { timeout: 20000 });
}
async function frames(page, n = 2) {
  for (let k = 0; k < n; k++) await page.evaluate(() => new Promise(requestAnimationFrame));
}
// A key held for two frames, as a person's press lasts (ImGui 1.86 reads keys once a frame).
async function key(page, name) {
  await page.keyboard.down(name);
  await frames(page);
  await page.keyboard.up(name);
  await settle(page);
}
async function click(page, target) {
  const r = await page.evaluate((t) => lessonsim.target(t), target);
  if (r.w === undefined) return false;
  await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2);
  await frames(page);
  await page.mouse.down();
  await frames(page);
  await page.mouse.up();
  await settle(page);
  return true;
}
const key_names = { '+': '+', '-': '-', '*': '*', '/': '/', '[': '[', ']': ']', '=': '=' };

// One action of a playthrough as a learner does it: a click or a key. `how` counts the ways.
async function perform(page, lesson, action, how) {
  const op = action.do;
  if (op === 'next') {
    if (await click(page, 'continue')) { how.clicks++; return; }
    await key(page, 'Enter'); how.keys++; return;
  }
  if (op === 'back') { await key(page, 'Backspace'); how.keys++; return; }
  if (op === 'undo') { await key(page, 'u'); how.keys++; return; }
  if (op === 'choose') {
    if (await click(page, `choice${action.i + 1}`)) { how.clicks++; return; }
    await key(page, String(action.i + 1)); how.keys++; return;
  }
  if (op === 'goto') {
    // A link into the course opens the step, as `?lesson=&step=` does for a learner.
    await page.evaluate(() => lessonsim.saved());
    await page.goto(base + `index.html?lesson=${lesson.id}&step=${action.step}&locale=${lesson.locale}`);
    await page.waitForFunction(() => globalThis.lessonsim && lessonsim.first_frame_ms !== null);
    await settle(page);
    how.links++;
    return;
  }
  const params = Object.keys(action).filter((k) => k !== 'do');
  const keys = await page.evaluate(() => lessonsim.keys());
  if (params.length === 0 && keys[op]) {
    const c = keys[op][0];
    await key(page, key_names[c] || c);
    how.keys++;
    return;
  }
  if (params.length === 0 && await click(page, op)) { how.clicks++; return; }
  // A number chosen on the machine (set_gpus n=4): applied as the canvas applies its click.
  await page.evaluate((a) => lessonsim.act(a), action);
  await settle(page);
  how.direct++;
}

function check(expect, state, holds) {
  const out = [];
  if (expect.step && state.step !== expect.step) out.push(`step is ${state.step}, not ${expect.step}`);
  if (expect.feedback_contains && !state.feedback.includes(expect.feedback_contains))
    out.push(`feedback ${JSON.stringify(state.feedback)} lacks ${JSON.stringify(expect.feedback_contains)}`);
  if (expect.text_contains && !state.text.includes(expect.text_contains))
    out.push(`text lacks ${JSON.stringify(expect.text_contains)}`);
  if (expect.reveal_shown !== undefined && state.reveal !== expect.reveal_shown)
    out.push(`reveal ${state.reveal}, expected ${expect.reveal_shown}`);
  if (expect.finished !== undefined && state.finished !== expect.finished)
    out.push(`finished ${state.finished}, expected ${expect.finished}`);
  if (expect.correct !== undefined && state.correct !== expect.correct)
    out.push(`answer judged ${state.correct}, expected ${expect.correct}`);
  for (const [what, value] of holds) if (value !== 1) out.push(`${what} does not hold (${value})`);
  return out;
}

function compare_marks(web, desktop) {
  const out = [];
  const a = web.marks || [], b = desktop.marks || [];
  if (a.length !== b.length) return [`${a.length} marks in the browser, ${b.length} on the desktop`];
  a.forEach((m, k) => {
    const d = b[k];
    for (const f of ['quantity', 'unit', 'label', 'broken', 'direction'])
      if (m[f] !== d[f]) out.push(`mark ${k} ${f}: ${JSON.stringify(m[f])} vs ${JSON.stringify(d[f])}`);
    if (Math.abs(m.value - d.value) > 1e-9 * Math.max(1, Math.abs(d.value)))
      out.push(`mark ${k} value ${m.value} vs ${d.value}`);
    for (const f of ['x', 'y', 'w', 'h'])
      if (Math.abs(m[f] - d[f]) > 1) out.push(`mark ${k} (${m.quantity}) ${f}: ${m[f]} vs ${d[f]}`);
  });
  return out;
}

// --- 1. Messages: the browser's engine and ICU give the same text -------------------------------
{
  const desktop = await run(args.samples, [path.join(root, 'assets/i18n')]);
  const context = await new_context();
  const { page } = await open(context, '?no-sw');
  const web = await page.evaluate(() => lessonsim.message_samples());
  await context.close();
  const problems = [];
  let count = 0;
  if (desktop.code !== 0) problems.push(`message_samples failed: ${desktop.err}`);
  else {
    const icu = JSON.parse(desktop.out);
    for (const locale of Object.keys(icu)) {
      for (const [id, texts] of Object.entries(icu[locale])) {
        const ours = (web[locale] || {})[id] || [];
        texts.forEach((t, k) => {
          count++;
          if (ours[k] !== t)
            problems.push(`${locale} ${id} #${k}: ICU ${JSON.stringify(t)}, browser ${JSON.stringify(ours[k])}`);
        });
      }
    }
    if (count === 0) problems.push('no message was rendered');
  }
  result(`messages: ${count} renderings of every catalog message in every locale agree`, problems);
}

// --- 2. Every lesson's first playthrough, with the desktop's marks -------------------------------
const course = JSON.parse(fs.readFileSync(path.join(root, 'lessons/course.json'), 'utf8'));
const lesson_ids = course.lessons.map((l) => [l.id, l.file]);
const how = { keys: 0, clicks: 0, links: 0, direct: 0 };
let steps_compared = 0;
const desktop_checks = [];
let shots = Promise.resolve();
for (const [id, file_name] of lesson_ids) {
  const file = path.join(root, 'lessons', file_name);
  const lesson = JSON.parse(fs.readFileSync(file, 'utf8'));
  const play = lesson.playthroughs[0];
  const locale = play.locale || lesson.locales[0];
  lesson.locale = locale;
  const problems = [];
  const context = await new_context();
  const { page, errors } = await open(context, `?lesson=${id}&locale=${locale}&no-sw`);
  // The marks of each step as entered, and the actions that led there, for the desktop's shot.
  const entered = [];
  const record = async (done) => {
    const s = await page.evaluate(() => lessonsim.state());
    if (entered.length && entered[entered.length - 1].step === s.step) return;
    entered.push({ step: s.step, actions: play.actions.slice(0, done),
                   marks: await page.evaluate(() => lessonsim.marks()) });
  };
  await record(0);
  for (let k = 0; k < play.actions.length; k++) {
    await perform(page, lesson, play.actions[k], how);
    await record(k + 1);
    const state = await page.evaluate(() => lessonsim.state());
    for (const e of play.expect.filter((x) => x.after === k + 1)) {
      const holds = [];
      if (typeof e.holds === 'string')
        holds.push([e.holds, await page.evaluate((c) => lessonsim.holds(c), e.holds)]);
      for (const p of check(e, state, holds)) problems.push(`after action ${k + 1}: ${p}`);
    }
  }
  const end = await page.evaluate(() => lessonsim.state());
  for (const e of play.expect.filter((x) => x.at_end !== undefined)) {
    const holds = [];
    for (const c of [e.at_end, e.holds].filter((c) => typeof c === 'string'))
      holds.push([c, await page.evaluate((x) => lessonsim.holds(x), c)]);
    for (const p of check(e, end, holds)) problems.push(`at the end: ${p}`);
  }
  for (const e of errors) problems.push(`the page said: ${e}`);
  await context.close();
  // The desktop draws the same steps after the same actions, in one shot process, while the
  // browser plays the next lesson.
  const dir = path.join(args.out, id);
  fs.mkdirSync(dir, { recursive: true });
  const first = lesson.steps[0].id;
  const plan = entered.map((e, k) =>
    `${first}|${dir}/${k}.png|${width}x${height}|${locale}|${JSON.stringify(e.actions)}|${dir}/${k}.json`);
  fs.writeFileSync(path.join(dir, 'plan.txt'), plan.join('\n') + '\n');
  // One shot process at a time: xvfb-run -a may pick the same display for two at once.
  shots = shots.then(() => run('xvfb-run', ['-a', '-s', `-screen 0 ${width}x${height}x24`,
                                            args.lessonsim, 'shot', file, '--plan',
                                            path.join(dir, 'plan.txt')]));
  desktop_checks.push(shots.then((done) => {
    if (done.code !== 0) problems.push(`lessonsim shot failed: ${done.err.slice(0, 400)}`);
    else {
      entered.forEach((e, k) => {
        const desktop = JSON.parse(fs.readFileSync(path.join(dir, `${k}.json`), 'utf8'));
        for (const p of compare_marks(e.marks, desktop)) problems.push(`step ${e.step}: ${p}`);
        steps_compared++;
      });
    }
    result(`lesson ${id}: first playthrough "${play.name}" (${locale}), ${play.actions.length} actions, marks of ${entered.length} steps`, problems);
  }));
}
await Promise.all(desktop_checks);
console.log(`actions by key ${how.keys}, by click ${how.clicks}, by link ${how.links}, ` +
            `applied directly (a number picked on the machine) ${how.direct}; ${steps_compared} steps' marks compared`);

// --- 3. Progress survives a reload, and a tab closed in the middle of a move -------------------
{
  const problems = [];
  const context = await new_context();
  let { page } = await open(context, '?lesson=datacenter-split&locale=en&no-sw');
  await key(page, 'Enter');
  await key(page, 'Enter');
  const before = await page.evaluate(() => lessonsim.state());
  await page.evaluate(() => lessonsim.saved());
  await page.reload();
  await page.waitForFunction(() => globalThis.lessonsim && lessonsim.first_frame_ms !== null);
  await settle(page);
  let after = await page.evaluate(() => lessonsim.state());
  if (after.step !== before.step) problems.push(`after a reload the page shows ${after.screen}/${after.step}, not ${before.step}`);
  // A move, and the tab closed at once, before its copy to IndexedDB may have finished.
  await key(page, 'Enter');
  const moved = await page.evaluate(() => lessonsim.state());
  await page.close();
  ({ page } = await open(context, '?lesson=datacenter-split&locale=en&no-sw'));
  after = await page.evaluate(() => lessonsim.state());
  if (after.step !== moved.step && after.step !== before.step)
    problems.push(`after a tab closed mid-move the page shows ${after.step}, neither ${before.step} nor ${moved.step}`);
  const text = await page.evaluate(() => lessonsim.state().text);
  if (/damaged/i.test(text)) problems.push('the store was found damaged');
  await context.close();
  result('progress: kept over a reload and over a tab closed mid-move', problems);
}

// --- 4. Lesson 1 in each locale, to look at -----------------------------------------------------
{
  const lesson = JSON.parse(fs.readFileSync(path.join(root, 'lessons/datacenter-split.json'), 'utf8'));
  const problems = [];
  for (const locale of lesson.locales) {
    const context = await new_context();
    const { page } = await open(context, `?lesson=datacenter-split&step=drive&locale=${locale}&no-sw`);
    await page.screenshot({ path: path.join(args.out, `lesson1-drive-${locale}.png`) });
    const s = await page.evaluate(() => lessonsim.state());
    if (s.step !== 'drive' || s.locale !== locale) problems.push(`${locale}: shows ${s.step} in ${s.locale}`);
    await context.close();
  }
  result(`screenshots: lesson 1 in ${lesson.locales.join(', ')} (${args.out}/lesson1-*.png)`, problems);
}

await browser.close();
server.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
