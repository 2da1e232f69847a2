import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QUEUES, type BotCommandJob } from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import { QUEUE_FACTORY } from '../../realtime/transport.providers.js';

/** The api's side of the bot-commands queue: tells the engine's bot runner a bot changed. */
@Injectable()
export class BotCommandsService implements OnModuleDestroy {
  private readonly queue: Queue;

  constructor(@Inject(QUEUE_FACTORY) factory: QueueFactory) {
    this.queue = factory.queue(QUEUES.botCommands);
  }

  async send(action: BotCommandJob['action'], botId: string, userId: string): Promise<void> {
    const job: BotCommandJob = { action, botId, userId, requestedAt: new Date().toISOString() };
    await this.queue.add(action, job);
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
