import type { Provider } from '@nestjs/common';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { BotLocks, createDataSource } from '@arbitra/db';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';

export const ENGINE_DATA_SOURCE = Symbol('ENGINE_DATA_SOURCE');

/** Closes the engine's bot-lock session and its one TypeORM DataSource at shutdown. */
@Injectable()
export class EngineDataSourceLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(ENGINE_DATA_SOURCE) private readonly ds: DataSource,
    private readonly botLocks: BotLocks,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.botLocks.close();
    if (this.ds.isInitialized) await this.ds.destroy();
  }
}

/** The engine's database (bots, balances, ledger, credentials): used by commands and executions, never by detection. */
export const engineDataSourceProviders: Provider[] = [
  {
    provide: ENGINE_DATA_SOURCE,
    inject: [ENGINE_CONFIG],
    useFactory: async (c: EngineConfig) => {
      const ds = createDataSource(c.DATABASE_URL);
      await ds.initialize();
      return ds;
    },
  },
  EngineDataSourceLifecycle,
];
