import { Injectable } from '@nestjs/common';
import { HealthRepository } from '@arbitra/db';
import type { ComponentName, EngineStatusEntry } from '@arbitra/contracts';
import { EngineCommandsService } from '../engine-link/engine-commands.service.js';
import { EngineStatusService } from '../engine-link/engine-status.service.js';

const CHECK_TIMEOUT_MS = 3_000;

export interface ComponentCheck {
  name: ComponentName;
  status: 'up' | 'down';
  detail: string | null;
  data: Record<string, unknown>;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/** The one place that checks the platform's parts; /api/health/ready and /api/status read it. */
@Injectable()
export class PlatformHealthService {
  constructor(
    private readonly db: HealthRepository,
    private readonly commands: EngineCommandsService,
    private readonly engine: EngineStatusService,
  ) {}

  async database(): Promise<ComponentCheck> {
    const started = Date.now();
    try {
      await withTimeout(this.db.ping(), CHECK_TIMEOUT_MS);
      return { name: 'database', status: 'up', detail: null, data: { responseTime: Date.now() - started } };
    } catch (e) {
      return { name: 'database', status: 'down', detail: (e as Error).message, data: {} };
    }
  }

  async queue(): Promise<ComponentCheck> {
    const backend = this.commands.backend;
    try {
      const counts = await withTimeout(this.commands.counts(), CHECK_TIMEOUT_MS);
      return { name: 'queue', status: 'up', detail: null, data: { backend, ...counts } };
    } catch (e) {
      return { name: 'queue', status: 'down', detail: (e as Error).message, data: { backend } };
    }
  }

  /** Each live engine with the bots it owns (its leases) and whether it is the elected scanner publisher. */
  engines(): EngineStatusEntry[] {
    return this.engine
      .alive()
      .map((h) => ({
        instanceId: h.instanceId,
        startedAt: h.startedAt,
        ownedBots: h.ownedBots ?? 0,
        publisher: h.publisher ?? false,
      }))
      .sort((a, b) => a.instanceId.localeCompare(b.instanceId));
  }

  engineCheck(): ComponentCheck {
    const instances = this.engine.alive().length;
    const lastSeenMsAgo = this.engine.lastSeenMsAgo();
    const data = { instances, lastSeenMsAgo, engines: this.engines() };
    return instances > 0
      ? { name: 'engine', status: 'up', detail: null, data }
      : { name: 'engine', status: 'down', detail: 'nenhum heartbeat recente do engine', data };
  }

  async all(): Promise<ComponentCheck[]> {
    const [database, queue] = await Promise.all([this.database(), this.queue()]);
    return [{ name: 'api', status: 'up', detail: null, data: {} }, this.engineCheck(), database, queue];
  }
}
