import { countAtLeast, type OpportunityFilterHistory } from '@arbitra/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, registerSessionByApi } from './support/accounts.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { goTo } from './support/nav.js';

describe('bots in Chromium: create, start, stop, delete', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('creates a paper bot from the form, starts and stops it, and deletes it after confirming', async () => {
    const account = newAccount('bots');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account));

    await goTo(page, 'Bots');
    await page.getByRole('button', { name: 'Novo bot' }).click();
    const form = page.getByRole('dialog', { name: 'Novo bot' }).or(page.getByLabel('Novo bot'));
    // What the server answered for the filter, to check the form against (the engine's 24 h histogram).
    const answers: OpportunityFilterHistory[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/market/opportunity-history') && r.ok())
        void r.json().then((b: OpportunityFilterHistory) => answers.push(b));
    });
    const minProfit = form.getByLabel('Lucro mínimo (%)');
    expect(await minProfit.inputValue()).toBe('1,5'); // pt-BR, before the market is known
    expect(await form.getByLabel('Investimento máximo (R$)').inputValue()).toBe('1.000');
    await form.getByLabel('Nome do bot').fill('Bot BTC');
    await form.getByLabel('BTC/USDT').check();
    await form.getByLabel('Binance').check();
    await form.getByLabel('Bybit').check();

    // Issue 27: the default minimum is the last hour's median, and the line says how often it would have fired.
    const line = form.getByTestId('filter-rate');
    await line.filter({ hasText: /passaria(m)? deste filtro/ }).waitFor({ timeout: 40_000 });
    const expected = (h: OpportunityFilterHistory, min: number) => {
      const n = countAtLeast(h.day, min);
      const hours = Math.floor(h.coveredMs / 3_600_000);
      const window =
        hours >= 24 ? 'Nas últimas 24 h' : hours >= 1 ? `Nas últimas ${hours} h` : 'Nos últimos ';
      return { n, window };
    };
    const deadline = Date.now() + 20_000;
    for (;;) {
      const h = answers[answers.length - 1];
      const shown = await minProfit.inputValue();
      const text = await line.innerText();
      try {
        expect(h).toBeDefined();
        const min = Number(shown.replace(',', '.'));
        if (h!.hourMedianPercent !== null)
          expect(min).toBe(h!.hourMedianPercent); // the median, shown with a comma
        else expect(shown).toBe('1,5');
        const { n, window } = expected(h!, min);
        expect(text.startsWith(window)).toBe(true);
        if (n === 0) expect(text).toContain('nenhuma oportunidade passaria deste filtro');
        else expect(text).toMatch(/~[\d.,]+ oportunidades por hora passariam deste filtro/);
        break;
      } catch (e) {
        if (Date.now() > deadline) throw e;
        await page.waitForTimeout(250);
      }
    }
    // A minimum no opportunity reached: the warning.
    await minProfit.fill('99');
    await line
      .filter({ hasText: 'nenhuma oportunidade passaria deste filtro: o bot ficaria parado' })
      .waitFor();
    await screenshot(page, 'bots-form-filter-line');
    await minProfit.fill('0,05');
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
