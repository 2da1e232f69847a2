import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotDetail } from '@arbitra/contracts';
import { newAccount, openSignedIn, registerSessionByApi } from './support/accounts.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { api } from './support/api.js';

/** pt-BR with exactly `d` decimals, computed here (not with the app's formatter). */
const ptBr = (v: string, d: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: d, maximumFractionDigits: d }).format(Number(v));

describe('Inventário on the bot detail (issue 29 §1), on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('shows each asset per exchange with the figures the API gives, at 390 px', async () => {
    const account = newAccount('inventory');
    const session = await registerSessionByApi(account);
    const { token } = session;
    // A running paper bot that will not trade (5 % minimum): its seeded balances stay put while the page is read.
    const name = 'Bot Inventário';
    const { bot } = await api<{ bot: { id: string } }>(token, 'POST', '/api/bots', {
      name,
      pairs: ['BTC/USDT'],
      exchanges: ['binance', 'bybit'],
      maxInvestment: 10000,
      minProfitPercent: 5,
      active: true,
    });
    let detail: BotDetail | undefined;
    const end = Date.now() + 120_000;
    while (Date.now() < end) {
      detail = await api<BotDetail>(token, 'GET', `/api/bots/${bot.id}?include=inventory`);
      if ((detail.inventory?.rows.length ?? 0) >= 4) break; // BTC and USDT seeded on both exchanges
      await new Promise((r) => setTimeout(r, 250));
    }
    const inventory = detail!.inventory!;
    console.log(`[inventory] ${inventory.rows.length} linhas de inventário`);
    expect(inventory.available).toBe(true);
    expect(inventory.rows.length).toBeGreaterThanOrEqual(4);

    // the phone's menu is the navigation's own test (mobile.e2e.ts)
    const { page } = await openSignedIn(browser, session, {
      path: '/bots',
      viewport: { width: 390, height: 844 },
    });
    const card = page
      .getByRole('region', { name: 'Bots' })
      .getByRole('list', { name: 'Seus bots' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await card.getByRole('button', { name: 'Detalhes' }).click();
    const section = page.getByRole('dialog', { name }).getByRole('region', { name: 'Inventário' });
    await section.getByRole('heading', { name: 'Inventário' }).waitFor({ timeout: 30_000 });
    const table = section.getByRole('table', { name: 'Inventário por corretora' });
    await table.waitFor();

    for (const r of inventory.rows) {
      const row = table.locator(`[data-inventory-row="${r.exchange}:${r.asset}"]`);
      const decimals = r.asset === 'USDT' || r.asset === 'BRL' ? 2 : 8;
      expect(await row.locator('[data-cell="amount"]').innerText()).toBe(ptBr(r.amount, decimals));
      // no trade yet: the split is the starting one (0 p.p.), nothing drains
      expect(await row.locator('[data-cell="skew"]').innerText()).toBe(
        `${ptBr(r.skewPoints ?? '0', 1)} p.p.`,
      );
      expect(await row.locator('[data-cell="forecast"]').innerText()).toBe('—');
    }
    // a chart per asset, named for it
    await section.getByRole('figure', { name: 'Inventário de BTC' }).waitFor();
    await section.getByRole('figure', { name: 'Inventário de USDT' }).waitFor();
    // the phone: the page does not scroll sideways (the table scrolls in its own box)
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(overflow).toBeLessThanOrEqual(390);
    await screenshot(page, 'inventory-390');
    await api(token, 'POST', `/api/bots/${bot.id}/toggle`);
  }, 300_000);
});
