import { Injectable, Logger } from '@nestjs/common';
import type { BackgroundService } from '../config/background-service.js';
import { TransfersRepository } from '@arbitra/db';

const EVERY_MS = 2_000;

/**
 * Credits the paper transfers whose network time has passed (issue 29), every 2 s, so a running bot can trade what
 * arrived. Every engine runs it: the ledger's statement credits each transfer once. Off the hot path (a timer).
 */
@Injectable()
export class TransferArrivalsService implements BackgroundService {
  private readonly logger = new Logger(TransferArrivalsService.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly transfers: TransfersRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.transfers.settleDue();
    } catch (e) {
      this.logger.warn(`transfer arrivals not settled: ${(e as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
