import { hostname } from 'node:os';
import type { Provider } from '@nestjs/common';
import { codeVersion } from '@arbitra/transport';
import { ENGINE_CONFIG, type EngineConfig } from './config.js';

export interface EngineIdentity {
  instanceId: string;
  startedAt: string;
}

export const ENGINE_IDENTITY = Symbol('ENGINE_IDENTITY');

/** The running engine's version (engine/package.json, or APP_VERSION): heartbeats and live metrics carry it. */
export const ENGINE_VERSION = codeVersion(import.meta.url);

export const engineIdentityProvider: Provider = {
  provide: ENGINE_IDENTITY,
  inject: [ENGINE_CONFIG],
  useFactory: (c: EngineConfig): EngineIdentity => ({
    instanceId:
      c.ENGINE_INSTANCE_ID ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    startedAt: new Date().toISOString(),
  }),
};
