#!/usr/bin/env node
/**
 * The main thread's CPU time of each task of a page's first load, for A/B of web builds on a shared, loaded host
 * (issue 33). A task's CPU time (the trace's thread time, `tdur`, of each `RunTask` of the renderer's main thread,
 * no throttling) moves far less with the host's load than its wall time at 4× DevTools throttling, which multiplies
 * whatever the other processes on the cores cost. "4×CPU-estimate" = 4 × that CPU time: the longest task and the
 * blocking time after the first contentful paint a quiet host would show at 4× (an estimate, not a measure: the
 * bench's own figures stay `node bench/web.mjs`). `*` marks a task before the first contentful paint.
 *
 *   BUILDS=old,new PAGES=/,/demo,/login ROUNDS=3 [DETAIL=1] [RATE=1] node bench/web-cpu.mjs
 *
 * Each build is a copy of web/dist at /tmp/perf5-<build> (BUILD_DIR='/tmp/dist-{build}' for another place),
 * served by a platform of its own (WEB_DIST_DIR); builds alternate, their order reversed every other round.
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { launchPlatform } from '../scripts/lib/launch.mjs';
import { phoneContext } from './phone-page.mjs';

const buildDir = (b) => (process.env.BUILD_DIR ?? '/tmp/perf5-{build}').replaceAll('{build}', b);
const builds = (process.env.BUILDS ?? 'old,new').split(',');
const pages = (process.env.PAGES ?? '/,/demo,/login').split(',');
const rounds = Number(process.env.ROUNDS ?? 3);
const rate = Number(process.env.RATE ?? 1);
const plats = {};
for (const b of builds)
  plats[b] = await launchPlatform({ env: { WEB_DIST_DIR: buildDir(b) }, readyTimeoutMs: 400_000 });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
  ],
});
const res = {};
for (let r = 0; r < rounds; r++)
  for (const p of pages)
    for (const b of r % 2 ? [...builds].reverse() : builds) {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const events = [];
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
      const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
      await cdp.send('Tracing.start', {
        categories:
          process.env.CATS ?? 'toplevel,devtools.timeline,loading,disabled-by-default-devtools.timeline',
        transferMode: 'ReportEvents',
      });
      await page.goto(plats[b].baseUrl + p);
      await page.waitForTimeout(7000 * Math.max(1, rate / 2));
      await cdp.send('Tracing.end');
      await done;
      const main = events.find(
        (e) =>
          e.ph === 'M' &&
          e.name === 'thread_name' &&
          e.args?.name === 'CrRendererMain' &&
          events.some((x) => x.pid === e.pid && x.name === 'firstContentfulPaint'),
      );
      const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main?.pid)?.ts ?? 0;
      const tasks = events
        .filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.name === 'RunTask' && e.ph === 'X')
        .map((e) => ({ ts: e.ts, dur: e.dur / 1000, cpu: (e.tdur ?? 0) / 1000 }));
      const cpuTotal = tasks.reduce((s, t) => s + t.cpu, 0);
      const top = [...tasks].sort((a, c) => c.cpu - a.cpu).slice(0, 4);
      const est = (t) => t.cpu * 4;
      const tbt4 = tasks.filter((t) => t.ts >= fcp).reduce((s, t) => s + Math.max(0, est(t) - 50), 0);
      const longest4 = Math.max(0, ...tasks.map(est));
      (res[`${p} ${b}`] ??= []).push({
        tbt4,
        longest4,
        cpuTotal,
        top: top.map((t) => `${t.cpu.toFixed(0)}${t.ts < fcp ? '*' : ''}`).join(','),
        load: os.loadavg()[0],
      });
      console.log(
        `${new Date().toISOString().slice(11, 19)} load ${os.loadavg()[0].toFixed(1)} ${p.padEnd(6)} ${b}: 4×CPU-estimate TBT ${tbt4.toFixed(0)} longest ${longest4.toFixed(0)} | main-thread CPU ${cpuTotal.toFixed(0)} ms, top tasks ${top.map((t) => `${t.cpu.toFixed(0)}${t.ts < fcp ? '*' : ''}`).join(',')} (* before FCP)`,
      );
      if (process.env.DETAIL)
        for (const t of top.slice(0, 3)) {
          const inner = events.filter(
            (e) =>
              e.pid === main.pid &&
              e.tid === main.tid &&
              e.ph === 'X' &&
              e.name !== 'RunTask' &&
              e.ts >= t.ts &&
              e.ts + e.dur <= t.ts + t.dur * 1000 + 1,
          );
          const by = {};
          for (const e of inner) {
            const k =
              e.name +
              (e.args?.data?.url ? ' ' + e.args.data.url.split('/').pop() : '') +
              (e.args?.data?.functionName ? ' ' + e.args.data.functionName : '');
            by[k] = (by[k] ?? 0) + (e.tdur ?? 0) / 1000;
          }
          console.log(
            `   task ${t.cpu.toFixed(0)} ms CPU at +${((t.ts - fcp) / 1000).toFixed(0)} ms from FCP:`,
            Object.entries(by)
              .filter(([, v]) => v >= 3)
              .sort((a, c) => c[1] - a[1])
              .slice(0, 10)
              .map(([k, v]) => `${k} ${v.toFixed(0)}`)
              .join(' | '),
          );
        }
      await context.close();
    }
console.log('\nmedians:');
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};
for (const [k, v] of Object.entries(res))
  console.log(
    k.padEnd(12),
    'TBT4',
    med(v.map((x) => x.tbt4)).toFixed(0),
    'longest4',
    med(v.map((x) => x.longest4)).toFixed(0),
    'cpu',
    med(v.map((x) => x.cpuTotal)).toFixed(0),
    '| runs',
    v.map((x) => `${x.tbt4.toFixed(0)}/${x.longest4.toFixed(0)}`).join(' '),
  );
await browser.close();
for (const pl of Object.values(plats)) await pl.stop();
process.exit(0);
