import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { jsonOnly, noStoreForApi, paymentSources, securityHeaders } from './common/http/hardening.js';
import { serveWeb } from './common/http/web-serving.js';
import { createLogger, PinoNestLogger } from './common/logging/logger.js';
import { ApiConfigModule } from './config/api-config.module.js';
import type { ApiConfig } from './config/config.js';
import { setupApiDocs } from './modules/docs/openapi.js';
import { FabricIoAdapter } from './realtime/fabric-io.adapter.js';
import { SOCKET_ADAPTER } from './transport/transport.providers.js';
import type { SocketAdapter } from '@arbitra/transport';

export interface ApiApp {
  app: NestExpressApplication;
  logger: Logger;
}

/** Builds the api (used by main.ts and by the integration tests); does not listen. */
export async function createApiApp(config: ApiConfig): Promise<ApiApp> {
  const logger = createLogger('api', config.LOG_LEVEL);
  const app = await ApiConfigModule.boot({ config, logger }, () =>
    NestFactory.create<NestExpressApplication>(AppModule, {
      logger: new PinoNestLogger(logger),
      bodyParser: false,
    }),
  );
  // Only proxies named by TRUST_PROXY may say who the client is (X-Forwarded-For): rate limits, sessions and audit rely on it.
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(
    securityHeaders(
      config.NODE_ENV === 'production',
      paymentSources(config.PAYMENTS_PROVIDER, config.MERCADOPAGO_SDK_URL),
    ),
  );
  app.use(noStoreForApi);
  app.use(jsonOnly);
  app.useBodyParser('json', { limit: '64kb' });
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  serveWeb(app, config.WEB_DIST_DIR);
  setupApiDocs(app);
  app.useWebSocketAdapter(new FabricIoAdapter(app, app.get<SocketAdapter>(SOCKET_ADAPTER), config.appUrl));
  app.enableShutdownHooks();
  return { app, logger };
}
