import type { AssetMonthResult, FoldedMonth, MonthTaxResult, TaxState } from './compute.js';

/**
 * A folded month as JSON (the `tax_months` rows the api keeps, issue 25): bigints as decimal strings, maps as
 * entry lists. `TAX_FOLD_VERSION` changes whenever the rules change what a month folds to, so months kept by an
 * older version are folded again instead of being read.
 */
export const TAX_FOLD_VERSION = 2;

type Json<T> = T extends bigint
  ? string
  : T extends Map<infer K, infer V>
    ? [K, Json<V>][]
    : T extends readonly (infer E)[]
      ? Json<E>[]
      : T extends object
        ? { [P in keyof T]: Json<T[P]> }
        : T;

export interface FoldedMonthJson {
  result: Json<MonthTaxResult>;
  after: { pools: [string, { quantity: string; cost: string }][]; darfCarryCents: string };
}

const big = (v: string) => BigInt(v);

function assetToJson(a: AssetMonthResult): Json<AssetMonthResult> {
  return {
    asset: a.asset,
    boughtQuantity: String(a.boughtQuantity),
    soldQuantity: String(a.soldQuantity),
    purchasesCents: String(a.purchasesCents),
    salesCents: String(a.salesCents),
    gainCents: String(a.gainCents),
    gainsCents: String(a.gainsCents),
    lossesCents: String(a.lossesCents),
    costOfSalesCents: String(a.costOfSalesCents),
    uncoveredQuantity: String(a.uncoveredQuantity),
  };
}

function assetFromJson(a: Json<AssetMonthResult>): AssetMonthResult {
  return {
    asset: a.asset,
    boughtQuantity: big(a.boughtQuantity),
    soldQuantity: big(a.soldQuantity),
    purchasesCents: big(a.purchasesCents),
    salesCents: big(a.salesCents),
    gainCents: big(a.gainCents),
    gainsCents: big(a.gainsCents),
    lossesCents: big(a.lossesCents),
    costOfSalesCents: big(a.costOfSalesCents),
    uncoveredQuantity: big(a.uncoveredQuantity),
  };
}

export function foldedMonthToJson(f: FoldedMonth): FoldedMonthJson {
  const r = f.result;
  return {
    result: {
      month: r.month,
      trades: r.trades,
      operations: r.operations,
      unpricedOperations: r.unpricedOperations,
      salesCents: String(r.salesCents),
      purchasesCents: String(r.purchasesCents),
      feesCents: String(r.feesCents),
      exemptionLimitCents: String(r.exemptionLimitCents),
      exempt: r.exempt,
      netGainCents: String(r.netGainCents),
      gainsCents: String(r.gainsCents),
      lossesCents: String(r.lossesCents),
      taxableGainCents: String(r.taxableGainCents),
      taxCents: String(r.taxCents),
      darf: {
        code: r.darf.code,
        period: r.darf.period,
        dueDate: r.darf.dueDate,
        amountCents: String(r.darf.amountCents),
        carriedInCents: String(r.darf.carriedInCents),
        payable: r.darf.payable,
        carriedOutCents: String(r.darf.carriedOutCents),
      },
      volumeByExchangeCents: [...r.volumeByExchangeCents].map(([e, v]) => [e, String(v)]),
      assets: r.assets.map(assetToJson),
    },
    after: {
      pools: [...f.after.pools].map(([a, p]) => [a, { quantity: String(p.quantity), cost: String(p.cost) }]),
      darfCarryCents: String(f.after.darfCarryCents),
    },
  };
}

export function foldedMonthFromJson(j: FoldedMonthJson): FoldedMonth {
  const r = j.result;
  const after: TaxState = {
    pools: new Map(j.after.pools.map(([a, p]) => [a, { quantity: big(p.quantity), cost: big(p.cost) }])),
    darfCarryCents: big(j.after.darfCarryCents),
  };
  return {
    result: {
      month: r.month,
      trades: r.trades,
      operations: r.operations,
      unpricedOperations: r.unpricedOperations,
      salesCents: big(r.salesCents),
      purchasesCents: big(r.purchasesCents),
      feesCents: big(r.feesCents),
      exemptionLimitCents: big(r.exemptionLimitCents),
      exempt: r.exempt,
      netGainCents: big(r.netGainCents),
      gainsCents: big(r.gainsCents),
      lossesCents: big(r.lossesCents),
      taxableGainCents: big(r.taxableGainCents),
      taxCents: big(r.taxCents),
      darf: {
        code: r.darf.code,
        period: r.darf.period,
        dueDate: r.darf.dueDate,
        amountCents: big(r.darf.amountCents),
        carriedInCents: big(r.darf.carriedInCents),
        payable: r.darf.payable,
        carriedOutCents: big(r.darf.carriedOutCents),
      },
      volumeByExchangeCents: new Map(r.volumeByExchangeCents.map(([e, v]) => [e, big(v)])),
      assets: r.assets.map(assetFromJson),
    },
    after,
  };
}
