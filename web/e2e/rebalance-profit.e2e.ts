import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, registerSessionByApi } from './support/accounts.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { goTo } from './support/nav.js';

/** '0,1234%' → 0.1234; 'sem rota' / '—' → null. */
const percentOf = (text: string): number | null => {
  const m = /(-?[\d.]+,\d+)%/.exec(text);
  return m ? Number(m[1]!.replace(/\./g, '').replace(',', '.')) : null;
};

describe("issue 29 in Chromium: 'lucro após rebalanceamento'", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('the scanner shows the column, states the transfer size and sorts on it', async () => {
    const account = newAccount('rebal-scanner');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account));
    await goTo(page, 'Oportunidades');
    const table = page.getByRole('table', { name: 'Oportunidades' });
    await table.getByTestId('opportunity-row').first().waitFor({ timeout: 60_000 });
    const header = table.getByRole('columnheader', { name: /Após rebalanc\./ });
    await header.waitFor();
    // The transfer size it is amortised over is stated, with its default.
    expect(await page.getByLabel('Transferência para rebalancear (R$)').inputValue()).toBe('5000');
    await page.getByText(/rateadas em transferências deste valor \(padrão R\$ 5\.000\)/).waitFor();
    // Every row has a figure: a % with its R$, or 'sem rota' (never blank, never free).
    const cells = table.getByTestId('after-rebalance');
    for (const text of await cells.allInnerTexts()) expect(text).toMatch(/%|sem rota/);

    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    // Live rows move between reads: poll until one read is in order (largest first, 'sem rota' last).
    await expect
      .poll(
        async () => {
          const values = (await cells.allInnerTexts()).map(percentOf);
          const firstNull = values.indexOf(null);
          const numbers = (firstNull < 0 ? values : values.slice(0, firstNull)) as number[];
          const nullsLast = firstNull < 0 || values.slice(firstNull).every((v) => v === null);
          return nullsLast && numbers.every((v, i) => i === 0 || numbers[i - 1]! >= v);
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(true);
    await screenshot(page, 'scanner-after-rebalance');
    await context.close();
  }, 180_000);

  it("the bot form saves 'Lucro mínimo após rebalanceamento', off by default and explained", async () => {
    const account = newAccount('rebal-bot');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account));
    await goTo(page, 'Bots');
    await page.getByRole('button', { name: 'Novo bot' }).click();
    const form = page.getByRole('dialog', { name: 'Novo bot' });
    const setting = form.getByLabel('Lucro mínimo após rebalanceamento');
    expect(await setting.isChecked()).toBe(false);
    await form.getByText(/rateadas em transferências do seu investimento por corretora/).waitFor();
    await form.getByLabel('Nome do bot').fill('Bot rebalanceado');
    await form.getByLabel('BTC/USDT').check();
    await form.getByLabel('Binance').check();
    await form.getByLabel('Gate.io').check();
    await setting.check();
    await form.getByRole('button', { name: 'Criar bot' }).click();
    await page.getByText('Bot criado com sucesso!').first().waitFor();

    // Read back from the api: a fresh page load, then the bot's edit form.
    await page.reload();
    const card = page
      .getByRole('list', { name: 'Seus bots' })
      .getByRole('listitem')
      .filter({ hasText: 'Bot rebalanceado' });
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar bot' });
    await expect.poll(() => edit.getByLabel('Lucro mínimo após rebalanceamento').isChecked()).toBe(true);
    await context.close();
  }, 180_000);
});
