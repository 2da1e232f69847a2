import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { EngineConfig } from './config/config.js';
import { EngineModule } from './engine.module.js';

/** Builds and starts the engine (used by main.ts and by the integration tests). */
export async function createEngine(config: EngineConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(EngineModule.forRoot(config), {
    logger: config.LOG_LEVEL === 'silent' ? false : ['log', 'warn', 'error'],
  });
  app.enableShutdownHooks();
  await app.init();
  return app;
}
