import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { createLogger, PinoNestLogger } from './common/logging/logger.js';
import type { ApiConfig } from './config/config.js';
import { FabricIoAdapter } from './realtime/fabric-io.adapter.js';
import { SOCKET_ADAPTER } from './realtime/transport.providers.js';
import type { SocketAdapter } from '@arbitra/transport';

export interface ApiApp {
  app: NestExpressApplication;
  logger: Logger;
}

/** Builds the api (used by main.ts and by the integration tests); does not listen. */
export async function createApiApp(config: ApiConfig): Promise<ApiApp> {
  const logger = createLogger('api', config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  app.useBodyParser('json', { limit: '64kb' });
  app.useBodyParser('urlencoded', { limit: '64kb', extended: false });
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  app.useWebSocketAdapter(new FabricIoAdapter(app, app.get<SocketAdapter>(SOCKET_ADAPTER)));
  app.enableShutdownHooks();
  return { app, logger };
}
