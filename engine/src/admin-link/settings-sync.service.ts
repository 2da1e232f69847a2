import { Injectable, Logger } from '@nestjs/common';
import { DEFAULT_TAKER_FEES, EVENTS, EXCHANGE_IDS, type PlatformSettings } from '@arbitra/contracts';
import { PlatformSettingsRepository } from '@arbitra/db';
import { BrowserEvents } from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { ScannerService } from '../scanner/scanner.service.js';

/** A missed event is caught up by reading the settings again this often. */
const RELOAD_MS = 30_000;

/**
 * The admin's taker fees in this engine's fee table (read by the detectors and the paper exchange): read at
 * start, applied at once when an api announces a change ('settings:changed'), and re-read every 30 s.
 */
@Injectable()
export class SettingsSyncService implements BackgroundService {
  private readonly logger = new Logger(SettingsSyncService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly events: BrowserEvents,
    private readonly repo: PlatformSettingsRepository,
    private readonly scanner: ScannerService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.events.onFabricEvent(EVENTS.settingsChanged, (s: PlatformSettings) => this.apply(s));
    await this.reload();
    this.timer = setInterval(() => void this.reload(), RELOAD_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async reload(): Promise<void> {
    try {
      this.apply(await this.repo.read({ takerFees: { ...DEFAULT_TAKER_FEES } }));
    } catch (e) {
      this.logger.warn(`configurações não lidas: ${(e as Error).message}`);
    }
  }

  apply(settings: PlatformSettings): void {
    const fees = this.scanner.scanner.fees;
    for (const ex of EXCHANGE_IDS) {
      const taker = settings.takerFees[ex];
      if (typeof taker !== 'number' || taker === fees.taker(ex)) continue;
      try {
        fees.set(ex, { taker });
        this.logger.log(`taxa taker de ${ex}: ${taker}`);
      } catch (e) {
        this.logger.warn((e as Error).message);
      }
    }
  }
}
