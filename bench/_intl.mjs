import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (let r = 0; r < 3; r++) {
  const ctx = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await ctx.newPage();
  await page.goto('data:text/html,<p>x</p>');
  const t = await page.evaluate(() => {
    const out = {}; let t = performance.now();
    const lap = (k) => { const n = performance.now(); out[k] = +(n - t).toFixed(1); t = n; };
    'x'.localeCompare('y'); lap('collator?');
    new Intl.PluralRules('pt-BR').select(1); lap('plural');
    new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(1.5); lap('NumberFormat 2');
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format('12.5'); lap('NumberFormat BRL');
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' }).format('12.5'); lap('NumberFormat USD');
    new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date()); lap('DTF tz parts');
    new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.now()); lap('DTF clock');
    new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(['a', 'b', 'c']); lap('ListFormat');
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()); lap('DTF en-CA');
    return out;
  });
  console.log(JSON.stringify(t));
  await ctx.close();
}
await browser.close();
