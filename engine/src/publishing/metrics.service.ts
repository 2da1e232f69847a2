import { Inject, Injectable } from '@nestjs/common';
import { Registry } from 'prom-client';
import { EVENTS } from '@arbitra/contracts';
import { BrowserEvents } from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { ENGINE_IDENTITY, type EngineIdentity } from '../config/engine-identity.js';

const SEND_EVERY_MS = 5_000;

/**
 * The engine's Prometheus registry. The engine has no HTTP server: it sends its metrics
 * to the api instances over the fabric, and the api serves them at /metrics.
 */
@Injectable()
export class MetricsService implements BackgroundService {
  readonly registry = new Registry();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly events: BrowserEvents,
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
    this.events.toEngines(EVENTS.engineMetrics, { instanceId: this.identity.instanceId, metrics });
  }
}
