import { Decimal } from 'decimal.js';
import type { ExchangeId } from './exchanges.js';

/**
 * Moving an asset between two of the user's exchange accounts (issue 29): the withdrawal fee of each network, in
 * the asset withdrawn, whether the exchange lets you withdraw or deposit on it today, the smallest withdrawal, and
 * the time a transfer takes until the receiving exchange credits it (confirmations included).
 *
 * THE one table every rebalancing figure reads: the plan (which transfers restore a bot's split), the scanner's
 * and the ledger's 'lucro após rebalanceamento', paper transfers and the backtest's rebalancing rule. A plan says
 * which table it used (`source` and `asOf`): the one shipped here, or one refreshed through ccxt
 * (`fetchDepositWithdrawFees` / `fetchCurrencies`) when the platform can reach the exchanges.
 *
 * Amounts are exact decimal strings, never binary floats.
 */
export interface NetworkFee {
  /** Our network code (the same on every exchange): 'BTC', 'ERC20', 'TRC20', 'BEP20', 'SOL', 'ARBITRUM', … */
  network: string;
  /** Withdrawal fee, in the asset withdrawn. */
  fee: string;
  /** Smallest amount the exchange lets you withdraw on this network. */
  minWithdraw: string;
  /** The exchange lets you withdraw this asset on this network today. */
  withdraw: boolean;
  /** The exchange credits deposits of this asset on this network today. */
  deposit: boolean;
  /** Expected minutes from the withdrawal to the credit on the other side. */
  minutes: number;
}

export interface TransferFeeTable {
  /** 'embarcada': the table shipped below; 'ccxt': refreshed from the exchanges. */
  source: 'embarcada' | 'ccxt';
  /** When the figures were taken (ISO date, or date-time for a refresh). */
  asOf: string;
  /** Where the figures come from, in words a user can check (pt-BR). */
  origin: string;
  fees: Record<ExchangeId, Record<string, NetworkFee[]>>;
}

/** One transfer's route: the cheapest network on which `from` withdraws and `to` deposits. */
export interface TransferRoute {
  asset: string;
  from: ExchangeId;
  to: ExchangeId;
  network: string;
  fee: string;
  minWithdraw: string;
  minutes: number;
}

// ── The shipped table ─────────────────────────────────────────────────────────────────────────────────────
// Network times: typical confirmations each exchange asks for, at normal block times (BTC 2–3 blocks; Ethereum
// ~64 blocks; Tron ~20; BSC ~15; Solana seconds, plus the exchanges' own processing).
const MINUTES: Record<string, number> = {
  BTC: 40,
  ERC20: 15,
  ARBITRUM: 10,
  TRC20: 5,
  BEP20: 5,
  SOL: 3,
  POLYGON: 10,
  ADA: 10,
  DOT: 5,
  AVAXC: 3,
  PIX: 5,
};

/** A network's expected minutes from withdrawal to credit (30 for a network the table does not know). */
export function networkMinutes(network: string): number {
  return MINUTES[network] ?? 30;
}

type Row = [network: string, fee: string, minWithdraw: string];
const open = (rows: Row[], off: { withdraw?: string[]; deposit?: string[] } = {}): NetworkFee[] =>
  rows.map(([network, fee, minWithdraw]) => ({
    network,
    fee,
    minWithdraw,
    withdraw: !(off.withdraw ?? []).includes(network),
    deposit: !(off.deposit ?? []).includes(network),
    minutes: networkMinutes(network),
  }));

/**
 * Reference figures of the exchanges' public withdrawal-fee pages as compiled on 2026-11-28 (flat fees per
 * network; they change with network congestion, so a refresh through ccxt replaces them when the platform is
 * online). Mercado Bitcoin lists fewer networks; its BRL and Binance's BRL move by PIX.
 */
export const SHIPPED_TRANSFER_FEES: TransferFeeTable = {
  source: 'embarcada',
  asOf: '2026-11-28',
  origin:
    'Tabela de referência do Arbitra, compilada das páginas públicas de taxas de saque de cada corretora; ' +
    'as taxas mudam com o congestionamento da rede — confira na corretora antes de transferir.',
  fees: {
    binance: {
      BTC: open([
        ['BTC', '0.0002', '0.0005'],
        ['BEP20', '0.0000049', '0.00001'],
      ]),
      ETH: open([
        ['ERC20', '0.0008', '0.0016'],
        ['ARBITRUM', '0.0001', '0.0002'],
        ['BEP20', '0.000035', '0.0001'],
      ]),
      USDT: open([
        ['TRC20', '1', '10'],
        ['ERC20', '3', '6'],
        ['BEP20', '0.01', '10'],
        ['SOL', '1', '10'],
      ]),
      BNB: open([['BEP20', '0.0005', '0.01']]),
      ADA: open([['ADA', '0.8', '8']]),
      SOL: open([['SOL', '0.001', '0.02']]),
      DOT: open([['DOT', '0.08', '1.5']]),
      MATIC: open([['POLYGON', '0.1', '10']]),
      LINK: open([
        ['ERC20', '0.31', '0.62'],
        ['BEP20', '0.0066', '0.02'],
      ]),
      UNI: open([
        ['ERC20', '0.43', '0.86'],
        ['BEP20', '0.0095', '0.02'],
      ]),
      AVAX: open([['AVAXC', '0.008', '0.1']]),
      BRL: open([['PIX', '0', '10']]),
    },
    mercadobitcoin: {
      BTC: open([['BTC', '0.0001', '0.001']]),
      ETH: open([['ERC20', '0.002', '0.01']]),
      USDT: open([
        ['ERC20', '5', '20'],
        ['POLYGON', '1', '10'],
      ]),
      ADA: open([['ADA', '1', '10']]),
      SOL: open([['SOL', '0.01', '0.05']]),
      DOT: open([['DOT', '0.1', '2']]),
      LINK: open([['ERC20', '0.5', '1']]),
      UNI: open([['ERC20', '0.6', '1.2']]),
      AVAX: open([['AVAXC', '0.01', '0.1']]),
      BRL: open([['PIX', '0', '50']]),
    },
    gateio: {
      BTC: open([
        ['BTC', '0.0003', '0.001'],
        ['BEP20', '0.00001', '0.0001'],
      ]),
      ETH: open([
        ['ERC20', '0.0012', '0.005'],
        ['ARBITRUM', '0.0002', '0.001'],
      ]),
      USDT: open([
        ['TRC20', '1', '5'],
        ['ERC20', '4', '10'],
        ['BEP20', '0.5', '5'],
        ['SOL', '1', '5'],
      ]),
      BNB: open([['BEP20', '0.0008', '0.01']]),
      ADA: open([['ADA', '1', '5']]),
      SOL: open([['SOL', '0.003', '0.02']]),
      DOT: open([['DOT', '0.1', '1.5']]),
      MATIC: open([['POLYGON', '0.1', '1']]),
      LINK: open([['ERC20', '0.35', '1']]),
      UNI: open([['ERC20', '0.5', '1']]),
      AVAX: open([['AVAXC', '0.01', '0.1']]),
    },
    mexc: {
      BTC: open([
        ['BTC', '0.0003', '0.001'],
        ['BEP20', '0.00001', '0.0001'],
      ]),
      ETH: open([
        ['ERC20', '0.0015', '0.005'],
        ['ARBITRUM', '0.00015', '0.001'],
      ]),
      USDT: open([
        ['TRC20', '1', '5'],
        ['ERC20', '3.5', '10'],
        ['BEP20', '0.8', '5'],
        ['SOL', '1', '5'],
      ]),
      BNB: open([['BEP20', '0.0009', '0.01']]),
      ADA: open([['ADA', '1', '5']]),
      SOL: open([['SOL', '0.008', '0.05']]),
      DOT: open([['DOT', '0.1', '1.5']]),
      MATIC: open([['POLYGON', '0.1', '1']]),
      LINK: open([['ERC20', '0.4', '1']]),
      UNI: open([['ERC20', '0.5', '1']]),
      AVAX: open([['AVAXC', '0.01', '0.1']]),
    },
    bybit: {
      BTC: open([['BTC', '0.0002', '0.0005']]),
      ETH: open([
        ['ERC20', '0.0012', '0.003'],
        ['ARBITRUM', '0.0001', '0.001'],
      ]),
      // Bybit's TRC20 USDT withdrawals paused (the kind of switch a refresh picks up).
      USDT: open(
        [
          ['TRC20', '1', '10'],
          ['ERC20', '3', '10'],
          ['SOL', '1', '10'],
        ],
        { withdraw: ['TRC20'] },
      ),
      ADA: open([['ADA', '1', '5']]),
      SOL: open([['SOL', '0.005', '0.03']]),
      DOT: open([['DOT', '0.1', '1.5']]),
      MATIC: open([['POLYGON', '0.1', '1']]),
      LINK: open([['ERC20', '0.4', '1']]),
      UNI: open([['ERC20', '0.5', '1']]),
      AVAX: open([['AVAXC', '0.01', '0.1']]),
    },
  },
};

/**
 * The cheapest network on which `from` lets you withdraw `asset` and `to` credits its deposit; ties go to the
 * faster one, then to the network's name (so the answer never depends on the table's order). A network either
 * side has disabled is never suggested. null when no network is open on both sides (or one side does not list
 * the asset at all): the plan says so instead of suggesting a route.
 */
export function transferRoute(
  table: TransferFeeTable,
  asset: string,
  from: ExchangeId,
  to: ExchangeId,
): TransferRoute | null {
  if (from === to) return null;
  const out = table.fees[from]?.[asset] ?? [];
  const inn = table.fees[to]?.[asset] ?? [];
  let best: TransferRoute | null = null;
  for (const w of out) {
    if (!w.withdraw) continue;
    const d = inn.find((n) => n.network === w.network);
    if (!d || !d.deposit) continue;
    const candidate: TransferRoute = {
      asset,
      from,
      to,
      network: w.network,
      fee: w.fee,
      minWithdraw: w.minWithdraw,
      minutes: Math.max(w.minutes, d.minutes),
    };
    if (!best || cheaper(candidate, best)) best = candidate;
  }
  return best;
}

function cheaper(a: TransferRoute, b: TransferRoute): boolean {
  const byFee = new Decimal(a.fee).comparedTo(b.fee);
  if (byFee !== 0) return byFee < 0;
  if (a.minutes !== b.minutes) return a.minutes < b.minutes;
  return a.network < b.network;
}

/** Networks per asset of one exchange, as a refresh read them. */
export type ExchangeNetworks = Record<string, NetworkFee[]>;

/**
 * The table with the exchanges a refresh could read replaced (each asset it read, whole: a network the exchange no
 * longer lists is gone); the others keep `base`'s figures. `source` is 'ccxt' when at least one exchange was read,
 * and the origin says which ones and when. `at`: ISO date-time of the refresh.
 */
export function mergeTransferFees(
  base: TransferFeeTable,
  refreshed: Partial<Record<ExchangeId, ExchangeNetworks>>,
  at: string,
): TransferFeeTable {
  const read = (Object.keys(refreshed) as ExchangeId[]).filter(
    (ex) => Object.keys(refreshed[ex] ?? {}).length > 0,
  );
  if (read.length === 0) return base;
  const fees = { ...base.fees };
  for (const ex of read) fees[ex] = { ...base.fees[ex], ...refreshed[ex] };
  const kept = (Object.keys(base.fees) as ExchangeId[]).filter((ex) => !read.includes(ex));
  return {
    source: 'ccxt',
    asOf: at,
    origin:
      `Atualizada nas próprias corretoras via ccxt (${read.sort().join(', ')})` +
      (kept.length > 0 ? `; ${kept.sort().join(', ')} pela tabela embarcada de ${base.asOf}.` : '.'),
    fees,
  };
}
