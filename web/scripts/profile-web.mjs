// npm run bench:web:profile — where the main thread's time goes on a page's first load. Starts the built gateway as
// bench-web.mjs does (same env, BENCH_WEB_GATEWAY honoured), opens each page in Chromium (playwright-core, mobile
// viewport, 4× CPU throttling) under the CDP sampling profiler, maps the samples to the original sources through the
// build's hidden source maps, and prints per page: busy ms, time per category (self | inclusive), the 30 functions
// with the most self time, and the long tasks with their 5 heaviest functions (inclusive).
// PROFILE_PAGES=dashboard,property,history,auth (default: dashboard,property,auth) picks the pages; PROFILE_OUT=<dir> (default: a new
// temporary directory) receives one .cpuprofile per page (open it in Chrome DevTools) and the report;
// PROFILE_COVERAGE=1 adds a second, unthrottled load of each page with precise coverage: the call counts.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH, GATEWAY_MAIN, signedInVisitor, startGateway } from './bench-web.mjs';

const PAGES = (process.env.PROFILE_PAGES ?? 'dashboard,property,auth').split(',').filter(Boolean);
const OUT = process.env.PROFILE_OUT ?? fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-profile-web-'));
const COVERAGE = process.env.PROFILE_COVERAGE === '1';
// The web/dist this gateway serves (gateway/src/http/static-web.ts), and the checkout its sources are named from.
const CHECKOUT = path.resolve(path.dirname(GATEWAY_MAIN), '..', '..');
const WEB_DIST = path.join(CHECKOUT, 'web', 'dist');
const CPU_THROTTLING = 4;
const SAMPLING_INTERVAL_US = 100;
// After the load's network is idle, what the page still does (effects, subscriptions, lazy chunks).
const SETTLE_MS = 2000;
const MOBILE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};
// Frames that are no function of the page: never counted among a stack's functions.
const PSEUDO_FRAME = /^\((root|program|idle)\)$/;

// Category of a frame by its original source (first match wins); sources outside these fall back to categorize().
const CATEGORY_RULES = [
  [/^node_modules\/react-dom\//, 'react-dom'],
  [/^node_modules\/scheduler\//, 'scheduler'],
  [/^node_modules\/react\//, 'react'],
  [/^node_modules\/react-router/, 'react-router'],
  [
    /^node_modules\/@apollo\/client\/cache\/inmemory\/(writeToStore|policies|helpers|key-extractor)/,
    'apollo:cache-write',
  ],
  [/^node_modules\/@apollo\/client\/cache\/inmemory\/(readFromStore|entityStore)/, 'apollo:cache-read'],
  [/^node_modules\/@apollo\/client\/cache\/(inmemory\/inMemoryCache|core\/cache)/, 'apollo:cache-broadcast'],
  [/^node_modules\/@apollo\/client\/cache\//, 'apollo:cache-other'],
  [/^node_modules\/@apollo\/client\/core\//, 'apollo:query-manager'],
  [/^node_modules\/@apollo\/client\/link\//, 'apollo:link'],
  [/^node_modules\/@apollo\/client\/react\//, 'apollo:react-hooks'],
  [/^node_modules\/@apollo\/client\/utilities\//, 'apollo:utilities'],
  [/^node_modules\/@apollo\/client\//, 'apollo:other'],
  [/^node_modules\/(optimism|@wry)\//, 'apollo deps (optimism, @wry)'],
  [/^node_modules\/graphql-ws\//, 'graphql-ws'],
  [/^node_modules\/graphql\//, 'graphql'],
];

/** The category of a resolved frame: a rule above, a package, one of our workspaces, or what V8 calls it. */
function categorize(src, native) {
  if (native) {
    const special = { '(idle)': 'idle', '(program)': 'program', '(garbage collector)': 'GC', '(root)': 'root' }[src];
    return special ?? 'native';
  }
  const rule = CATEGORY_RULES.find(([re]) => re.test(src));
  if (rule) return rule[1];
  const pkg = src.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (pkg) return pkg[1];
  const workspace = src.match(/^(\w+)\/src\//);
  if (workspace) return `ours:${workspace[1]}`;
  if (src.startsWith('module:')) return 'module evaluation';
  return 'unmapped';
}

const sourceMaps = new Map();
/** The source map of a built chunk (by its URL) and its sources' lines, or null (no map, not one of ours). */
function sourceMapOf(scriptUrl) {
  const file = assetFile(scriptUrl);
  if (!file) return null;
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    let entry = null;
    if (fs.existsSync(mapFile)) {
      const payload = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
      const lines = new Map(payload.sources.map((s, i) => [s, payload.sourcesContent?.[i]?.split('\n')]));
      entry = { map: new SourceMap(payload), lines, dir: path.dirname(file) };
    }
    sourceMaps.set(file, entry);
  }
  return sourceMaps.get(file);
}

/** The file of web/dist/assets a script URL names, or null. */
function assetFile(scriptUrl) {
  const pathname = URL.canParse(scriptUrl) ? new URL(scriptUrl).pathname : '';
  return pathname.startsWith('/assets/') && pathname.endsWith('.js') ? path.join(WEB_DIST, pathname) : null;
}

/** A function's name read in its original source around a position, for when the map gives none or a short one. */
function nameAt(lines, line, column) {
  const text = (lines?.[line] ?? '').slice(Math.max(0, column - 40));
  const match =
    text.match(/function\s*\*?\s*([\w$]+)/) ??
    text.match(/([\w$]+)\s*[:=]\s*(?:async\s*)?(?:function|\([^)]*\)\s*=>|[\w$]+\s*=>)/) ??
    text.match(/(?:async\s+|get\s+|set\s+|static\s+)*(?<![\w$#])(?!function\b)([\w$#]+)\s*\([^)]*\)\s*\{/);
  return match?.[1];
}

const frames = new Map();
/** A V8 call frame → { fn, src, line, native, category, label }, in the original sources when the chunk has a map. */
function resolveFrame({ url, functionName, lineNumber, columnNumber }) {
  const key = `${url}|${lineNumber}|${columnNumber}|${functionName}`;
  if (frames.has(key)) return frames.get(key);
  const pathname = URL.canParse(url) ? new URL(url).pathname : url;
  const frame = { fn: functionName || '(anonymous)', src: pathname || functionName || '(native)', native: !url };
  const sourceMap = url && sourceMapOf(url);
  if (sourceMap && lineNumber === 0 && columnNumber === 0 && !functionName) {
    frame.fn = '(module top level)';
    frame.src = `module:${path.basename(url).replace(/-[\w-]{8}\.js$/, '')}`;
  } else if (sourceMap) {
    const origin = sourceMap.map.findEntry(lineNumber, columnNumber);
    if (origin.originalSource) {
      const short = !origin.name || origin.name.length <= 2;
      const read =
        short && nameAt(sourceMap.lines.get(origin.originalSource), origin.originalLine, origin.originalColumn);
      frame.fn = read || origin.name || functionName || '(anonymous)';
      frame.src = path.relative(CHECKOUT, path.resolve(sourceMap.dir, origin.originalSource)).split(path.sep).join('/');
      frame.line = origin.originalLine + 1;
    }
  }
  frame.category = categorize(frame.src, frame.native);
  frame.label = `${frame.fn}  [${frame.src}${frame.line ? `:${frame.line}` : ''}]`;
  frames.set(key, frame);
  return frame;
}

/** A new mobile context (with the visitor's session cookie if any) whose page already shows the gateway's origin. */
async function openPage(browser, base, visitor) {
  const context = await browser.newContext(MOBILE);
  if (visitor) {
    const cookies = visitor.cookie.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
    });
    await context.addCookies(cookies);
  }
  const page = await context.newPage();
  // A same-origin page first, so that the renderer (and the profiler attached to it) stays for the real navigation.
  await page.goto(`${base}/readyz`);
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** Loads url under the throttled sampling profiler: the profile, the page's metrics and its long tasks. */
async function profilePage(browser, base, url, visitor) {
  const { context, page, cdp } = await openPage(browser, base, visitor);
  await page.addInitScript(() => {
    globalThis.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) globalThis.__longTasks.push({ startTime: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await cdp.send('Profiler.start');
  await page.goto(base + url, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
  const { profile } = await cdp.send('Profiler.stop');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const longTasks = await page.evaluate(() => globalThis.__longTasks);
  const finalUrl = page.url();
  await context.close();
  return { profile, metrics: Object.fromEntries(metrics.map((m) => [m.name, m.value])), longTasks, finalUrl, errors };
}

/** Loads url unthrottled with precise coverage: each script's functions with their call counts. */
async function coveragePage(browser, base, url, visitor) {
  const { context, page, cdp } = await openPage(browser, base, visitor);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await page.goto(base + url, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
  const { result } = await cdp.send('Profiler.takePreciseCoverage');
  await context.close();
  return result;
}

/** Each sample of a profile: its time (µs, the profile's clock), its weight (ms, until the next) and stack (leaf first). */
function samplesOf(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const stacks = new Map();
  const stackOf = (id) => {
    if (!stacks.has(id)) {
      const stack = [];
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(resolveFrame(nodes.get(cur).callFrame));
      stacks.set(id, stack);
    }
    return stacks.get(id);
  };
  let t = profile.startTime;
  const times = profile.timeDeltas.map((d) => (t += d));
  return profile.samples.map((id, i) => ({
    t: times[i],
    w: i + 1 < times.length ? (times[i + 1] - times[i]) / 1000 : 0,
    stack: stackOf(id),
  }));
}

/** Adds w to the total of each distinct key of one sample (inclusive time counts a function once per sample). */
function addOnce(totals, keys, w) {
  for (const key of new Set(keys)) totals.set(key, (totals.get(key) ?? 0) + w);
}

/** A map's n largest entries. */
function top(totals, n) {
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, n);
}

/** Milliseconds, right-aligned for the report's columns. */
const ms = (v) => v.toFixed(1).padStart(8);

/** The report of one page's profile: busy time, categories, top self-time functions, long tasks. */
function profileReport(name, result) {
  const samples = samplesOf(result.profile);
  const self = new Map();
  const selfCategory = new Map();
  const inclusiveCategory = new Map();
  for (const { w, stack } of samples) {
    addOnce(self, [stack[0].label], w);
    addOnce(selfCategory, [stack[0].category], w);
    addOnce(
      inclusiveCategory,
      stack.map((f) => f.category),
      w,
    );
  }
  const total = samples.reduce((sum, s) => sum + s.w, 0);
  const busy = total - (selfCategory.get('idle') ?? 0);
  const m = result.metrics;
  const lines = [
    `\n==================== ${name} ====================`,
    `final URL ${result.finalUrl}; profile ${total.toFixed(0)} ms, ${samples.length} samples, CPU ×${CPU_THROTTLING}`,
    `busy (not idle) ${busy.toFixed(0)} ms; Chromium's metrics: tasks ${(m.TaskDuration * 1000).toFixed(0)} ms, ` +
      `script ${(m.ScriptDuration * 1000).toFixed(0)} ms, layout ${(m.LayoutDuration * 1000).toFixed(0)} ms, ` +
      `style ${(m.RecalcStyleDuration * 1000).toFixed(0)} ms`,
    ...result.errors.slice(0, 10).map((e) => `page error: ${e}`),
    '\n-- categories (ms): self | inclusive (a frame of the stack in the category) --',
    ...top(inclusiveCategory, Infinity)
      .filter(([c]) => c !== 'root')
      .map(([c, v]) => `${ms(selfCategory.get(c) ?? 0)} | ${ms(v)}  ${c}`),
    '\n-- top 30 functions by self time (ms) --',
    ...top(self, Infinity)
      .filter(([label]) => !label.startsWith('(idle)'))
      .slice(0, 30)
      .map(([label, v]) => `${ms(v)}  ${label}`),
    ...longTaskReport(samples, result.longTasks, m.NavigationStart * 1e6),
  ];
  return lines.join('\n') + '\n';
}

/** Each long task (PerformanceObserver, ms since navigation) with its profile samples' 5 heaviest functions. */
function longTaskReport(samples, longTasks, navigationStartUs) {
  const lines = [`\n-- long tasks (> 50 ms at ×${CPU_THROTTLING}): top 5 functions, inclusive (ms) --`];
  for (const task of longTasks) {
    const from = navigationStartUs + task.startTime * 1000;
    const to = from + task.duration * 1000;
    const inclusive = new Map();
    let busy = 0;
    for (const { t, w, stack } of samples) {
      if (t < from || t >= to || stack[0].category === 'idle') continue;
      busy += w;
      addOnce(
        inclusive,
        stack.filter((f) => !PSEUDO_FRAME.test(f.src)).map((f) => f.label),
        w,
      );
    }
    lines.push(
      `* at ${task.startTime.toFixed(0)} ms, ${task.duration.toFixed(0)} ms (${busy.toFixed(0)} ms busy in the profile)`,
      ...top(inclusive, 5).map(([label, v]) => `  ${ms(v)}  ${label}`),
    );
  }
  if (longTasks.length === 0) lines.push('(none)');
  return lines;
}

/** Offsets of each line's start in a built chunk, to turn coverage offsets into line and column. */
function lineStartsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The report of one page's call counts: our functions, our components, and the dependencies' functions. */
function coverageReport(name, coverage) {
  const counts = [];
  for (const script of coverage) {
    const file = assetFile(script.url);
    if (!file || !fs.existsSync(file)) continue;
    const starts = lineStartsOf(file);
    for (const fn of script.functions) {
      const { startOffset, count } = fn.ranges[0];
      if (count === 0 || startOffset === 0) continue;
      const line = starts.findLastIndex((s) => s <= startOffset);
      const frame = resolveFrame({
        url: script.url,
        functionName: fn.functionName,
        lineNumber: line,
        columnNumber: startOffset - starts[line],
      });
      counts.push({ ...frame, count });
    }
  }
  counts.sort((a, b) => b.count - a.count);
  const ours = counts.filter((c) => c.category.startsWith('ours:'));
  const sections = [
    ['our functions', ours],
    [
      'our components (capitalised functions of .tsx files)',
      ours.filter((c) => /\.tsx$/.test(c.src) && /^[A-Z]/.test(c.fn)),
    ],
    ['dependencies', counts.filter((c) => c.src.startsWith('node_modules/'))],
  ];
  const lines = [`\n-- ${name}: call counts (a second, unthrottled load with precise coverage) --`];
  for (const [title, rows] of sections) {
    lines.push(`${title}, top 30:`, ...rows.slice(0, 30).map((c) => `${String(c.count).padStart(8)}  ${c.label}`));
  }
  return lines.join('\n') + '\n';
}

/** Profiles the pages of PROFILE_PAGES, printing each report and writing it with the .cpuprofile files to OUT. */
async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const gateway = await startGateway();
  let report = '';
  try {
    const visitor = await signedInVisitor(gateway.base);
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.split(' ') });
    try {
      const pages = [
        { key: 'dashboard', name: '/dashboard (signed in)', url: '/dashboard', visitor },
        { key: 'property', name: '/property/{id} (signed in)', url: `/property/${visitor.propertyId}`, visitor },
        { key: 'history', name: '/history (signed in)', url: '/history', visitor },
        { key: 'auth', name: '/auth (signed out)', url: '/auth' },
      ].filter((page) => PAGES.includes(page.key));
      for (const page of pages) {
        const result = await profilePage(browser, gateway.base, page.url, page.visitor);
        fs.writeFileSync(path.join(OUT, `${page.key}.cpuprofile`), JSON.stringify(result.profile));
        let text = profileReport(page.name, result);
        if (COVERAGE)
          text += coverageReport(page.name, await coveragePage(browser, gateway.base, page.url, page.visitor));
        process.stdout.write(text);
        report += text;
      }
    } finally {
      await browser.close();
    }
  } finally {
    await gateway.stop();
  }
  const reportFile = path.join(OUT, `report-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
  fs.writeFileSync(reportFile, report);
  console.log(`\nCPU profiles and report in ${OUT}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
