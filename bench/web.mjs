#!/usr/bin/env node
/**
 * What a visitor's browser moves over the wire, per page, and Lighthouse's scores (issue 17 §2).
 *
 *   npm run bench:web                       # npm run build, then this file
 *   node bench/web.mjs [--runs 1] [--no-lighthouse] [--pages /,/demo,/login,/dashboard]
 *
 * Starts the platform as `npm start` does (scripts/start.mjs, random port, fresh data directory), then in
 * Debian's Chromium (playwright-core) loads each page in a fresh profile and sums the encoded bytes of every
 * response (Chrome DevTools Protocol `Network.loadingFinished.encodedDataLength`: headers + body as sent,
 * i.e. compressed), by type; then visits the page again in the same profile and lists what was downloaded
 * again (a 304 downloads nothing). /dashboard is loaded signed in (an account registered through the API).
 * Lighthouse (mobile preset: simulated slow 4G and 4× CPU slowdown) runs on the public pages; its score is a
 * simulation scaled from what the host's CPU took, so the bench also prints the host's `benchmarkIndex` and
 * measures the page itself under Chromium's own CPU throttling (DevTools `Emulation.setCPUThrottlingRate`, 4×,
 * `--throttle 4,6` for more): every long task (≥ 50 ms, Long Tasks API) until the page is quiet for 5 s, the total
 * blocking time after the first contentful paint (Σ of each task's part over 50 ms, as Lighthouse counts it) and
 * the longest task (issue 33).
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { longTasksWhenQuiet, throttledPhonePage } from './phone-page.mjs';
import { launchPlatform } from '../scripts/lib/launch.mjs';
import { freePort } from '../scripts/lib/ports.mjs';
import { appContext } from './app-context.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    pages: { type: 'string', default: '/,/demo,/login,/dashboard' },
    'no-lighthouse': { type: 'boolean', default: false },
    throttle: { type: 'string', default: '4' },
    verbose: { type: 'boolean', default: false },
  },
});

/** Targets of issue 17: JavaScript on the wire (KB = 1,000 bytes) and Lighthouse scores. */
const JS_TARGET_KB = { '/': 120, '/login': 100, '/dashboard': 250 };
const LIGHTHOUSE_PAGES = new Set(['/', '/demo', '/login']);
const LIGHTHOUSE_TARGET = 95;
/** Issue 33, at 4× DevTools CPU throttling: total blocking time and longest task (ms). */
const THROTTLED_TARGET = { tbt: 200, longest: 150 };
const QUIET_MS = 5_000;
const SIGNED_IN_PAGES = new Set(['/dashboard']);

const kb = (bytes) => (bytes / 1000).toFixed(1);

/** Loads `url` in `page` and returns every response with its bytes on the wire. */
async function loadAndMeasure(page, url) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map();
  const fromCache = new Set();
  // The status on the wire: a revalidation the server answered 304 shows as the cached 200 in responseReceived.
  const wireStatus = new Map();
  cdp.on('Network.requestServedFromCache', (e) => fromCache.add(e.requestId));
  cdp.on('Network.responseReceivedExtraInfo', (e) => wireStatus.set(e.requestId, e.statusCode));
  cdp.on('Network.responseReceived', (e) => {
    responses.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      status: e.response.status,
      cached: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache || fromCache.has(e.requestId)),
      encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '',
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  await cdp.detach();
  for (const [id, r] of responses) if (wireStatus.get(id) === 304) r.status = 304;
  return [...responses.values()].filter((r) => r.url.startsWith('http'));
}

function summarise(responses) {
  const sum = (pred) => responses.filter(pred).reduce((s, r) => s + r.bytes, 0);
  const isApi = (r) => new URL(r.url).pathname.startsWith('/api/') || r.url.includes('/socket.io/');
  const scripts = responses.filter((r) => r.type === 'Script');
  return {
    js: sum((r) => r.type === 'Script'),
    css: sum((r) => r.type === 'Stylesheet'),
    html: sum((r) => r.type === 'Document'),
    api: sum(isApi),
    total: sum(() => true),
    scripts: scripts.length,
    uncompressed: scripts.filter((r) => !r.encoding && !r.cached && r.status === 200).map((r) => r.url),
    requests: responses.length,
  };
}

/**
 * What a second visit fetched again from the server (not the API, nor the socket): should be index.html only.
 * A revalidation answered 304 (headers only) is listed as such, not as a download.
 */
function downloadedAgain(responses) {
  return responses
    .filter((r) => !r.cached)
    .filter((r) => !new URL(r.url).pathname.startsWith('/api/') && !r.url.includes('/socket.io/'))
    .map(
      (r) =>
        `${new URL(r.url).pathname} (${r.status === 304 ? '304, revalidated' : r.status}, ${kb(r.bytes)} KB)`,
    );
}

/**
 * Loads `url` in a fresh context with the CPU slowed down `rate` times (DevTools throttling, a phone-sized
 * viewport) and collects the long tasks until none came for QUIET_MS (at most 40 s).
 */
async function throttledLoad(browser, url, rate) {
  const { context, page } = await throttledPhonePage(browser, rate);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await longTasksWhenQuiet(page, QUIET_MS);
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: globalThis.__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    let tbt = 0;
    for (const [start, duration] of tasks) {
      const end = start + duration;
      if (end <= fcp) continue;
      const from = Math.max(start, fcp);
      if (end - from > 50) tbt += end - from - 50;
    }
    return { rate, fcp, tbt, longest: tasks.reduce((m, [, d]) => Math.max(m, d), 0), tasks: tasks.length };
  } finally {
    await context.close();
  }
}

async function registerAccount(baseUrl) {
  const id = randomUUID().slice(0, 8);
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: `Bench ${id}`,
      email: `bench-web-${id}@exemplo.com.br`,
      password: `senha-${id}-bench`,
    }),
  });
  if (res.status !== 201) throw new Error(`cadastro pela API falhou: ${res.status} ${await res.text()}`);
  return res.json();
}

async function runLighthouse(url) {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result.lhr;
    // LIGHTHOUSE_JSON=/tmp/lh-{page}.json keeps each page's report ({page}: 'index', 'demo', 'login'…).
    if (process.env.LIGHTHOUSE_JSON) {
      const page = new URL(url).pathname.slice(1).replaceAll('/', '-') || 'index';
      (await import('node:fs')).writeFileSync(
        process.env.LIGHTHOUSE_JSON.replaceAll('{page}', page),
        result.report,
      );
    }
    const failing = (cat) =>
      lhr.categories[cat].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => a.id);
    return {
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      failing: [...failing('performance'), ...failing('accessibility')],
      runtimeError: lhr.runtimeError?.message,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  const pages = args.pages.split(',').map((p) => p.trim());
  const runs = Math.max(1, Number(args.runs));
  const started = Date.now();
  console.log(
    `bench/web: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${os.loadavg()[0].toFixed(2)}`,
  );
  const platform = await launchPlatform();
  let browser;
  const stopAll = async () => {
    await browser?.close().catch(() => {});
    await platform.stop();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const account = pages.some((p) => SIGNED_IN_PAGES.has(p))
      ? await registerAccount(platform.baseUrl)
      : null;
    const rows = [];
    for (let run = 1; run <= runs; run++) {
      for (const path of pages) {
        const context = await appContext(browser, SIGNED_IN_PAGES.has(path) ? account : undefined);
        const page = await context.newPage();
        const firstResponses = await loadAndMeasure(page, platform.baseUrl + path);
        const first = summarise(firstResponses);
        if (args.verbose) {
          for (const r of firstResponses
            .filter((x) => x.type === 'Script')
            .sort((a, b) => b.bytes - a.bytes)) {
            console.log(
              `      ${kb(r.bytes).padStart(6)} KB ${r.encoding || 'identity'} ${new URL(r.url).pathname}`,
            );
          }
        }
        const landed = new URL(page.url()).pathname;
        await page.goto('about:blank');
        const again = downloadedAgain(await loadAndMeasure(page, platform.baseUrl + path));
        await context.close();
        const lh =
          !args['no-lighthouse'] && LIGHTHOUSE_PAGES.has(path)
            ? await runLighthouse(platform.baseUrl + path)
            : null;
        const throttled = [];
        if (LIGHTHOUSE_PAGES.has(path))
          for (const rate of args.throttle.split(',').map(Number))
            throttled.push(await throttledLoad(browser, platform.baseUrl + path, rate));
        rows.push({ run, path, landed, first, again, lh, throttled });
        const target = JS_TARGET_KB[path];
        console.log(
          [
            `run ${run} ${path.padEnd(10)}`,
            landed !== path ? `(landed on ${landed}!)` : '',
            `JS ${kb(first.js).padStart(6)} KB in ${first.scripts} files`,
            target
              ? `(target ≤ ${target} KB: ${first.js / 1000 <= target ? 'met' : `MISSED by ${kb(first.js - target * 1000)} KB`})`
              : '',
            `| CSS ${kb(first.css)} KB | HTML ${kb(first.html)} KB | API ${kb(first.api)} KB | all ${kb(first.total)} KB in ${first.requests} requests`,
            `| again: ${again.length === 0 ? 'nothing' : again.join(', ')}`,
            first.uncompressed.length ? `| NOT compressed: ${first.uncompressed.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join(' '),
        );
        for (const t of throttled) {
          const ok =
            t.rate !== 4
              ? ''
              : t.tbt <= THROTTLED_TARGET.tbt && t.longest <= THROTTLED_TARGET.longest
                ? ' (TBT ≤ 200 ms, longest ≤ 150 ms: met)'
                : ' (TBT ≤ 200 ms, longest ≤ 150 ms: MISSED)';
          console.log(
            `      CPU ${t.rate}× (DevTools): TBT ${Math.round(t.tbt)} ms, longest task ${Math.round(t.longest)} ms, ${t.tasks} long tasks, FCP ${Math.round(t.fcp)} ms${ok}`,
          );
        }
        if (lh) {
          const ok = (s) => (s >= LIGHTHOUSE_TARGET ? 'met' : 'MISSED');
          console.log(
            `      Lighthouse (mobile, host benchmarkIndex ${lh.benchmarkIndex ?? '?'}): performance ${lh.performance} (${ok(lh.performance)}), accessibility ${lh.accessibility} (${ok(lh.accessibility)}) ` +
              `| FCP ${Math.round(lh.fcp)} ms, LCP ${Math.round(lh.lcp)} ms, TBT ${Math.round(lh.tbt)} ms, CLS ${lh.cls.toFixed(3)}` +
              (lh.failing.length ? ` | below 0.9: ${lh.failing.join(', ')}` : '') +
              (lh.runtimeError ? ` | ERROR ${lh.runtimeError}` : ''),
          );
        }
      }
    }
    console.log(
      '\n| page | JS KB (wire) | target | CSS KB | all KB | requests | repeat visit downloads | LH performance | LH accessibility | LH TBT ms | benchmarkIndex | TBT ms at 4× | longest task ms at 4× |',
    );
    console.log('| --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      const target = JS_TARGET_KB[r.path];
      const at4 = r.throttled.find((t) => t.rate === 4);
      console.log(
        `| ${r.path} | ${kb(r.first.js)} | ${target ? `≤ ${target}: ${r.first.js / 1000 <= target ? 'met' : 'MISSED'}` : '—'} | ${kb(r.first.css)} | ${kb(r.first.total)} | ${r.first.requests} | ${r.again.length ? r.again.join(', ') : 'nothing'} | ${r.lh?.performance ?? '—'} | ${r.lh?.accessibility ?? '—'} | ${r.lh ? Math.round(r.lh.tbt) : '—'} | ${r.lh?.benchmarkIndex ?? '—'} | ${at4 ? Math.round(at4.tbt) : '—'} | ${at4 ? Math.round(at4.longest) : '—'} |`,
      );
    }
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `\n${((Date.now() - started) / 1000).toFixed(0)} s; reproduce: node bench/web.mjs --runs ${runs} --pages ${pages.join(',')} --throttle ${args.throttle}`,
    );
  } finally {
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
