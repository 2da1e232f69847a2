import type { FoldedMonth } from './compute.js';

/**
 * A folded month as JSON (the `tax_months` rows the api keeps, issue 25): a bigint as {"$n": "digits"}, a Map as
 * {"$map": [[key, value], …]}, everything else as it is, so every field of MonthTaxResult and TaxState goes
 * through without a list to keep in step. `TAX_FOLD_VERSION` changes whenever the rules change what a month folds
 * to, so months kept by an older version are folded again instead of being read.
 */
export const TAX_FOLD_VERSION = 4;

/** The JSON of a FoldedMonth (opaque: only foldedMonthFromJson reads it). */
export type FoldedMonthJson = { readonly result: unknown; readonly after: unknown };

function encode(v: unknown): unknown {
  if (typeof v === 'bigint') return { $n: v.toString() };
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [encode(k), encode(x)]) };
  if (Array.isArray(v)) return v.map(encode);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(x)]));
  return v;
}

function decode(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decode);
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if (typeof o.$n === 'string') return BigInt(o.$n);
  if (Array.isArray(o.$map))
    return new Map((o.$map as [unknown, unknown][]).map(([k, x]) => [decode(k), decode(x)]));
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, decode(x)]));
}

export const foldedMonthToJson = (f: FoldedMonth): FoldedMonthJson => encode(f) as FoldedMonthJson;

export const foldedMonthFromJson = (j: FoldedMonthJson): FoldedMonth => decode(j) as FoldedMonth;
