import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DARF_RULE,
  EXCHANGES,
  COST_RULE,
  LOSS_RULE,
  TRANSFER_RULE,
  formatBRL,
  formatQuantityPtBr,
  TAX_NOTICE,
  MESSAGES,
  centsToReais,
  TAX_FOLD_VERSION,
  TaxLedger,
  emptyMonthResult,
  foldedMonthFromJson,
  foldedMonthToJson,
  historyOf,
  decriptoDuty,
  exchangeName,
  exchangeReports,
  exchangeTaxProfile,
  exemptionFor,
  formatFixed,
  ratesFor,
  saoPauloMonth,
  toCents,
  tradeOperations,
  type FoldedMonth,
  type TaxExchangeClassification,
  type TaxExchangeUpdate,
  type TaxHistory,
  type TaxMonthReport,
  type TaxMonthSummary,
  type TaxMonthsResponse,
  type TaxOperationRow,
  type TaxReportQuery,
  type TaxTradeInput,
  type TaxTransferInput,
  type TaxYearReport,
} from '@arbitra/contracts';
import { TaxReportingRepository, TransfersRepository, type KeptTaxMonth } from '@arbitra/db';
import { AccountDataRegistry } from '../users/account-data.registry.js';
import { monthFingerprints } from './month-fingerprints.js';
import { taxOperationsCsv } from './tax-csv.js';
import type { OwnerId } from '@arbitra/db';

/** Users whose computed history is kept in memory (the most recently asked). */
const CACHE_USERS = 200;
/** Most trades a month's CSV holds. */
const CSV_MAX_TRADES = 200_000;

/** A user's folded months with the fingerprint of the trades each folded, and the history they make. */
interface Cached {
  key: string;
  months: { fingerprint: string; folded: FoldedMonth }[];
  history: TaxHistory;
}

const reais = (cents: bigint) => centsToReais(cents);
const quantity = (q: bigint) => formatFixed(q, 18);

/**
 * The tax report of one user (issue 15 §3, §4; issue 25): live trades only, every figure from the rules of
 * packages/contracts/src/tax. Average cost needs every purchase since the first, so the history is folded month
 * by month and each folded month is kept (table `tax_months`, and in memory for the users most recently asked)
 * with the fingerprint of its month's trades; a report reads the days' fingerprints (`trade_day_totals`, a few
 * hundred rows a year) and folds again only from the first month whose trades changed, resumed from the kept
 * month before it.
 */
@Injectable()
export class TaxService implements OnModuleInit {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly repo: TaxReportingRepository,
    private readonly accountData: AccountDataRegistry,
    private readonly transfers: TransfersRepository,
  ) {}

  onModuleInit(): void {
    // LGPD export: the user's choices of which exchanges report to the Receita (the rows go with the account).
    this.accountData.addExporter('taxExchangeSettings', (userId) => this.repo.exchangeChoices(userId));
  }

  async months(userId: OwnerId, year: number): Promise<TaxMonthsResponse> {
    const [history, choices] = await Promise.all([this.history(userId), this.repo.exchangeChoices(userId)]);
    const years = [...new Set([...history.months.keys()].map((m) => Number(m.slice(0, 4))))].sort(
      (a, b) => b - a,
    );
    return { year, years, months: this.summaries(history, year, choices) };
  }

  async report(userId: OwnerId, q: TaxReportQuery): Promise<TaxMonthReport> {
    const [history, choices, page] = await Promise.all([
      this.history(userId),
      this.repo.exchangeChoices(userId),
      this.repo.liveTradesOfMonth(userId, q.month, (q.page - 1) * q.pageSize, q.pageSize),
    ]);
    const m = history.months.get(q.month) ?? emptyMonthResult(q.month);
    const d = decriptoDuty(m, choices);
    return {
      month: m.month,
      notice: TAX_NOTICE,
      liveOnlyNotice: MESSAGES.tax.liveOnly,
      hasOperations: m.operations > 0,
      salesTotal: reais(m.salesCents),
      exemptionLimit: reais(m.exemptionLimitCents),
      exempt: m.exempt,
      exemptionUsedPercent: Number((m.salesCents * 10_000n) / m.exemptionLimitCents) / 100,
      purchasesTotal: reais(m.purchasesCents),
      feesTotal: reais(m.feesCents),
      netGain: reais(m.netGainCents),
      gains: reais(m.gainsCents),
      losses: reais(m.lossesCents),
      taxableGain: reais(m.taxableGainCents),
      tax: reais(m.taxCents),
      darf: {
        code: m.darf.code,
        period: m.darf.period,
        dueDate: m.darf.dueDate,
        amount: reais(m.darf.amountCents),
        carriedIn: reais(m.darf.carriedInCents),
        payable: m.darf.payable,
        carriedOut: reais(m.darf.carriedOutCents),
      },
      decripto: {
        instrument: d.instrument,
        source: d.source,
        threshold: reais(d.thresholdCents),
        nonReportingTotal: reais(d.nonReportingCents),
        due: d.due,
        exchanges: d.exchanges.map((e) => ({
          exchange: e.exchange,
          name: exchangeName(e.exchange),
          reports: e.reports,
          volume: reais(e.volumeCents),
        })),
      },
      assets: m.assets.map((a) => ({
        asset: a.asset,
        boughtQuantity: quantity(a.boughtQuantity),
        soldQuantity: quantity(a.soldQuantity),
        purchases: reais(a.purchasesCents),
        sales: reais(a.salesCents),
        costOfSales: reais(a.costOfSalesCents),
        gain: reais(a.gainCents),
        gains: reais(a.gainsCents),
        losses: reais(a.lossesCents),
        uncoveredQuantity: quantity(a.uncoveredQuantity),
      })),
      unpricedOperations: m.unpricedOperations,
      abroadNotice: abroadNotice(m.volumeByExchangeCents.keys()),
      transfers: m.transfers ?? 0,
      withdrawalFees: (m.withdrawalFees ?? []).map((w) => ({
        asset: w.asset,
        quantity: quantity(w.quantity),
        value: reais(w.valueCents),
        cost: reais(w.costCents),
      })),
      withdrawalFeesNotice: m.withdrawalFees?.length
        ? MESSAGES.tax.withdrawalFees(
            m.withdrawalFees
              .map(
                (w) =>
                  `${formatQuantityPtBr(quantity(w.quantity))} ${w.asset} (${formatBRL(reais(w.valueCents))})`,
              )
              .join(', '),
          )
        : null,
      operations: { items: operationRows(page), page: q.page, pageSize: q.pageSize, total: m.trades },
      sources: {
        exemption: exemptionFor(q.month).source,
        rates: ratesFor(q.month).source,
        darf: DARF_RULE.source,
        loss: LOSS_RULE.source,
        cost: COST_RULE.source,
        transfer: TRANSFER_RULE.source,
        withdrawalFee: TRANSFER_RULE.withdrawalFee.source,
      },
    };
  }

  async csv(userId: OwnerId, month: string): Promise<{ filename: string; csv: string }> {
    const trades = await this.repo.liveTradesOfMonth(userId, month, 0, CSV_MAX_TRADES);
    return { filename: `impostos_${month}.csv`, csv: taxOperationsCsv(operationRows(trades)) };
  }

  async year(userId: OwnerId, year: number, now = new Date()): Promise<TaxYearReport> {
    const [history, choices] = await Promise.all([this.history(userId), this.repo.exchangeChoices(userId)]);
    // The balance of the last year with operations up to `year` (holdings carry over a year without trades).
    let balances = history.yearEndBalances.get(year);
    if (!balances) {
      const earlier = [...history.yearEndBalances.keys()].filter((y) => y < year).sort((a, b) => b - a)[0];
      balances = earlier === undefined ? [] : (history.yearEndBalances.get(earlier) ?? []);
    }
    const months = this.summaries(history, year, choices);
    return {
      year,
      notice: TAX_NOTICE,
      closed: year < Number(saoPauloMonth(now).slice(0, 4)),
      balances: balances.map((b) => ({
        asset: b.asset,
        quantity: quantity(b.quantity),
        cost: reais(b.costCents),
      })),
      months,
      totalTax: reais(
        [...history.months.values()]
          .filter((m) => m.month.startsWith(`${year}-`))
          .reduce((s, m) => s + m.taxCents, 0n),
      ),
    };
  }

  async exchanges(userId: OwnerId, now = new Date()): Promise<TaxExchangeClassification[]> {
    const choices = await this.repo.exchangeChoices(userId);
    const month = saoPauloMonth(now);
    return EXCHANGES.map((e) => {
      const profile = exchangeTaxProfile(e.id);
      const userChoice = choices[e.id] ?? null;
      const reportsByDefault = exchangeReports(e.id, month);
      return {
        exchange: e.id,
        name: e.displayName,
        country: profile.country,
        reportsByDefault,
        userChoice,
        reports: userChoice ?? reportsByDefault,
        note: profile.note,
      };
    });
  }

  async setExchange(userId: OwnerId, u: TaxExchangeUpdate): Promise<TaxExchangeClassification[]> {
    await this.repo.setExchangeChoice(userId, u.exchange, u.reports);
    return this.exchanges(userId);
  }

  private summaries(history: TaxHistory, year: number, choices: Record<string, boolean>): TaxMonthSummary[] {
    return [...history.months.values()]
      .filter((m) => m.month.startsWith(`${year}-`))
      .map((m) => ({
        month: m.month,
        operations: m.operations,
        salesTotal: reais(m.salesCents),
        exempt: m.exempt,
        netGain: reais(m.netGainCents),
        tax: reais(m.taxCents),
        darfPayable: m.darf.payable,
        decriptoDue: decriptoDuty(m, choices).due,
      }));
  }

  /**
   * The user's folded history: from memory when no day's fingerprint changed; else the kept months up to the
   * first month whose fingerprint changed (from memory, or from `tax_months` after an api start), folded on from
   * there with that month's trades onwards, and kept again from there.
   */
  private async history(userId: OwnerId): Promise<TaxHistory> {
    // The live trades' days and the live transfers' days (issue 29): either changing folds the month again.
    const [days, transferDays] = await Promise.all([
      this.repo.liveDayFingerprints(userId),
      this.transfers.liveDayFingerprints(userId),
    ]);
    for (const [day, fp] of transferDays) days.set(day, `${days.get(day) ?? ''}|T${fp}`);
    const key = [...days].map(([d, f]) => `${d}=${f}`).join('|');
    const hit = this.cache.get(userId);
    this.cache.delete(userId);
    if (hit && hit.key === key) {
      this.cache.set(userId, hit); // most recently used last
      return hit.history;
    }
    const fingerprints = monthFingerprints(days);
    const { kept, staleFrom } = hit
      ? { kept: hit.months, staleFrom: undefined }
      : keptFromRows(await this.repo.keptMonths(userId));
    // Kept months are true up to the first month (of those kept and those that may have trades now) that is not
    // kept, no longer has trades, or whose fingerprint changed.
    const all = [...new Set([...fingerprints.keys(), ...kept.map((k) => k.folded.result.month)])].sort();
    let valid = 0;
    while (
      valid < kept.length &&
      kept[valid]!.folded.result.month === all[valid] &&
      fingerprints.get(all[valid]!) === kept[valid]!.fingerprint
    )
      valid++;
    const from = [all[valid], staleFrom].filter((m): m is string => m !== undefined).sort()[0];
    let months = kept.slice(0, valid);
    if (from !== undefined) {
      const ledger = new TaxLedger(months.at(-1)?.folded.after);
      const toFold = [...fingerprints.keys()].filter((m) => m >= from);
      if (toFold.length) {
        const [trades, transfers] = await Promise.all([
          this.repo.liveTrades(userId, from),
          this.transfers.liveForTax(userId, from),
        ]);
        foldInOrder(ledger, trades, transfers);
      }
      // The fingerprints were read before the trades: a trade recorded in between changes them again next time.
      const folded = ledger
        .finish(toFold)
        .map((f) => ({ fingerprint: fingerprints.get(f.result.month) ?? '', folded: f }));
      months = [...months, ...folded];
      await this.repo.keepMonths(
        userId,
        from,
        folded.map((f): KeptTaxMonth => ({
          month: f.folded.result.month,
          version: TAX_FOLD_VERSION,
          fingerprint: f.fingerprint,
          folded: foldedMonthToJson(f.folded),
        })),
      );
    }
    const history = historyOf(months.map((m) => m.folded));
    this.cache.set(userId, { key, months, history });
    while (this.cache.size > CACHE_USERS) this.cache.delete(this.cache.keys().next().value!);
    return history;
  }
}

/** Trades and transfers into the ledger in execution order (each list is in order already). */
function foldInOrder(
  ledger: TaxLedger,
  trades: readonly TaxTradeInput[],
  transfers: readonly TaxTransferInput[],
): void {
  let j = 0;
  for (const t of trades) {
    while (j < transfers.length && transfers[j]!.executedAt < t.executedAt)
      ledger.addTransfer(transfers[j++]!);
    ledger.add(t);
  }
  while (j < transfers.length) ledger.addTransfer(transfers[j++]!);
}

/** The Lei 14.754/2023 notice when any exchange of the month is abroad (docs/TAX.md, what is not covered). */
function abroadNotice(exchanges: Iterable<string>): string | null {
  const abroad = [...exchanges].filter((e) => exchangeTaxProfile(e).country !== 'Brasil').map(exchangeName);
  return abroad.length ? MESSAGES.tax.abroad(abroad.sort().join(', ')) : null;
}

/** Kept rows → folded months, up to the first kept by another fold version (folded again from there). */
function keptFromRows(rows: readonly KeptTaxMonth[]): { kept: Cached['months']; staleFrom?: string } {
  const stale = rows.findIndex((r) => r.version !== TAX_FOLD_VERSION);
  const kept = (stale < 0 ? rows : rows.slice(0, stale)).map((r) => ({
    fingerprint: r.fingerprint,
    folded: foldedMonthFromJson(r.folded),
  }));
  return { kept, staleFrom: stale < 0 ? undefined : rows[stale]!.month };
}

/** Trades → the rows the page lists and the CSV exports. */
function operationRows(trades: readonly TaxTradeInput[]): TaxOperationRow[] {
  return trades.flatMap(tradeOperations).map((o) => ({
    executedAt: o.executedAt.toISOString(),
    type: o.kind === 'compra' ? 'Compra' : 'Venda',
    asset: o.asset,
    quantity: quantity(o.quantity),
    value: reais(toCents(o.value)),
    fees: reais(toCents(o.fee)),
    exchange: o.exchange,
    exchangeName: exchangeName(o.exchange),
    country: exchangeTaxProfile(o.exchange).country,
  }));
}
