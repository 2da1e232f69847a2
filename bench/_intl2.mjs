import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const probes = {
  nf: "new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(1.5)",
  dtf: "new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.now())",
  list: "new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(['a', 'b', 'c'])",
  toLocale: "(1234.5).toLocaleString('pt-BR')",
  dateToLocale: "new Date().toLocaleTimeString('pt-BR')",
  localeCompare: "'a'.localeCompare('b')",
};
for (let r = 0; r < 2; r++)
for (const [k, code] of Object.entries(probes)) {
  const ctx = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await ctx.newPage();
  await page.goto('data:text/html,<p>x</p>');
  const ms = await page.evaluate((code) => { const t = performance.now(); (0, eval)(code); const a = performance.now() - t; const t2 = performance.now(); (0, eval)(code); return [a.toFixed(1), (performance.now() - t2).toFixed(1)]; }, code);
  console.log(k, 'first', ms[0], 'again', ms[1]);
  await ctx.close();
}
await browser.close();
