import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAX_CSV_COLUMNS, TAX_NOTICE } from '@arbitra/contracts';
import { loginByApi, openSignedIn } from './support/accounts.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { goTo } from './support/nav.js';

/** The month before `now` in São Paulo ('YYYY-MM'): the demo user's seeded live month. */
function previousSaoPauloMonth(now = new Date()): string {
  const sp = new Date(now.getTime() - 3 * 3600_000);
  const y = sp.getUTCMonth() === 0 ? sp.getUTCFullYear() - 1 : sp.getUTCFullYear();
  const m = sp.getUTCMonth() === 0 ? 12 : sp.getUTCMonth();
  return `${y}-${String(m).padStart(2, '0')}`;
}

describe("'Impostos' in the browser (issue 15)", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowser();
  });

  it('the demo user opens Impostos, reads the meter and the DARF worksheet, and downloads the CSV', async () => {
    const month = previousSaoPauloMonth();
    const { page, context } = await openSignedIn(
      browser,
      await loginByApi('demo@arbitra.local', 'demo12345'),
    );
    try {
      await goTo(page, 'Impostos');
      const tab = page.getByRole('region', { name: 'Impostos' });
      await tab.getByText(TAX_NOTICE).waitFor({ timeout: 30_000 });
      await tab
        .getByText('Somente trades reais (modo real) entram no relatório; trades simulados nunca contam.')
        .waitFor();

      // The seeded live month opens by itself: 30 trades, disposals far over R$ 35.000,00.
      const meter = tab.getByRole('progressbar', {
        name: 'Alienações do mês em relação ao limite de isenção',
      });
      await meter.waitFor({ timeout: 30_000 });
      expect(await meter.getAttribute('aria-valuenow')).toBe('100');
      expect(await tab.getByTestId('tax-sales-total').innerText()).toMatch(
        /^R\$\s[\d.]+,\d\d de R\$\s35\.000,00$/,
      );
      await tab.getByText('Acima do limite: o ganho do mês é tributado').waitFor();
      expect(await tab.getByRole('heading', { name: /Relatório de/ }).innerText()).toBe(
        `Relatório de ${month.slice(5)}/${month.slice(0, 4)}`,
      );

      const darf = tab.getByTestId('darf-worksheet');
      await darf.getByText('DARF — código 4600').waitFor();
      expect(await darf.getByTestId('darf-amount').innerText()).toMatch(/^R\$\s[\d.]*[1-9][\d.]*,\d\d$/);
      await darf.getByText(/^Pagar até \d\d\/\d\d\/\d{4}$/).waitFor();
      await tab.getByText('DeCripto devida neste mês').waitFor();
      const assets = tab.getByRole('table', { name: 'Ganho por ativo' });
      expect(await assets.getByRole('row').count()).toBe(4); // header, BTC, ETH, USDT (the USDT given is a disposal)
      await assets.getByRole('cell', { name: 'USDT', exact: true }).waitFor();
      await screenshot(page, 'tax');

      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 15_000 }),
        tab.getByRole('button', { name: 'Baixar CSV do mês' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`impostos_${month}.csv`);
      const bytes = readFileSync(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(TAX_CSV_COLUMNS.join(';'));
      const rows = lines.slice(1, -1).map((l) => l.split(';'));
      // 30 trades × 2 legs × (the asset received and the asset given): every leg's USDT is listed too.
      expect(rows).toHaveLength(120);
      expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['Compra', 'Venda']));
      expect(rows.filter((r) => r[2] === 'USDT' && r[1] === 'Venda')).toHaveLength(30);
      expect(rows.every((r) => r[0]!.slice(3, 10) === `${month.slice(5)}/${month.slice(0, 4)}`)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
