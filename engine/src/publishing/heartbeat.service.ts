import { Inject, Injectable } from '@nestjs/common';
import { EVENTS, HEARTBEAT_INTERVAL_MS, type EngineHeartbeat } from '@arbitra/contracts';
import { BrowserEvents, type QueueFactory, type SocketAdapter } from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import { ENGINE_IDENTITY, ENGINE_VERSION, type EngineIdentity } from '../config/engine-identity.js';
import { QUEUE_FACTORY, SOCKET_ADAPTER } from '../transport/fabric.providers.js';
import { OwnershipService } from '../ownership/ownership.service.js';

/** Tells the api instances (server-side) and the browsers that this engine is alive. */
@Injectable()
export class HeartbeatService implements BackgroundService {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly events: BrowserEvents,
    @Inject(ENGINE_IDENTITY) private readonly identity: EngineIdentity,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    @Inject(SOCKET_ADAPTER) private readonly adapter: SocketAdapter,
    private readonly ownership: OwnershipService,
  ) {}

  onApplicationBootstrap(): void {
    this.beat();
    this.timer = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The heartbeat as the browsers get it (no bot ids: they are the admin's to see). */
  heartbeat(): EngineHeartbeat {
    return {
      instanceId: this.identity.instanceId,
      startedAt: this.identity.startedAt,
      sentAt: new Date().toISOString(),
      marketFeed: this.config.MARKET_FEED,
      queueBackend: this.queues.kind,
      socketBackend: this.adapter.kind,
      version: ENGINE_VERSION,
      ownedBots: this.ownership.ownedBots().length,
      publisher: this.ownership.publishing,
      members: this.ownership.members.length,
    };
  }

  private beat(): void {
    const hb = this.heartbeat();
    this.events.toEngines(EVENTS.engineHeartbeat, { ...hb, bots: this.ownership.ownedBotsSince() });
    this.events.toEveryone(EVENTS.engineHeartbeat, hb);
  }
}
