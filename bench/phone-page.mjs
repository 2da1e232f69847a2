/** A fresh browser context as Lighthouse's phone: pt-BR, São Paulo time, 412 × 823, touch. */
export function phoneContext(browser) {
  return browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
}

/**
 * A phone-sized page with Chromium's CPU throttled `rate` times (DevTools `Emulation.setCPUThrottlingRate`), every
 * long task (≥ 50 ms, Long Tasks API, buffered from the start) collected into `globalThis.__longTasks` as
 * [startTime, duration]. Shared by bench/web.mjs (the throttled figures) and bench/web-trace.mjs (the trace).
 * The caller closes `context`.
 */
export async function throttledPhonePage(browser, rate) {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.addInitScript(() => {
    globalThis.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) globalThis.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page, cdp };
}

/** Waits until no long task came for `quietMs` (at most 40 s) and returns the long tasks seen so far. */
export async function longTasksWhenQuiet(page, quietMs) {
  const started = Date.now();
  for (;;) {
    const { tasks, now } = await page.evaluate(() => ({
      tasks: globalThis.__longTasks,
      now: performance.now(),
    }));
    const last = tasks.reduce((t, [s, d]) => Math.max(t, s + d), 0);
    if (now - last >= quietMs || Date.now() - started > 40_000) return tasks;
    await page.waitForTimeout(500);
  }
}
