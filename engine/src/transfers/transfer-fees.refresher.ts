import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BackgroundService } from '../config/background-service.js';
import {
  EVENTS,
  EXCHANGE_IDS,
  SHIPPED_TRANSFER_FEES,
  mergeTransferFees,
  type ExchangeId,
  type ExchangeNetworks,
  type TransferFeeTable,
} from '@arbitra/contracts';
import { BrowserEvents } from '@arbitra/transport';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import {
  createCcxtClientFactory,
  parseApiOrigins,
  type ExchangeClientFactory,
} from '../credentials/exchange-client.factory.js';
import { keyVariables } from '../cli/live-smoke.js';
import { networksFromCcxt, type CcxtCurrency, type CcxtFee } from './ccxt-transfer-fees.js';

/** How often the refreshed table is sent to the api instances again (one that started later gets it too). */
const REPUBLISH_MS = 60_000;

/**
 * The engine can reach the exchanges: the live market feed, or exchange origins set for it (a proxy, the local
 * exchanges of the tests). On the simulated or replayed market without origins it never tries.
 */
export function transferFeesOnline(
  config: Pick<EngineConfig, 'MARKET_FEED' | 'EXCHANGE_API_ORIGINS'>,
): boolean {
  return config.MARKET_FEED === 'ccxt' || Boolean(config.EXCHANGE_API_ORIGINS);
}

/**
 * Reads each exchange's withdrawal networks and fees through ccxt and merges them into the shipped transfer-fee table
 * (issue 29). Asks `fetchCurrencies` (open/closed networks, fees, minimums) and `fetchDepositWithdrawFees` (fees) of
 * each exchange the ccxt class supports them on; most exchanges answer them only to a signed request, so the keys of
 * the environment are used when present (<PREFIX>_API_KEY/_SECRET/_PASSPHRASE, as `live:smoke`; read-only calls).
 * An exchange that does not answer keeps the shipped figures. The table goes to the api instances as a server-side
 * event (EVENTS.transferFees), sent again every minute.
 */
@Injectable()
export class TransferFeesRefresher implements BackgroundService {
  private readonly logger = new Logger(TransferFeesRefresher.name);
  private table: TransferFeeTable = SHIPPED_TRANSFER_FEES;
  private timers: NodeJS.Timeout[] = [];
  private readonly factory: ExchangeClientFactory;

  constructor(
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly events: BrowserEvents,
  ) {
    this.factory = createCcxtClientFactory(parseApiOrigins(config.EXCHANGE_API_ORIGINS));
  }

  current(): TransferFeeTable {
    return this.table;
  }

  onApplicationBootstrap(): void {
    if (!transferFeesOnline(this.config) || this.config.TRANSFER_FEES_REFRESH_MS === 0) return;
    void this.refresh();
    this.timers.push(setInterval(() => void this.refresh(), this.config.TRANSFER_FEES_REFRESH_MS));
    this.timers.push(setInterval(() => this.publish(), REPUBLISH_MS));
  }

  onModuleDestroy(): void {
    for (const t of this.timers) clearInterval(t);
  }

  /** One refresh of every exchange (or of those given); the merged table is kept and published. */
  async refresh(exchanges: readonly ExchangeId[] = EXCHANGE_IDS): Promise<TransferFeeTable> {
    const assets = (ex: ExchangeId) => Object.keys(SHIPPED_TRANSFER_FEES.fees[ex] ?? {});
    const read: Partial<Record<ExchangeId, ExchangeNetworks>> = {};
    await Promise.all(
      exchanges.map(async (ex) => {
        try {
          read[ex] = await this.readExchange(ex, assets(ex));
        } catch (e) {
          this.logger.warn(
            `transfer fees of ${ex} not refreshed (shipped table kept): ${(e as Error).message}`,
          );
        }
      }),
    );
    this.table = mergeTransferFees(SHIPPED_TRANSFER_FEES, read, new Date().toISOString());
    this.publish();
    return this.table;
  }

  private async readExchange(ex: ExchangeId, assets: string[]): Promise<ExchangeNetworks> {
    const vars = keyVariables(ex);
    const env = process.env;
    const client = await this.factory(
      ex,
      {
        apiKey: env[vars.apiKey]?.trim() ?? '',
        secret: env[vars.secret]?.trim() ?? '',
        password: env[vars.passphrase]?.trim() || undefined,
      },
      { timeoutMs: 15_000 },
    );
    try {
      const has = client.has as Record<string, unknown>;
      const currencies = has.fetchCurrencies
        ? ((await client.fetchCurrencies().catch(() => null)) as unknown as Record<
            string,
            CcxtCurrency
          > | null)
        : null;
      const fees = has.fetchDepositWithdrawFees
        ? ((await client.fetchDepositWithdrawFees(assets).catch(() => null)) as unknown as Record<
            string,
            CcxtFee
          > | null)
        : null;
      return networksFromCcxt(assets, { currencies, fees });
    } finally {
      await (client as unknown as { close?: () => Promise<void> }).close?.().catch(() => undefined);
    }
  }

  private publish(): void {
    if (this.table.source === 'ccxt') this.events.toEngines(EVENTS.transferFees, this.table);
  }
}
