import { Decimal } from 'decimal.js';
import { networkMinutes, type ExchangeNetworks, type NetworkFee } from '@arbitra/contracts';

/**
 * ccxt's answers about withdrawals mapped to the transfer-fee table's rows (issue 29). Pure: the refresher passes
 * what `fetchCurrencies` and/or `fetchDepositWithdrawFees` answered, as plain objects.
 *
 * - `fetchCurrencies()`: `{ [code]: { active, deposit, withdraw, fee, limits: { withdraw: { min } }, networks: {
 *   [network]: { id, network, active, deposit, withdraw, fee, limits: { withdraw: { min } } } } } }` — which networks
 *   are open and their fees.
 * - `fetchDepositWithdrawFees()`: `{ [code]: { withdraw: { fee }, networks: { [network]: { withdraw: { fee } } } } }`
 *   — the fees only (a network it lists is taken as open unless fetchCurrencies says otherwise).
 *
 * ccxt unifies most network codes (ERC20, TRC20, BEP20…) but not all exchanges alike; `ourNetwork` maps the names
 * seen to the table's codes, and a network it does not know is left out (never guessed).
 */

export interface CcxtNetwork {
  id?: string;
  network?: string;
  active?: boolean | null;
  deposit?: boolean | null;
  withdraw?: boolean | null;
  fee?: number | string | null;
  limits?: { withdraw?: { min?: number | string | null } };
}
export interface CcxtCurrency extends CcxtNetwork {
  code?: string;
  networks?: Record<string, CcxtNetwork>;
}
export interface CcxtFee {
  withdraw?: { fee?: number | string | null };
  networks?: Record<string, { withdraw?: { fee?: number | string | null } }>;
}

const ALIASES: Record<string, string> = {
  BTC: 'BTC',
  ETH: 'ERC20',
  ERC20: 'ERC20',
  TRX: 'TRC20',
  TRON: 'TRC20',
  TRC20: 'TRC20',
  BSC: 'BEP20',
  BEP20: 'BEP20',
  'BEP20(BSC)': 'BEP20',
  ARB: 'ARBITRUM',
  ARBONE: 'ARBITRUM',
  ARBITRUM: 'ARBITRUM',
  ARBEVM: 'ARBITRUM',
  MATIC: 'POLYGON',
  POL: 'POLYGON',
  POLYGON: 'POLYGON',
  AVAXC: 'AVAXC',
  AVAX_C: 'AVAXC',
  'AVAX-C': 'AVAXC',
  CCHAIN: 'AVAXC',
  SOL: 'SOL',
  ADA: 'ADA',
  DOT: 'DOT',
};

/** Our network code for a ccxt network name (null: unknown, left out). */
export function ourNetwork(name: string): string | null {
  return ALIASES[name.trim().toUpperCase()] ?? null;
}

/** A number ccxt gave (number or string) as an exact decimal string; null when absent or not a number. */
function dec(v: number | string | null | undefined): string | null {
  if (v === null || v === undefined || v === '') return null;
  try {
    const d = new Decimal(typeof v === 'number' ? v.toString() : v);
    return d.isFinite() && !d.isNegative() ? d.toFixed() : null;
  } catch {
    return null;
  }
}

/**
 * The networks of each asset in `assets` that the answers describe. A network is kept when its fee is known (from
 * either answer); it is open for withdrawal/deposit unless an answer says otherwise (`withdraw`/`deposit` false, or
 * `active` false). An asset neither answer lists is left out (the table keeps its figures).
 */
export function networksFromCcxt(
  assets: readonly string[],
  answers: { currencies?: Record<string, CcxtCurrency> | null; fees?: Record<string, CcxtFee> | null },
): ExchangeNetworks {
  const out: ExchangeNetworks = {};
  for (const asset of assets) {
    const cur = answers.currencies?.[asset];
    const fee = answers.fees?.[asset];
    const names = new Set([...Object.keys(cur?.networks ?? {}), ...Object.keys(fee?.networks ?? {})]);
    const rows = new Map<string, NetworkFee>();
    for (const name of [...names].sort()) {
      const network = ourNetwork(name);
      if (!network || rows.has(network)) continue;
      const n = cur?.networks?.[name];
      const f = dec(n?.fee) ?? dec(fee?.networks?.[name]?.withdraw?.fee);
      if (f === null) continue;
      const off = n?.active === false || cur?.active === false;
      rows.set(network, {
        network,
        fee: f,
        minWithdraw: dec(n?.limits?.withdraw?.min) ?? '0',
        withdraw: !off && n?.withdraw !== false && cur?.withdraw !== false,
        deposit: !off && n?.deposit !== false && cur?.deposit !== false,
        minutes: networkMinutes(network),
      });
    }
    if (rows.size > 0) out[asset] = [...rows.values()];
  }
  return out;
}
