import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loginViaUi, newAccount, registerByApi } from './support/accounts.js';
import { closeBrowser, launchBrowser, newPage, screenshot } from './support/browser.js';
import { goTo } from './support/nav.js';

describe('bots in Chromium: create, start, stop, delete', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('creates a paper bot from the form, starts and stops it, and deletes it after confirming', async () => {
    const account = newAccount('bots');
    await registerByApi(account);
    const { page, context } = await newPage(browser);
    await loginViaUi(page, account.email, account.password);

    await goTo(page, 'Bots');
    await page.getByRole('button', { name: 'Novo bot' }).click();
    const form = page.getByRole('dialog', { name: 'Novo bot' }).or(page.getByLabel('Novo bot'));
    await form.getByLabel('Nome do bot').fill('Bot BTC');
    await form.getByLabel('BTC/USDT').check();
    await form.getByLabel('Binance').check();
    await form.getByLabel('Bybit').check();
    await form.getByRole('button', { name: 'Criar bot' }).click();
    await page.getByText('Bot criado com sucesso!').first().waitFor();

    const bots = page.getByRole('list', { name: 'Seus bots' });
    const card = bots.getByRole('listitem').filter({ hasText: 'Bot BTC' });
    await card.getByText('Parado').waitFor();
    await card.getByRole('button', { name: 'Iniciar' }).click();
    await card.getByText('Executando').waitFor();
    await screenshot(page, 'bots-running');
    await card.getByRole('button', { name: 'Parar' }).click();
    await card.getByText('Parado').waitFor();

    await card.getByRole('button', { name: 'Excluir' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Excluir' })
      .or(page.getByRole('dialog').getByRole('button', { name: 'Excluir' }))
      .click();
    await page.getByText('Bot excluído com sucesso!').first().waitFor();
    await bots.getByText('Bot BTC').waitFor({ state: 'detached' });

    await goTo(page, 'Histórico de Trades');
    await page.getByRole('region', { name: 'Histórico de Trades' }).waitFor();
    await context.close();
  });
});
