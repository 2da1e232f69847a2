import { readFileSync } from 'node:fs';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGES, PAIRS, TRADES_BRL_CSV_COLUMNS, formatBRL } from '@arbitra/contracts';
import { newAccount, openSignedIn, registerSessionByApi } from './support/accounts.js';
import { api, until } from './support/api.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { goTo } from './support/nav.js';

/** SPEC §5's bot messages, word for word, in the order the form checks them. */
const MSG = {
  name: 'Nome do bot é obrigatório',
  pairs: 'Selecione pelo menos um par de moedas',
  exchanges: 'Selecione pelo menos duas exchanges',
  maxInvestment: 'Investimento máximo deve ser maior que zero',
  minProfit: 'Lucro mínimo deve ser maior que zero',
} as const;

/** The names the screens and the CSV show. */
const EXCHANGE_LABELS = EXCHANGES.map((e) => e.displayName);

/** SPEC §9 columns, DECISIONS §9 separator. */
const CSV_HEADER = 'Data;Bot;Par;Compra;Venda;Preço Compra;Preço Venda;Quantidade;Lucro;Lucro %;Status';

const FIRST_TRADE_TIMEOUT_MS = 90_000;

interface TradesAnswer {
  trades: { pair: string; buyExchange: string; sellExchange: string; status: string }[];
  stats: {
    totalTrades: number;
    totalProfit: number;
    totalProfitBrl: string;
    successRate: number;
    avgProfit: number;
  };
  total: number;
}

const tradesOf = (token: string, query: Record<string, string>) =>
  api<TradesAnswer>(
    token,
    'GET',
    `/api/trades?${new URLSearchParams({ pageSize: '100', ...query }).toString()}`,
  );

/** Today in São Paulo as YYYY-MM-DD. */
const saoPauloDay = (d = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

const brNumber = (n: number, decimals: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    n,
  );

/** A summary card's figure: the content beside its title (an h3). */
const cardValue = async (scope: Locator, title: string) =>
  (
    await scope
      .getByRole('heading', { name: title, exact: true })
      .locator('xpath=../following-sibling::div[1]')
      .innerText()
  ).trim();

interface HistoryView {
  total: string;
  successRate: string;
  profit: string;
  rows: {
    bot: string;
    pair: string;
    buy: string;
    sell: string;
    buyPrice: string;
    sellPrice: string;
    profit: string;
    status: string;
    mode: string;
  }[];
  empty: boolean;
  footer: string | null;
}

/** What the 'Histórico de Trades' tab shows: its summary cards and the table's rows. */
async function readHistory(history: Locator): Promise<HistoryView> {
  const value = (label: string) => cardValue(history, label);
  const rows = await history
    .getByRole('row')
    .filter({ has: history.page().getByRole('cell') })
    .all();
  const cells = await Promise.all(rows.map((r) => r.getByRole('cell').allInnerTexts()));
  const footer = history.getByText(/^Página \d+ de \d+ · \d+ trades?$/);
  return {
    total: await value('Total de trades'),
    successRate: await value('Taxa de sucesso'),
    profit: await value('Lucro total'),
    rows: cells.map((c) => ({
      bot: c[1] ?? '',
      pair: c[2] ?? '',
      // The deciding figures first (issue 27): Data, Bot, Par, Lucro, Lucro %, Após rebalanc. (issue 29), Status,
      // then the fills.
      profit: c[3] ?? '',
      status: c[6] ?? '',
      buy: c[7] ?? '',
      sell: c[8] ?? '',
      buyPrice: c[9] ?? '',
      sellPrice: c[10] ?? '',
      mode: c[13] ?? '',
    })),
    empty: await history.getByText('Nenhum trade encontrado para os filtros escolhidos.').isVisible(),
    // allInnerTexts does not wait: the footer may go (an empty result) between a count and a read
    footer: (await footer.allInnerTexts())[0] ?? null,
  };
}

describe('a paper bot in Chromium: validation, a live trade, history filters and CSV', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('shows each bot message in order, trades on the simulated market, filters the history and exports the CSV', async () => {
    const started = Date.now();
    const lap = (label: string) =>
      console.log(`[bots-trading] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const account = newAccount('trading');
    const session = await registerSessionByApi(account);
    const { token } = session;
    // A second, idle bot, so the history's bot filter has something to tell apart.
    const idleName = 'Bot reserva';
    await api(token, 'POST', '/api/bots', {
      name: idleName,
      pairs: ['BTC/USDT'],
      exchanges: ['binance', 'bybit'],
      maxInvestment: 1000,
      minProfitPercent: 5,
    });
    const { page, context } = await openSignedIn(browser, session);
    await goTo(page, 'Bots');
    const botsTab = page.getByRole('region', { name: 'Bots' });
    await botsTab.getByRole('button', { name: 'Novo bot' }).click();

    // 1. SPEC §5, one message at a time, in order; each fixed before the next submit.
    const form = page.getByRole('dialog', { name: 'Novo bot' });
    const alert = form.getByRole('alert');
    const submit = form.getByRole('button', { name: 'Criar bot' });
    const maxInvestment = form.getByLabel('Investimento máximo (R$)');
    const minProfit = form.getByLabel('Lucro mínimo (%)');
    expect(await maxInvestment.inputValue()).toBe('1.000'); // pt-BR in the inputs
    expect(await minProfit.inputValue()).toBe('1,5');
    await form.getByLabel('Nome do bot').fill('   ');
    await maxInvestment.fill('0');
    await minProfit.fill('0');
    const expectOnly = async (message: string) => {
      await submit.click();
      await alert.getByText(message, { exact: true }).waitFor({ timeout: 5_000 });
      expect(await alert.allInnerTexts()).toEqual([message]);
    };
    const botName = `Bot Trader ${account.name.slice(-4)}`;
    await expectOnly(MSG.name);
    await form.getByLabel('Nome do bot').fill(botName);
    await alert.waitFor({ state: 'detached' }); // the message clears when a field changes (SPEC §4)
    await expectOnly(MSG.pairs);
    for (const p of PAIRS) await form.getByLabel(p, { exact: true }).check();
    await expectOnly(MSG.exchanges);
    await form.getByLabel('Binance', { exact: true }).check();
    await alert.waitFor({ state: 'detached' });
    await expectOnly(MSG.exchanges); // one exchange is still fewer than two
    for (const x of EXCHANGE_LABELS.filter((l) => l !== 'Binance'))
      await form.getByLabel(x, { exact: true }).check();
    await expectOnly(MSG.maxInvestment);
    await maxInvestment.fill('250000');
    await expectOnly(MSG.minProfit);
    await minProfit.fill('0,1');
    await form.getByLabel('Nível de risco').selectOption({ label: 'Alto' });
    await screenshot(page, 'bots-trading-form');
    await submit.click();
    await page.getByText('Bot criado com sucesso!').first().waitFor();
    await form.waitFor({ state: 'detached' });
    lap('bot criado');

    // 2. Start it.
    const card = botsTab
      .getByRole('list', { name: 'Seus bots' })
      .getByRole('listitem')
      .filter({ hasText: botName });
    await card.getByText('Parado').waitFor();
    const cardText = await card.innerText();
    expect(cardText).toContain('Simulado');
    expect(cardText).toContain('Risco Alto');
    expect(cardText).toMatch(/R\$\s250\.000,00/); // Intl puts a no-break space after R$
    expect(cardText).toContain('0,1%');
    await card.getByRole('button', { name: 'Iniciar' }).click();
    await card.getByText('Executando').waitFor();
    lap('bot iniciado');

    // 3. A trade arrives live ('trade:new' refreshes the detail, 'bot:status' the card), no reload.
    await page.evaluate('window.__semReload = true');
    await card.getByRole('button', { name: 'Detalhes' }).click();
    const detail = page.getByRole('dialog', { name: botName });
    const tradeRow = detail
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: /^(Concluído|Falhou)$/ }) })
      .first();
    await tradeRow.waitFor({ timeout: FIRST_TRADE_TIMEOUT_MS });
    lap('primeiro trade na tela');
    const [when = '', pair = '', route = '', , realised = '', status = '', mode = ''] = await tradeRow
      .getByRole('cell')
      .allInnerTexts();
    // R$ first, USDT second (issue 15), and the paper trade tagged 'Simulado'.
    expect(realised).toMatch(/^-?R\$\s[\d.]+,\d{2} · -?[\d.]+,\d{2} USDT \(/);
    expect(mode).toBe('Simulado');
    expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(PAIRS).toContain(pair);
    const [buyExchange = '', sellExchange = ''] = route.split(' → ');
    expect(EXCHANGE_LABELS).toContain(buyExchange);
    expect(EXCHANGE_LABELS).toContain(sellExchange);
    expect(buyExchange).not.toBe(sellExchange);
    expect(['Concluído', 'Falhou']).toContain(status);
    expect(await detail.getByText('Executando', { exact: true }).count()).toBe(1);
    await screenshot(page, 'bots-trading-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await card.getByText(/· [1-9]\d* trades?$/).waitFor();
    expect(Number(await cardValue(botsTab, 'Trades'))).toBeGreaterThan(0);
    await screenshot(page, 'bots-trading-dashboard');
    expect(await page.evaluate<boolean>("'__semReload' in window")).toBe(true); // the same document all along

    // 4. Stop it, and let what was already under way finish.
    await card.getByRole('button', { name: 'Parar' }).click();
    await card.getByText('Parado').waitFor();
    lap('bot parado');
    let previous = -1;
    const settled = await until(
      () => tradesOf(token, { dateRange: 'all' }),
      (r) => {
        const stable = r.total === previous && r.trades.every((t) => t.status !== 'pending');
        previous = r.total;
        return stable;
      },
      'trades estáveis depois de parar o bot',
    );
    const completed = (await tradesOf(token, { dateRange: 'all', status: 'completed' })).total;
    const failed = (await tradesOf(token, { dateRange: 'all', status: 'failed' })).total;
    const all = settled.total;
    expect(completed + failed).toBe(all);
    console.log(`[bots-trading] trades: ${all} (${completed} concluídos, ${failed} falharam)`);

    // 5. Histórico de Trades: the cards and the table follow the filters.
    await goTo(page, 'Histórico de Trades');
    const history = page.getByRole('region', { name: 'Histórico de Trades' });
    const period = history.getByRole('group', { name: 'Período' });
    const statusFilter = history.getByRole('group', { name: 'Status' });
    const botFilter = history.getByLabel('Bot', { exact: true });
    expect(await period.getByRole('button', { name: '30 dias' }).getAttribute('aria-pressed')).toBe('true');
    expect(await statusFilter.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const shows = async (what: string, count: number, status?: 'Concluído' | 'Falhou', bot = botName) =>
      until(
        () => readHistory(history),
        (v) =>
          v.total === String(count) &&
          v.rows.length === Math.min(count, 20) &&
          v.empty === (count === 0) &&
          (count === 0 || v.footer?.endsWith(`· ${count} ${count === 1 ? 'trade' : 'trades'}`) === true) &&
          v.rows.every((r) => r.bot === bot && (!status || r.status === status)),
        what,
      );

    const everything = await shows('todos os trades (30 dias)', all);
    // R$ first, USDT second (issue 15); every row of the paper bot is tagged 'Simulado'.
    const spaces = (t: string) => t.replace(/\s+/g, ' ');
    expect(spaces(everything.profit)).toBe(
      spaces(`${formatBRL(settled.stats.totalProfitBrl)}\n${brNumber(settled.stats.totalProfit, 2)} USDT`),
    );
    for (const r of everything.rows) {
      expect(r.profit).toMatch(/^-?R\$\s[\d.]+,\d{2} · -?[\d.]+,\d{2} USDT$/);
      expect(r.mode).toBe('Simulado');
    }
    expect(everything.successRate).toBe(`${brNumber(settled.stats.successRate, 1)}%`);
    if (all <= 20) {
      // the trade seen on the dashboard is on the first page
      expect(
        everything.rows.some((r) => r.pair === pair && r.buy === buyExchange && r.sell === sellExchange),
      ).toBe(true);
    }
    for (const r of everything.rows) {
      expect(EXCHANGE_LABELS).toContain(r.buy);
      expect(r.buyPrice).toMatch(/^\d{1,3}(\.\d{3})*,\d{2,6}$/);
      expect(r.sellPrice, 'the spread shows in the prices').not.toBe(r.buyPrice);
    }
    await screenshot(page, 'bots-trading-history');

    await statusFilter.getByRole('button', { name: 'Concluído' }).click();
    const onlyCompleted = await shows('só concluídos', completed, 'Concluído');
    expect(onlyCompleted.successRate).toBe(completed > 0 ? '100,0%' : '0,0%');
    await statusFilter.getByRole('button', { name: 'Falhou' }).click();
    const onlyFailed = await shows('só falhos', failed, 'Falhou');
    expect(onlyFailed.successRate).toBe('0,0%');
    expect(await statusFilter.getByRole('button', { name: 'Falhou' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await statusFilter.getByRole('button', { name: 'Todos' }).click();
    await shows('todos de novo', all);

    await botFilter.selectOption({ label: idleName });
    await shows('o bot que não operou', 0);
    await botFilter.selectOption({ label: botName });
    await shows('o bot que operou', all);
    await period.getByRole('button', { name: '7 dias' }).click();
    await shows('7 dias', all);
    await period.getByRole('button', { name: 'Tudo' }).click();
    await shows('todo o período', all);
    expect(await period.getByRole('button', { name: 'Tudo' }).getAttribute('aria-pressed')).toBe('true');
    // Mode: the paper bot's trades are all 'Simulado', none 'Real'.
    const modeFilter = history.getByRole('group', { name: 'Modo' });
    expect(await modeFilter.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('true');
    await modeFilter.getByRole('button', { name: 'Real' }).click();
    await shows('só trades reais', 0);
    await modeFilter.getByRole('button', { name: 'Simulado' }).click();
    await shows('só trades simulados', all);
    await modeFilter.getByRole('button', { name: 'Todos' }).click();
    await shows('todos os modos', all);
    lap('filtros conferidos');

    // 6. CSV of the filtered set (Tudo, Todos, this bot), by the server (DECISIONS §9).
    const dayBefore = saoPauloDay();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      history.getByRole('button', { name: 'Exportar CSV', exact: true }).click(),
    ]);
    const days = [dayBefore, saoPauloDay()];
    expect(days.map((d) => `trades_${d}.csv`)).toContain(download.suggestedFilename());
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((l) => l.split(';'));
    expect(rows).toHaveLength(all);
    for (const r of rows) {
      expect(r).toHaveLength(11);
      const [date, bot, , buy, sell, buyPrice, sellPrice, amount, profit, profitPct, rowStatus] = r;
      expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(bot).toBe(botName);
      expect(EXCHANGE_LABELS).toContain(buy);
      expect(EXCHANGE_LABELS).toContain(sell);
      for (const n of [buyPrice, sellPrice, amount]) expect(n).toMatch(/^\d+(,\d+)?$/);
      expect(profit).toMatch(/^-?\d+,\d{2}$/);
      expect(profitPct).toMatch(/^-?\d+,\d{2}$/);
      expect(['Concluído', 'Falhou']).toContain(rowStatus);
    }
    const seen = rows.find((r) => r[2] === pair && r[3] === buyExchange && r[4] === sellExchange);
    expect(seen, `a linha de ${pair} ${buyExchange} → ${sellExchange}`).toBeDefined();
    expect(seen![8]).toMatch(/^-?\d+,\d{2}$/); // the profit, with a decimal comma
    lap('CSV conferido');

    // 7. The second CSV: the same rows with the USDT/BRL rate and the R$ figures (issue 15).
    const [brlDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      history.getByRole('button', { name: 'Exportar CSV em R$' }).click(),
    ]);
    expect([dayBefore, saoPauloDay()].map((d) => `trades_brl_${d}.csv`)).toContain(
      brlDownload.suggestedFilename(),
    );
    const brlBytes = readFileSync(await brlDownload.path());
    expect([...brlBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const brlLines = brlBytes.subarray(3).toString('utf8').split('\r\n');
    expect(brlLines[0]).toBe(TRADES_BRL_CSV_COLUMNS.join(';'));
    expect(brlLines[0]).toBe(`${CSV_HEADER};Moeda;Modo;Cotação USDT/BRL;Volume R$;Taxas R$;Lucro R$`);
    const brlRows = brlLines.slice(1, -1).map((l) => l.split(';'));
    expect(brlRows).toHaveLength(all);
    for (const r of brlRows) {
      expect(r).toHaveLength(17);
      const [quote, rowMode, rate, volume, fees, profit] = r.slice(11);
      expect(quote).toBe('USDT');
      expect(rowMode).toBe('Simulado');
      expect(rate).toMatch(/^\d+,\d+$/);
      for (const n of [volume, fees]) expect(n).toMatch(/^\d+,\d{2}$/);
      expect(profit).toMatch(/^-?\d+,\d{2}$/);
    }
    lap('CSV em R$ conferido');
    await context.close();
  }, 240_000);
});
