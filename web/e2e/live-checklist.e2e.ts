import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@arbitra/contracts';
import { newAccount, openSignedIn, registerSessionByApi } from './support/accounts.js';
import { baseUrl, closeBrowser, launchBrowser, screenshot } from './support/browser.js';

describe("'Pronto para operar ao vivo' in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('/security shows, per exchange of the chosen bot, each item with its reason and what to do', async () => {
    const account = newAccount('pronto');
    const session = await registerSessionByApi(account);
    const { token } = session;
    const created = await fetch(`${baseUrl()}/api/bots`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Rumo ao real',
        pairs: ['BTC/USDT'],
        exchanges: ['binance', 'gateio'],
        maxInvestment: 500,
        minProfitPercent: 1.5,
      }),
    });
    expect(created.status).toBe(201);

    const { page } = await openSignedIn(browser, session, { path: '/security' });
    const card = page.getByRole('region', { name: 'Pronto para operar ao vivo' });
    await expect.poll(() => card.getByLabel('Bot').inputValue()).not.toBe('');
    await card.getByRole('button', { name: 'Verificar agora' }).click();
    const checklist = card.getByRole('group', { name: 'Pronto para operar ao vivo' });
    await checklist.getByText('Ainda não: corrija os itens que falharam para usar o Modo real.').waitFor({
      timeout: 30_000,
    });
    // No key yet on either exchange: the first item fails on both, with what to do; the others wait for it.
    for (const exchange of ['Binance', 'Gate.io']) {
      const section = checklist.getByRole('region', { name: exchange });
      await section.getByText('Chave válida', { exact: true }).waitFor();
      expect(await section.innerText()).toContain(MESSAGES.liveChecklist.keyMissing);
      expect(await section.innerText()).toContain(`O que fazer: ${MESSAGES.liveChecklist.keyMissingAction}`);
      for (const label of [
        'Saques não permitidos',
        'Relógio sincronizado',
        'Saldo mínimo em cada lado',
        'Mercado aberto',
      ])
        expect(await section.innerText()).toContain(label);
    }
    await screenshot(page, 'live-checklist-security');
  });
});
