#!/usr/bin/env node
/**
 * What runs in the long tasks of a page's first load on a slow phone (issue 33): a Chromium trace at DevTools CPU
 * throttling, summarised per long task.
 *
 *   node bench/web-trace.mjs [--pages /,/demo,/login] [--throttle 4] [--base http://localhost:3000] [--runs 1]
 *                            [--dist web/dist] [--save /tmp/trace-{page}.json]
 *
 * Without --base it starts the platform as bench/web.mjs does (scripts/start.mjs, fresh data directory; WEB_DIST_DIR
 * picks another build). Each page is loaded in a fresh phone-sized context, as bench/web.mjs's throttled load,
 * traced (`devtools.timeline` and V8's sampling profiler) until no long task came for 5 s. For each main-thread
 * task of 50 ms or more it prints its duration, what it is made of (script evaluation and compilation, timers,
 * events, style, layout, paint, garbage collection) and where its JavaScript time went, by source module (the
 * profiler's samples mapped through the build's source maps, web/dist/assets/*.js.map). The trace itself costs
 * some time: read the figures as proportions, and bench/web.mjs's for the totals.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { longTasksWhenQuiet, throttledPhonePage } from './phone-page.mjs';
import { launchPlatform } from '../scripts/lib/launch.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/demo,/login' },
    throttle: { type: 'string', default: '4' },
    base: { type: 'string' },
    runs: { type: 'string', default: '1' },
    dist: { type: 'string', default: process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist') },
    save: { type: 'string' },
    'min-task': { type: 'string', default: '50' },
  },
});

const QUIET_MS = 5_000;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
  'toplevel',
];

// ---- source maps (a small decoder: base64 VLQ, the fields a lookup needs) ----

const B64 = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

function decodeMappings(mappings) {
  const lines = [];
  let src = 0;
  for (const line of mappings.split(';')) {
    const segs = [];
    let col = 0;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64[ch];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += values[0];
      if (values.length > 1) {
        src += values[1];
        segs.push([col, src]);
      } else segs.push([col, -1]);
    }
    lines.push(segs);
  }
  return lines;
}

const maps = new Map();
function sourceOf(url, line, column) {
  const file = new URL(url).pathname.replace(/^\//, '');
  if (!maps.has(file)) {
    const mapFile = path.join(args.dist, `${file}.map`);
    if (!existsSync(mapFile)) maps.set(file, null);
    else {
      const m = JSON.parse(readFileSync(mapFile, 'utf8'));
      maps.set(file, { sources: m.sources, lines: decodeMappings(m.mappings) });
    }
  }
  const m = maps.get(file);
  if (!m) return file;
  const segs = m.lines[line] ?? [];
  let found = -1;
  for (const [col, src] of segs) {
    if (col > column) break;
    found = src;
  }
  if (found < 0) return `${file} (?)`;
  return m.sources[found]
    .replace(/^(\.\.\/)+/, '')
    .replace(/^node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    .replace(/^.*node_modules\//, 'node_modules/');
}

// ---- the trace ----

async function tracedLoad(browser, url, rate) {
  const { context, page, cdp } = await throttledPhonePage(browser, rate);
  try {
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' },
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await longTasksWhenQuiet(page, QUIET_MS);
    const observed = await page.evaluate(() => ({
      tasks: globalThis.__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    await cdp.send('Tracing.end');
    await complete;
    return { events, observed };
  } finally {
    await context.close();
  }
}

const ms = (us) => (us / 1000).toFixed(0);

/** A stack frame of the trace (1-based line and column) as its source module. */
function frame(f) {
  const where = f.url?.startsWith('http') ? sourceOf(f.url, f.lineNumber - 1, f.columnNumber - 1) : f.url;
  return `${f.functionName || '(anonymous)'} (${where})`;
}

/** Names worth listing inside a task, with what identifies them. */
function label(e) {
  const d = e.args?.data ?? e.args?.beginData ?? {};
  const short = (u) => (u ? new URL(u).pathname.replace(/^\/assets\//, '') : '');
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${e.name} ${short(d.url ?? e.args?.fileName)}`;
    case 'FunctionCall':
      return `FunctionCall ${d.functionName || '(anonymous)'} ${short(d.url)}`;
    case 'EventDispatch':
      return `EventDispatch ${d.type}`;
    case 'TimerFire':
      return 'TimerFire';
    case 'ParseHTML':
      return 'ParseHTML';
    case 'Layout': {
      // A layout JavaScript asked for (a forced reflow) carries the stack that asked.
      const top = e.args?.beginData?.stackTrace?.[0];
      return top ? `Layout forced by ${frame(top)}` : 'Layout';
    }
    case 'UpdateLayoutTree': {
      const top = e.args?.beginData?.stackTrace?.[0];
      return top ? `UpdateLayoutTree forced by ${frame(top)}` : e.name;
    }
    default:
      return e.name;
  }
}

const INTERESTING = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'V8.GCFinalizeMC',
  'RunMicrotasks',
  'XHRReadyStateChange',
  'ResourceReceivedData',
  'ResourceFinish',
  'IntersectionObserverController::computeIntersections',
  'v8.callFunction',
  'v8.run',
]);

function analyse(events, url, minTaskMs) {
  const threads = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  // The renderer that parsed this page.
  const parse = events.find((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(url));
  const main = parse
    ? { pid: parse.pid, tid: parse.tid }
    : threads[0] && { pid: threads[0].pid, tid: threads[0].tid };
  if (!main) return { tasks: [], note: 'no renderer main thread in the trace' };
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur >= minTaskMs * 1000);

  // CPU profile samples of that renderer: ProfileChunk events (nodes grow chunk by chunk), timeDeltas in µs.
  const nodes = new Map();
  const samples = [];
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== main.pid) continue;
    if (e.name === 'Profile') profiles.set(e.id, { time: e.args.data.startTime });
    if (e.name !== 'ProfileChunk') continue;
    const p = profiles.get(e.id) ?? { time: e.ts };
    profiles.set(e.id, p);
    const cpu = e.args.data.cpuProfile ?? {};
    for (const n of cpu.nodes ?? []) nodes.set(`${e.id}:${n.id}`, { ...n, key: `${e.id}:${n.id}` });
    const deltas = e.args.data.timeDeltas ?? [];
    (cpu.samples ?? []).forEach((id, i) => {
      p.time += deltas[i] ?? 0;
      samples.push({ ts: p.time, node: `${e.id}:${id}` });
    });
  }
  const interval = samples.length > 1 ? (samples.at(-1).ts - samples[0].ts) / samples.length : 0;

  const start0 = parse?.ts ?? tasks[0]?.ts ?? 0;
  const out = [];
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const inside = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end && INTERESTING.has(e.name),
    );
    const byLabel = new Map();
    for (const e of inside) {
      const l = label(e);
      const v = byLabel.get(l) ?? { dur: 0, n: 0 };
      v.dur += e.dur;
      v.n += 1;
      byLabel.set(l, v);
    }
    const parts = [...byLabel.entries()]
      .filter(([, v]) => v.dur >= 3000)
      .sort((a, b) => b[1].dur - a[1].dur)
      .slice(0, 12);
    // JS self time by source module.
    const bySource = new Map();
    let sampled = 0;
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > end) continue;
      const n = nodes.get(s.node);
      if (!n) continue;
      sampled++;
      const cf = n.callFrame;
      let key;
      if (!cf.url) key = cf.functionName ? `(${cf.functionName})` : '(native)';
      else if (!cf.url.startsWith('http')) key = cf.url;
      else key = sourceOf(cf.url, cf.lineNumber, cf.columnNumber);
      bySource.set(key, (bySource.get(key) ?? 0) + 1);
    }
    const sources = [...bySource.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    out.push({ at: task.ts - start0, dur: task.dur, parts, sources, sampled, interval });
  }
  return { tasks: out };
}

async function main() {
  const pages = args.pages.split(',').map((p) => p.trim());
  const rates = args.throttle.split(',').map(Number);
  console.log(
    `bench/web-trace: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, dist ${args.dist}`,
  );
  const platform = args.base ? null : await launchPlatform();
  const base = args.base ?? platform.baseUrl;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    for (let run = 1; run <= Number(args.runs); run++)
      for (const p of pages)
        for (const rate of rates) {
          const url = base + p;
          const { events, observed } = await tracedLoad(browser, url, rate);
          if (args.save) {
            const name = p.slice(1).replaceAll('/', '-') || 'index';
            writeFileSync(
              args.save.replaceAll('{page}', `${name}-${rate}x-${run}`),
              JSON.stringify({ traceEvents: events }),
            );
          }
          const { tasks, note } = analyse(events, url, Number(args['min-task']));
          const longest = observed.tasks.reduce((m, [, d]) => Math.max(m, d), 0);
          console.log(
            `\n== ${p} at ${rate}× (run ${run}): ${observed.tasks.length} long tasks (Long Tasks API), longest ${longest.toFixed(0)} ms, FCP ${observed.fcp.toFixed(0)} ms; load ${os.loadavg()[0].toFixed(2)}${note ? ` (${note})` : ''}`,
          );
          for (const t of tasks) {
            console.log(`  task at +${ms(t.at)} ms: ${ms(t.dur)} ms`);
            for (const [l, v] of t.parts)
              console.log(`      ${ms(v.dur).padStart(5)} ms  ${l}${v.n > 1 ? ` ×${v.n}` : ''}`);
            if (t.sampled) {
              const total = t.sampled;
              console.log(`      JS/self samples (${total}, ~${(t.interval / 1000).toFixed(2)} ms each):`);
              for (const [src, n] of t.sources)
                console.log(`        ${((100 * n) / total).toFixed(0).padStart(3)}%  ${src}`);
            }
          }
        }
  } finally {
    await browser.close();
    await platform?.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
