import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { EngineConfig } from './config/config.js';
import { EngineConfigModule } from './config/engine-config.module.js';
import { EngineModule } from './engine.module.js';

/** Builds and starts the engine (used by main.ts and by the integration tests). */
export async function createEngine(config: EngineConfig): Promise<INestApplicationContext> {
  return EngineConfigModule.boot(config, async () => {
    const app = await NestFactory.createApplicationContext(EngineModule, {
      logger: config.LOG_LEVEL === 'silent' ? false : ['log', 'warn', 'error'],
    });
    app.enableShutdownHooks();
    await app.init();
    return app;
  });
}
