import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Registry } from 'prom-client';
import { EVENTS } from '@arbitra/contracts';
import type { FabricServer } from '@arbitra/transport';
import { ENGINE_IDENTITY, type EngineIdentity } from './engine-identity.js';
import { FABRIC_SERVER } from './fabric.providers.js';

const SEND_EVERY_MS = 5_000;

/**
 * The engine's Prometheus registry. The engine has no HTTP server: it sends its metrics
 * to the api instances over the fabric, and the api serves them at /metrics.
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly registry = new Registry();
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(FABRIC_SERVER) private readonly io: FabricServer,
    @Inject(ENGINE_IDENTITY) private readonly identity: EngineIdentity,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.send(), SEND_EVERY_MS);
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async send(): Promise<void> {
    const metrics = await this.registry.getMetricsAsJSON();
    this.io.serverSideEmit(EVENTS.engineMetrics, { instanceId: this.identity.instanceId, metrics });
  }
}
