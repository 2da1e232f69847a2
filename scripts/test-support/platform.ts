import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { createApiApp, type ApiApp } from '../../api/src/bootstrap.js';
import { parseApiConfig } from '../../api/src/config/config.js';

export interface PlatformOptions {
  databaseUrl: string;
  redisUrl?: string | undefined;
  engines?: number;
  env?: Record<string, string>;
}

export interface TestPlatform {
  api: ApiApp;
  /** The environment every process of this platform shares (to start more, e.g. an engine as a child process). */
  env: Record<string, string>;
  engines: INestApplicationContext[];
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The api (listening on a random port) and N engines, in this process but joined only
 * through the real transports (queue and socket adapter), as separate processes would be.
 */
export async function startPlatform(options: PlatformOptions): Promise<TestPlatform> {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl ?? '',
    TRANSPORT_NAMESPACE: `t${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    // The tests stand for several clients from 127.0.0.1 by sending X-Forwarded-For, as a local proxy would.
    TRUST_PROXY: 'loopback',
    // The provider is always chosen explicitly (the sandbox: no real money); a test may choose mercadopago.
    PAYMENTS_PROVIDER: 'sandbox',
    ...options.env,
  };
  const engines: INestApplicationContext[] = [];
  if ((options.engines ?? 1) > 0) {
    // Imported only when an engine runs in this process: most api files start none, and the engine's module graph
    // (ccxt, the scanner, the executors) is seconds of every such file's import on a busy machine.
    const [{ createEngine }, { parseEngineConfig }] = await Promise.all([
      import('../../engine/src/bootstrap.js'),
      import('../../engine/src/config/config.js'),
    ]);
    for (let i = 0; i < (options.engines ?? 1); i++) {
      engines.push(await createEngine(parseEngineConfig({ ...env, ENGINE_INSTANCE_ID: `engine-${i + 1}` })));
    }
  }
  const api = await createApiApp(parseApiConfig(env));
  await api.app.listen(0, '127.0.0.1');
  const { port } = api.app.getHttpServer().address() as AddressInfo;
  return {
    api,
    env,
    engines,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await api.app.close();
      for (const e of engines) await e.close();
    },
  };
}
