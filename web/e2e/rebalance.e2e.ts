import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot, BotDetail } from '@arbitra/contracts';
import { newAccount, openSignedIn, registerSessionByApi } from './support/accounts.js';
import { api, until } from './support/api.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { goTo } from './support/nav.js';

/**
 * Issue 29 in Chromium: a paper bot trades until its inventory drifts, is stopped; its detail shows the
 * 'Rebalanceamento' plan (transfers, network, fee, the shipped table and its date); 'Rebalancear' moves the funds:
 * shown in transit, then credited (the e2e platform's paper transfers take 30 s: PAPER_TRANSFER_SECONDS, long enough to see them in transit on a busy machine).
 */
describe("'Rebalancear' a paper bot in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('shows the plan, executes it, shows the transfers in transit and then done', async () => {
    const account = newAccount('rebalance');
    const session = await registerSessionByApi(account);
    const { token } = session;
    const name = 'Bot Rebalanceamento';
    const { bot } = await api<{ bot: Bot }>(token, 'POST', '/api/bots', {
      name,
      pairs: ['BTC/USDT', 'ETH/USDT'],
      exchanges: ['binance', 'gateio'],
      maxInvestment: 20000,
      minProfitPercent: 0.1,
      riskLevel: 'high',
      active: true,
    });
    // Trades move the inventory (USDT piles up where it sells, the coin where it buys): wait for a plan, then stop.
    await until(
      () => api<BotDetail>(token, 'GET', `/api/bots/${bot.id}?include=rebalance`),
      (d) => (d.rebalance?.plan.transfers.length ?? 0) > 0,
      'um plano de rebalanceamento',
      150_000,
    );
    await api(token, 'POST', `/api/bots/${bot.id}/toggle`);
    const before = await api<BotDetail>(token, 'GET', `/api/bots/${bot.id}?include=rebalance`);
    const planned = before.rebalance!.plan.transfers;
    expect(planned.length).toBeGreaterThan(0);

    const { page } = await openSignedIn(browser, session);
    await goTo(page, 'Bots');
    const card = page
      .getByRole('region', { name: 'Bots' })
      .getByRole('list', { name: 'Seus bots' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await card.getByText('Parado').waitFor();
    await card.getByRole('button', { name: 'Detalhes' }).click();
    const detail = page.getByRole('dialog', { name });
    const section = detail.getByRole('region', { name: 'Rebalanceamento' });
    await section.waitFor();
    const plan = section.getByRole('table', { name: 'Plano de rebalanceamento' });
    await plan.waitFor();
    const rows = await plan.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(planned.length + 1); // header + one row per transfer
    for (const t of planned)
      expect(rows.some((r) => r.includes(t.asset) && r.includes(t.network))).toBe(true);
    expect(await section.getByTestId('rebalance-table').innerText()).toContain(
      'Tabela de taxas: embarcada, de 28/11/2026',
    );
    expect(await section.getByTestId('rebalance-cost').innerText()).toMatch(/^Custo total: [\d.,]+ USDT/);
    await screenshot(page, 'rebalance-plan');

    await section.getByRole('button', { name: 'Rebalancear' }).click();
    await page
      .getByText(/transferências? iniciadas? \(simuladas?\)/)
      .first()
      .waitFor();
    const transit = section.getByTestId('rebalance-in-transit');
    await transit.waitFor();
    expect(await transit.innerText()).toContain('Em trânsito (indisponível para o bot)');
    expect(await section.locator('li[data-status="in_transit"]').count()).toBe(planned.length);
    await screenshot(page, 'rebalance-in-transit');

    // Credited after the transfer time: the list says 'Concluída' for each, nothing in transit.
    await transit.waitFor({ state: 'detached', timeout: 120_000 });
    await section
      .locator('li[data-status="completed"]')
      .nth(planned.length - 1)
      .waitFor();
    expect(await section.locator('li[data-status="in_transit"]').count()).toBe(0);
    const after = await api<BotDetail>(token, 'GET', `/api/bots/${bot.id}?include=rebalance`);
    expect(after.rebalance!.recent.every((t) => t.status === 'completed')).toBe(true);
    await screenshot(page, 'rebalance-done');
  }, 300_000);
});
