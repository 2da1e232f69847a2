import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES, type BotCommandJob } from '@arbitra/contracts';
import { JobProducer, type QueueFactory } from '@arbitra/transport';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';

/** The api's side of the bot-commands queue: tells the engine's bot runner a bot changed. */
@Injectable()
export class BotCommandsService implements OnModuleDestroy {
  private readonly jobs: JobProducer<typeof QUEUES.botCommands>;

  constructor(@Inject(QUEUE_FACTORY) factory: QueueFactory) {
    this.jobs = new JobProducer(factory, QUEUES.botCommands);
  }

  async send(action: BotCommandJob['action'], botId: string, userId: string): Promise<void> {
    const job: BotCommandJob = { action, botId, userId, requestedAt: new Date().toISOString() };
    await this.jobs.add(action, job);
  }

  async onModuleDestroy(): Promise<void> {
    await this.jobs.close();
  }
}
