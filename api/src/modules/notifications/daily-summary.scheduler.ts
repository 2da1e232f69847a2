import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { QUEUES, type DailySummaryJob } from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';

/** The daily summary goes out at 20:00, São Paulo time. */
export const DAILY_SUMMARY_HOUR = 20;
const ZONE = 'America/Sao_Paulo';
/** The day's job is kept (and so deduplicated by its id) for 3 days. */
const KEEP = { age: 3 * 24 * 3600 };

/** São Paulo's date (yyyy-mm-dd) and hour at `at`. */
export function saoPauloClock(at: Date): { date: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * Every api instance checks the clock each minute; from 20:00 São Paulo it adds the day's 'daily-summary'
 * job with a deterministic id (`daily-summary|yyyy-mm-dd`), which the queue keeps once however many
 * instances add it. The per-user notifications it fans out have their own idempotency keys as well.
 */
@Injectable()
export class DailySummaryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly queue: Queue;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(QUEUE_FACTORY) queues: QueueFactory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {
    this.queue = queues.queue(QUEUES.notifications);
  }

  onApplicationBootstrap(): void {
    if (this.config.DAILY_SUMMARY_TICK_MS <= 0) return;
    this.timer = setInterval(() => {
      this.tick(new Date()).catch((e: unknown) => this.logger.warn({ err: e }, 'resumo diário não agendado'));
    }, this.config.DAILY_SUMMARY_TICK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.queue.close();
  }

  /** Adds the day's summary job when it is 20:00 or later in São Paulo; answers the date it added, if any. */
  async tick(now: Date): Promise<string | null> {
    const { date, hour } = saoPauloClock(now);
    if (hour < DAILY_SUMMARY_HOUR) return null;
    const job: DailySummaryJob = { date };
    await this.queue.add('daily-summary', job, {
      jobId: `daily-summary|${date}`,
      removeOnComplete: KEEP,
      removeOnFail: KEEP,
    });
    return date;
  }
}
