import { hostname } from 'node:os';
import type { Provider } from '@nestjs/common';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';

export interface EngineIdentity {
  instanceId: string;
  startedAt: string;
}

export const ENGINE_IDENTITY = Symbol('ENGINE_IDENTITY');

export const engineIdentityProvider: Provider = {
  provide: ENGINE_IDENTITY,
  inject: [ENGINE_CONFIG],
  useFactory: (c: EngineConfig): EngineIdentity => ({
    instanceId:
      c.ENGINE_INSTANCE_ID ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    startedAt: new Date().toISOString(),
  }),
};
