import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, registerSessionByApi } from './support/accounts.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { goTo } from './support/nav.js';

/** Opens 'Novo bot', fills it, and presses 'Simular' in the form (nothing is saved): the dialog opens. */
async function openSimulate(page: Page, name: string, minProfit: string): Promise<void> {
  await goTo(page, 'Bots');
  await page.getByRole('button', { name: 'Novo bot' }).click();
  const form = page.getByLabel('Novo bot');
  await form.getByLabel('Nome do bot').fill(name);
  await form.getByLabel('BTC/USDT').check();
  await form.getByLabel('ETH/USDT').check();
  await form.getByLabel('Binance').check();
  await form.getByLabel('Bybit').check();
  await form.getByLabel('Lucro mínimo (%)').fill(minProfit);
  await form.getByRole('button', { name: 'Simular' }).click();
}

/**
 * Simulates the form's bot over `duration` of the 'Agitado' simulated market, seed 42 ('Normal' pays a bot this
 * small little and rarely: the result's trades and calibration need trades).
 */
async function simulateFromForm(
  page: Page,
  name: string,
  minProfit: string,
  duration = '1 hora',
): Promise<void> {
  await openSimulate(page, name, minProfit);
  const dialog = page.getByRole('form', { name: 'Simular bot' });
  await dialog.getByLabel('Duração').selectOption({ label: duration });
  await dialog.getByLabel('Semente').fill('42');
  await dialog.getByLabel('Volatilidade').selectOption({ label: 'Agitado' });
  await dialog.getByRole('button', { name: 'Simular' }).click();
  await page.waitForURL(/\/backtests\/[0-9a-f-]{36}$/);
}

async function waitForResult(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Curva de patrimônio' }).waitFor({ timeout: 480_000 });
}

describe("'Simular' in Chromium: progress, equity curve, trades, two runs side by side (issue 14)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('simulates a bot from its form, watches the bar move, reads the results and compares two runs', async () => {
    const account = newAccount('backtests');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account));

    // 6 h of market: long enough (tens of seconds even on a quiet machine) for the bar to be seen moving; 1 h can
    // finish before the page's socket has joined the owner's room.
    await simulateFromForm(page, 'Bot simulado', '0.2', '6 horas');
    await page.getByText('Simulação — resultados passados não garantem resultados futuros').waitFor();
    await page.getByText('Fonte: Dados simulados, semente 42').waitFor();
    // The progress bar moves while the engine works (pushed on the owner's socket).
    const bar = page.getByRole('progressbar', { name: 'Progresso da simulação' });
    const seen = new Set<string>();
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline && seen.size < 2) {
      const value = await bar.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null);
      if (value === null) break; // finished: the bar is gone
      seen.add(value);
      await page.waitForTimeout(200);
    }
    expect(seen.size, `progress values seen: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'backtest-progress');
    await waitForResult(page);
    const first = page.url().split('/').pop()!;
    await page.getByRole('region', { name: 'Trades da simulação' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('region', { name: 'Calibração' }).waitFor();
    await screenshot(page, 'backtest-result');

    await page.goto(new URL('/dashboard', page.url()).href);
    await simulateFromForm(page, 'Bot mais exigente', '0.6');
    await waitForResult(page);
    await page.getByLabel('Comparar com').selectOption({ index: 1 });
    await page.waitForURL(new RegExp(`compare=${first}`));
    const table = page.getByRole('table', { name: 'Comparação lado a lado' });
    await table.getByText('lucro mín. 0,20%').waitFor();
    await table.getByText('lucro mín. 0,60%').waitFor();
    await table.getByText('Taxa de sucesso').waitFor();
    await screenshot(page, 'backtest-compare');

    // The shipped real recording: Bybit's BTC/USDT and ETH/USDT books only, so the page says why nothing traded.
    await page.goto(new URL('/dashboard', page.url()).href);
    await openSimulate(page, 'Bot na gravação', '0.2');
    const dialog = page.getByRole('form', { name: 'Simular bot' });
    await dialog.getByRole('radio', { name: 'Gravação' }).check();
    await dialog.locator('#sim-recording').selectOption('bybit-2026-08-09-cryptofeed.jsonl');
    await dialog.getByRole('button', { name: 'Simular' }).click();
    await page.waitForURL(/\/backtests\/[0-9a-f-]{36}$/);
    await page.getByText(/^Fonte: Gravação bybit — 09\/08\/2026/).waitFor({ timeout: 120_000 });
    await page.getByText('Nenhum trade nesta simulação.').waitFor({ timeout: 240_000 });
    await page.getByText(/BTC\/USDT só na bybit; ETH\/USDT só na bybit/).waitFor();
    await screenshot(page, 'backtest-recording');

    // Nothing reached the real history.
    await page.goto(new URL('/dashboard', page.url()).href);
    await goTo(page, 'Bots');
    await page.getByText('Você ainda não tem bots. Crie o primeiro.').waitFor();
    await context.close();
  }, 1_200_000);
});
