import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { TaxReportingRepository, TradesRepository, TransfersRepository, createDataSource, type OwnerId } from '@arbitra/db';
import {
  TAX_FOLD_VERSION,
  TAX_NOTICE,
  TaxLedger,
  foldedMonthToJson,
  type TaxExchangeClassification,
  type TaxMonthReport,
  type TaxMonthsResponse,
} from '@arbitra/contracts';
import { demoTaxMonth, insertFixtureTrades, type FixtureTrade } from '../src/cli/live-trade-fixtures.js';
import { TaxService } from '../src/modules/tax/tax.service.js';
import { AccountDataRegistry } from '../src/modules/users/account-data.registry.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, type Client, type RegisteredUser } from './support/http.js';

/**
 * The 'Impostos' report over HTTP against Postgres (issue 15 §3, §4). Figures by hand, USDT/BRL 5,00, fees 0,1 %:
 *   31/03/2026 23:30 São Paulo (01/04 02:30 UTC): buy 0,2 BTC on MEXC at 60.000, sell on Mercado Bitcoin at 61.000
 *     BTC given: 12.200 USDT × 5 = R$ 61.000,00; proceeds 12.200 × 0,999 × 5 = R$ 60.939,00;
 *     BTC cost 12.000 × 1,001 × 5 = R$ 60.060,00; gain R$ 879,00;
 *     USDT received 12.187,8 at R$ 60.939,00; USDT given 12.012 (price + fee): R$ 60.060,00 at average cost
 *     R$ 5,00 → result 0 (issue 25: a disposal too);
 *     disposals R$ 61.000,00 + R$ 60.060,00 = R$ 121.060,00 (taxed); tax 15 % of R$ 879,00 = R$ 131,85, due
 *     30/04/2026; MEXC volume (its leg) R$ 60.000,00 > R$ 30.000,00 (IN 1.888/2019): DeCripto due.
 *   01/04/2026 00:30 São Paulo: the same at 0,01 BTC → April: R$ 3.050,00 + R$ 3.003,00 = R$ 6.053,00, exempt.
 *   A paper trade in March (never counts).
 *   Held on 31/12: the USDT the arbitrage left, 175,8 + 8,79 + 8,79 = 193,38 USDT at R$ 966,90 (no BTC).
 */
describe('tax report API (issue 15)', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let ds: ReturnType<typeof createDataSource>;
  let maria: RegisteredUser;
  let joao: RegisteredUser;

  const fixture = (
    key: string,
    spTime: string,
    amount: string,
    mode: 'live' | 'paper' = 'live',
  ): FixtureTrade => ({
    key,
    executedAt: new Date(`${spTime}-03:00`),
    pair: 'BTC/USDT',
    usdtBrl: '5.00',
    amount,
    buyExchange: 'mexc',
    buyPrice: '60000',
    sellExchange: 'mercadobitcoin',
    sellPrice: '61000',
    feeRate: '0.001',
    mode,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 0 });
    call = client(platform.baseUrl);
    ds = createDataSource(db.url);
    await ds.initialize();
    maria = await register(call, { name: 'Maria' });
    joao = await register(call, { name: 'João' });
    await insertFixtureTrades(new TradesRepository(ds), maria.id, 'Alfa', [
      fixture('tax:1', '2026-03-31T23:30:00', '0.2'),
      fixture('tax:2', '2026-04-01T00:30:00', '0.01'),
      fixture('tax:paper', '2026-03-15T12:00:00', '5', 'paper'),
    ]);
  });

  afterAll(async () => {
    await ds?.destroy();
    await platform?.close();
    await db?.drop();
  });

  const report = (token: string, month: string) =>
    call<TaxMonthReport>('GET', `/api/tax/report?month=${month}`, { token });

  it('puts a live trade of 31/03 23:30 in São Paulo in March, with its tax, DARF and DeCripto', async () => {
    const r = await report(maria.token, '2026-03');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      month: '2026-03',
      notice: TAX_NOTICE,
      salesTotal: '121060.00',
      exempt: false,
      netGain: '879.00',
      tax: '131.85',
      darf: { code: '4600', period: '2026-03', dueDate: '2026-04-30', amount: '131.85', payable: true },
      decripto: { due: true, nonReportingTotal: '60000.00', threshold: '30000.00' },
    });
    expect(r.body.operations.total).toBe(1);
    expect(
      r.body.operations.items.map((o) => [
        o.type,
        o.asset,
        o.quantity,
        o.exchangeName,
        o.value,
        o.fees,
        o.country,
      ]),
    ).toEqual([
      ['Compra', 'BTC', '0.2', 'MEXC', '60000.00', '60.00', 'Seicheles'],
      ['Compra', 'USDT', '12187.8', 'Mercado Bitcoin', '60939.00', '0.00', 'Brasil'],
      ['Venda', 'USDT', '12012', 'MEXC', '60060.00', '0.00', 'Seicheles'],
      ['Venda', 'BTC', '0.2', 'Mercado Bitcoin', '61000.00', '61.00', 'Brasil'],
    ]);
    expect(r.body.assets.find((a) => a.asset === 'USDT')).toMatchObject({ sales: '60060.00', gain: '0.00' });
    expect(r.body.abroadNotice).toContain(
      'Operações em exchanges no exterior (MEXC): pela Lei nº 14.754/2023',
    );
  });

  it('puts 01/04 00:30 in April, and lists both months of the year', async () => {
    const r = await report(maria.token, '2026-04');
    expect(r.body).toMatchObject({ salesTotal: '6053.00', exempt: true, tax: '0.00' });
    const months = await call<TaxMonthsResponse>('GET', '/api/tax/months?year=2026', { token: maria.token });
    expect(months.body.months.map((m) => m.month)).toEqual(['2026-03', '2026-04']);
    expect(months.body.years).toEqual([2026]);
  });

  it('never counts a paper trade (report and CSV)', async () => {
    const r = await report(maria.token, '2026-03');
    expect(r.body.operations.total).toBe(1);
    expect(r.body.operations.items.every((o) => o.quantity !== '5')).toBe(true);
    const csv = await call<string>('GET', '/api/tax/report.csv?month=2026-03', { token: maria.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('impostos_2026-03.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Data;Tipo;Ativo;Quantidade;Valor (R$);Taxas (R$);Exchange;País da exchange');
    expect(lines.slice(1)).toEqual([
      '31/03/2026 23:30:00;Compra;BTC;0,2;60000,00;60,00;MEXC;Seicheles',
      '31/03/2026 23:30:00;Compra;USDT;12187,8;60939,00;0,00;Mercado Bitcoin;Brasil',
      '31/03/2026 23:30:00;Venda;USDT;12012;60060,00;0,00;MEXC;Seicheles',
      '31/03/2026 23:30:00;Venda;BTC;0,2;61000,00;61,00;Mercado Bitcoin;Brasil',
    ]);
  });

  it('answers 400 in pt-BR to a bad month or year', async () => {
    for (const month of ['2026-13', '2026-3', 'março', '']) {
      const r = await call<{ message: string }>('GET', `/api/tax/report?month=${encodeURIComponent(month)}`, {
        token: maria.token,
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Mês inválido: use o formato AAAA-MM (ex.: 2026-03)');
    }
    const csv = await call('GET', '/api/tax/report.csv?month=2026-00', { token: maria.token });
    expect(csv.status).toBe(400);
    const year = await call<{ message: string }>('GET', '/api/tax/year?year=26', { token: maria.token });
    expect(year.status).toBe(400);
    expect(year.body.message).toBe('Ano inválido: use quatro dígitos (ex.: 2026)');
  });

  it('never shows another user’s trades', async () => {
    const r = await report(joao.token, '2026-03');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ hasOperations: false, salesTotal: '0.00', tax: '0.00' });
    expect(r.body.operations).toMatchObject({ total: 0, items: [] });
    const csv = await call<string>('GET', '/api/tax/report.csv?month=2026-03', { token: joao.token });
    expect(csv.body.replace('\uFEFF', '').trim().split('\r\n')).toHaveLength(1);
  });

  it('turns the DeCripto off when the user says MEXC reports, for that user only', async () => {
    const put = await call<TaxExchangeClassification[]>('PUT', '/api/tax/exchanges', {
      token: maria.token,
      body: { exchange: 'mexc', reports: true },
    });
    expect(put.status).toBe(200);
    expect(put.body.find((e) => e.exchange === 'mexc')).toMatchObject({
      userChoice: true,
      reports: true,
      reportsByDefault: false,
    });
    expect((await report(maria.token, '2026-03')).body.decripto).toMatchObject({
      due: false,
      nonReportingTotal: '0.00',
    });
    const other = await call<TaxExchangeClassification[]>('GET', '/api/tax/exchanges', { token: joao.token });
    expect(other.body.find((e) => e.exchange === 'mexc')).toMatchObject({ userChoice: null, reports: false });
    const bad = await call<{ message: string }>('PUT', '/api/tax/exchanges', {
      token: maria.token,
      body: { exchange: 'ftx', reports: true },
    });
    expect(bad.status).toBe(400);
  });

  it('shows a new live trade in the next report (refolded from its month)', async () => {
    expect((await report(maria.token, '2026-04')).body.salesTotal).toBe('6053.00');
    await insertFixtureTrades(new TradesRepository(ds), maria.id, 'Alfa', [
      fixture('tax:3', '2026-04-20T10:00:00', '0.01'),
    ]);
    const april = await report(maria.token, '2026-04');
    expect(april.body).toMatchObject({ salesTotal: '12106.00', netGain: '87.90' });
    expect(april.body.operations.total).toBe(2);
    expect((await report(maria.token, '2026-03')).body.tax).toBe('131.85');
  });

  it('keeps each folded month in tax_months, equal to a full recomputation from the trades', async () => {
    const rows: { month: string; version: number; folded: unknown }[] = await ds.query(
      `SELECT month, version, folded FROM tax_months WHERE user_id = $1 ORDER BY month`,
      [maria.id],
    );
    const full = new TaxLedger();
    for (const t of await new TaxReportingRepository(ds).liveTrades(maria.id as OwnerId)) full.add(t);
    expect(rows).toEqual(
      full.finish().map((f) => ({
        month: f.result.month,
        version: TAX_FOLD_VERSION,
        folded: JSON.parse(JSON.stringify(foldedMonthToJson(f))) as unknown,
      })),
    );
  });

  it('answers after an api start from tax_months, without reading the trades', async () => {
    const expected = (await report(maria.token, '2026-03')).body;
    const repo = new TaxReportingRepository(ds);
    repo.liveTrades = () => Promise.reject(new Error('the whole history was read'));
    const fresh = new TaxService(repo, new AccountDataRegistry(), new TransfersRepository(ds)); // nothing in memory, as after a start
    const r = await fresh.report(maria.id as OwnerId, { month: '2026-03', page: 1, pageSize: 50 });
    expect(JSON.parse(JSON.stringify(r))).toEqual(expected);
  });

  it('folds again the months kept by another fold version (a rule changed)', async () => {
    await ds.query(
      `UPDATE tax_months SET version = 1, folded = '{}'::jsonb WHERE user_id = $1 AND month = '2026-04'`,
      [maria.id],
    );
    const fresh = new TaxService(
      new TaxReportingRepository(ds),
      new AccountDataRegistry(),
      new TransfersRepository(ds),
    );
    const r = await fresh.report(maria.id as OwnerId, { month: '2026-04', page: 1, pageSize: 50 });
    expect(r).toMatchObject({ salesTotal: '12106.00', netGain: '87.90' });
    const rows: { version: number }[] = await ds.query(
      `SELECT version FROM tax_months WHERE user_id = $1 AND month = '2026-04'`,
      [maria.id],
    );
    expect(rows).toEqual([{ version: TAX_FOLD_VERSION }]);
  });

  it('gives the balance at cost on 31/12 for the year: the USDT really held, no BTC', async () => {
    const y = await call<{ balances: unknown[]; totalTax: string }>('GET', '/api/tax/year?year=2026', {
      token: maria.token,
    });
    expect(y.status).toBe(200);
    expect(y.body.totalTax).toBe('131.85');
    expect(y.body.balances).toEqual([{ asset: 'USDT', quantity: '193.38', cost: '966.90' }]);
  });

  it('counts a fee paid in a second currency (trade_legs.other_fees) as a disposal of that asset', async () => {
    // 10/06/2026, USDT/BRL 5,00: buy 0,1 BTC on MEXC at 60.000 (fee 6 USDT), sell on Mercado Bitcoin at 61.000
    // (fee 6,1 USDT, and 0,01 BNB in other_fees, BNB marked at 600 USDT by the ledger). By hand: BNB given
    // 0,01 × 600 × 5 = R$ 30,00 (none acquired: cost zero); BTC sold R$ 30.500,00 with fees R$ 30,50 + R$ 30,00;
    // USDT given 6.006 × 5 = R$ 30.030,00 → sales R$ 60.560,00; fees R$ 30,00 + R$ 60,50 = R$ 90,50.
    const ana = await register(call, { name: 'Ana' });
    await insertFixtureTrades(new TradesRepository(ds), ana.id, 'Alfa', [
      fixture('tax:fees', '2026-06-10T12:00:00', '0.1'),
    ]);
    await ds.query(
      `UPDATE trade_legs l SET other_fees = '[{"cost": "0.01", "currency": "BNB"}]'::jsonb
         FROM trades t WHERE t.id = l.trade_id AND t.user_id = $1 AND l.side = 'sell'`,
      [ana.id],
    );
    await ds.query(`UPDATE trades SET plan = '{"marks": {"BNB": "600"}}'::jsonb WHERE user_id = $1`, [
      ana.id,
    ]);
    const r = await report(ana.token, '2026-06');
    expect(r.body).toMatchObject({ salesTotal: '60560.00', feesTotal: '90.50', unpricedOperations: 0 });
    expect(r.body.assets.find((a) => a.asset === 'BNB')).toMatchObject({
      soldQuantity: '0.01',
      sales: '30.00',
      gain: '30.00',
      uncoveredQuantity: '0.01',
    });
    expect(
      r.body.operations.items
        .filter((o) => o.type === 'Venda')
        .map((o) => [o.asset, o.quantity, o.value, o.fees]),
    ).toEqual([
      ['USDT', '6006', '30030.00', '0.00'],
      ['BTC', '0.1', '30500.00', '60.50'],
      ['BNB', '0.01', '30.00', '0.00'],
    ]);
  });

  it('counts the USDT given in every trade of the demo user’s seeded month', async () => {
    const demo = await register(call, { name: 'Demo' });
    const seeded = demoTaxMonth(new Date('2026-08-15T12:00:00Z')); // July 2026
    await insertFixtureTrades(new TradesRepository(ds), demo.id, 'Demo', seeded);
    const r = await report(demo.token, '2026-07');
    // Independently (decimal.js): each trade gives amount × buy price × (1 + fee) USDT, valued at its rate, and
    // the base asset it sells, valued at amount × sell price × rate.
    const brl = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    let usdtGiven = new Decimal(0);
    let baseSold = new Decimal(0);
    for (const t of seeded) {
      usdtGiven = usdtGiven.plus(
        new Decimal(t.amount).mul(t.buyPrice).mul(new Decimal(1).plus(t.feeRate)).mul(t.usdtBrl),
      );
      baseSold = baseSold.plus(new Decimal(t.amount).mul(t.sellPrice).mul(t.usdtBrl));
    }
    expect(r.body.assets.find((a) => a.asset === 'USDT')!.sales).toBe(brl(usdtGiven));
    expect(r.body.salesTotal).toBe(brl(usdtGiven.plus(baseSold)));
    expect(r.body.operations.total).toBe(30);
  });
});
