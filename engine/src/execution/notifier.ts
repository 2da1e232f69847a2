import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Decimal } from 'decimal.js';
import { QUEUES, notificationJobId, type BotStopCause, type NotificationJob } from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import { QUEUE_FACTORY } from '../transport/fabric.providers.js';
import type { ExecutionRecord, LedgerResult } from './trade-ledger.js';

/**
 * The engine's side of notifications (issue 16): it only enqueues (QUEUES.notifications, worked by the api),
 * never waits for the add, so a slow queue or mail server never slows an execution. Every job carries an
 * idempotency key derived from what happened, so a retried execution never notifies twice.
 */
@Injectable()
export class Notifier implements OnModuleDestroy {
  private readonly logger = new Logger(Notifier.name);
  private readonly queue: Queue;

  constructor(@Inject(QUEUE_FACTORY) queues: QueueFactory) {
    this.queue = queues.queue(QUEUES.notifications);
  }

  /** After the ledger recorded a trade: a live trade executed, a leg left unhedged, the bot stopped by a risk rule. */
  afterRecord(record: ExecutionRecord, result: LedgerResult): void {
    const base = { botId: record.botId, botName: record.botName, pair: record.pair };
    const at = record.executedAt.toISOString();
    if (record.status === 'completed' && record.mode === 'live') {
      this.send({
        key: `trade.executed:${record.executionKey}`,
        userId: record.userId,
        event: 'trade.executed',
        params: {
          ...base,
          profitUsdt: record.profit,
          profitBrl: new Decimal(record.profit).mul(record.usdtBrl).toFixed(2),
        },
        occurredAt: at,
      });
    }
    const unwound = record.legs.some((l) => l.kind === 'unwind' && l.status !== 'failed');
    const naked = Object.keys(record.nakedExposure ?? {}).length > 0;
    if (record.status === 'failed' && (unwound || naked)) {
      this.send({
        key: `trade.unhedged:${record.executionKey}`,
        userId: record.userId,
        event: 'trade.unhedged',
        params: {
          ...base,
          reason: record.failureReason ?? 'uma das pernas não foi executada',
          lossUsdt: record.profit,
          simulated: record.mode !== 'live',
        },
        occurredAt: at,
      });
    }
    if (result.stoppedReason) {
      // A failed trade stops a bot only by the consecutive-failures rule: an error; otherwise the daily loss limit.
      const cause = record.status === 'failed' ? 'error' : 'risk';
      this.botStopped(
        record.userId,
        record.botId,
        record.botName,
        cause,
        result.stoppedReason,
        record.executionKey,
      );
    }
  }

  /** A bot stopped by the engine (risk rule, error, refused credentials). `cause` words it; `what` makes the key unique. */
  botStopped(
    userId: string,
    botId: string,
    botName: string,
    cause: BotStopCause,
    reason: string,
    what: string,
  ): void {
    this.send({
      key: `bot.stopped:${botId}:${what}`,
      userId,
      event: 'bot.stopped',
      params: { botId, botName, cause, reason },
      occurredAt: new Date().toISOString(),
    });
  }

  /** A running bot began skipping a direction it cannot fund (issue 29): 'Direção pausada: sem BTC na Binance'. */
  inventoryPaused(userId: string, botId: string, botName: string, reason: string, since: string): void {
    this.send({
      key: `bot.inventory:${botId}:${reason}:${since}`,
      userId,
      event: 'bot.inventory',
      params: { botId, botName, reason },
      occurredAt: since,
    });
  }

  private send(job: NotificationJob): void {
    this.queue
      .add('notify', job, { jobId: notificationJobId(job.key) })
      .catch((e: Error) => this.logger.warn(`notificação ${job.key} não enfileirada: ${e.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
