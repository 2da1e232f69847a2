import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, launchBrowser, newPage, reactErrors, screenshot } from './support/browser.js';

describe('/demo: the live public scanner in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('shows live opportunities, prices that move, the feeds and the simulated-data badge', async () => {
    // The page's first view is in its HTML (prerendered by the build), before any script runs.
    const html = await (await fetch(`${baseUrl()}/demo`, { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('Scanner de arbitragem ao vivo');

    const { page, context } = await newPage(browser);
    const errors = reactErrors(page);
    await page.goto('/demo');
    await page.getByText('Dados simulados').first().waitFor();

    // The cards under the first screen draw the live state while near the screen (demo-page.tsx, BelowTheFold): a
    // visitor scrolls to the quotes to see them move.
    const quotes = page.getByRole('heading', { name: 'Cotações ao vivo' });
    await quotes.scrollIntoViewIfNeeded();
    const grid = page.getByRole('table', { name: 'Cotações por exchange' });
    await grid.getByRole('row', { name: /BTC\/USDT/ }).waitFor();
    const btcRow = () => grid.getByRole('row', { name: /BTC\/USDT/ }).innerText();
    const before = await btcRow();
    await expect.poll(btcRow, { timeout: 15_000, interval: 500 }).not.toBe(before);

    const statuses = page.getByRole('list', { name: 'Status das exchanges' });
    // Its card is drawn when it comes near the screen (`content-visibility: auto`): innerText is empty before.
    await statuses.scrollIntoViewIfNeeded();
    for (const name of ['Binance', 'Mercado Bitcoin', 'Gate.io', 'MEXC', 'Bybit']) {
      await expect.poll(() => statuses.innerText()).toContain(name);
    }
    await expect.poll(() => statuses.innerText()).toContain('Online');

    // The simulated market dislocates a few seconds after start; the public list refreshes every 3 s.
    const rows = page.getByTestId('opportunity-row');
    await rows.first().waitFor({ timeout: 30_000 });
    const text = await rows.first().innerText();
    expect(text).toMatch(/\d+,\d+%/);
    expect(text).toContain('R$');
    await screenshot(page, 'demo');
    // React adopted the prerendered HTML: no hydration error.
    expect(errors()).toEqual([]);

    // Pausar freezes the view; Retomar brings it back.
    await page.getByRole('button', { name: 'Pausar' }).click();
    await page.getByText('Pausado').first().waitFor();
    await quotes.scrollIntoViewIfNeeded();
    const frozen = await btcRow();
    await page.waitForTimeout(2_500);
    expect(await btcRow()).toBe(frozen);
    await page.getByRole('button', { name: 'Retomar' }).click();
    await quotes.scrollIntoViewIfNeeded();
    await expect.poll(btcRow, { timeout: 15_000, interval: 500 }).not.toBe(frozen);

    await page
      .getByRole('link', { name: /Criar conta|Começar/ })
      .first()
      .click();
    await page.waitForURL(/\/register$/);
    await context.close();
  });

  it('shows a BRL opportunity (arbitrage in reais) and the USDT/BRL premium of Mercado Bitcoin against Binance', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/demo');
    const premium = page.getByRole('region', { name: 'Ágio do dólar cripto (USDT/BRL)' });
    await premium.scrollIntoViewIfNeeded();
    const spread = premium.getByTestId('agio-spread');
    await spread.first().waitFor({ timeout: 30_000 });
    expect(await spread.first().innerText()).toMatch(/Mercado Bitcoin vs\. Binance\s*[+−]?\d+,\d+%/);
    const perExchange = premium.getByRole('table', { name: 'USDT/BRL por exchange' });
    await expect.poll(() => perExchange.innerText()).toMatch(/Binance\s+R\$ \d,\d{4}/);
    await expect.poll(() => perExchange.innerText()).toMatch(/Mercado Bitcoin\s+R\$ \d,\d{4}/);
    // the chart of the last minutes appears once two samples are in (every 10 s), when the visitor scrolls to it
    // (recharts loads only then: a first visit does not pay for a chart below the fold)
    await premium.scrollIntoViewIfNeeded();
    await premium.getByRole('img', { name: /Ágio do USDT\/BRL/ }).waitFor({ timeout: 30_000 });
    // BRL books in the price grid
    await page.getByRole('heading', { name: 'Cotações ao vivo' }).scrollIntoViewIfNeeded();
    const brlGrid = page.getByRole('table', { name: 'Cotações em reais por exchange' });
    await brlGrid.getByRole('row', { name: /BTC\/BRL/ }).waitFor({ timeout: 15_000 });

    // BRL markets dislocate a few times a minute; the public list (10 best, every 3 s) shows one within minutes
    const brlRow = page.getByTestId('opportunity-row').filter({ hasText: /\/BRL/ });
    await brlRow.first().waitFor({ timeout: 180_000 });
    const text = await brlRow.first().innerText();
    expect(text).toMatch(/Mercado Bitcoin|Binance/);
    expect(text).toContain('R$');
    await screenshot(page, 'demo-brl');
    await context.close();
  }, 300_000);

  it('shows every part of the platform up on /status', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/status');
    const components = page.getByRole('list', { name: 'Componentes da plataforma' });
    for (const name of ['API', 'Motor de mercado', 'Banco de dados', 'Fila de tarefas']) {
      await expect.poll(() => components.innerText(), { timeout: 15_000 }).toContain(name);
    }
    await expect.poll(() => page.getByRole('list', { name: 'Exchanges' }).innerText()).toContain('Bybit');
    await page.getByText('Todos os sistemas operacionais').waitFor({ timeout: 15_000 });
    await screenshot(page, 'status');
    await context.close();
  });
});
