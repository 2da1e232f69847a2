import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EVENTS, HEARTBEAT_STALE_MS, type EngineHeartbeat } from '@arbitra/contracts';
import { BrowserEvents } from '@arbitra/transport';

/** What the api knows of the engine processes, from the heartbeats they send over the fabric. */
@Injectable()
export class EngineStatusService implements OnModuleInit {
  private readonly instances = new Map<string, { heartbeat: EngineHeartbeat; receivedAt: number }>();

  constructor(private readonly events: BrowserEvents) {}

  onModuleInit(): void {
    // Engine heartbeats arrive as server-side events over the adapter.
    this.events.onFabricEvent(EVENTS.engineHeartbeat, (hb) => this.record(hb));
  }

  record(heartbeat: EngineHeartbeat, now = Date.now()): void {
    this.instances.set(heartbeat.instanceId, { heartbeat, receivedAt: now });
  }

  /** Engine instances heard from within HEARTBEAT_STALE_MS. */
  alive(now = Date.now()): EngineHeartbeat[] {
    const out: EngineHeartbeat[] = [];
    for (const [id, entry] of this.instances) {
      if (now - entry.receivedAt <= HEARTBEAT_STALE_MS) out.push(entry.heartbeat);
      else if (now - entry.receivedAt > 10 * HEARTBEAT_STALE_MS) this.instances.delete(id);
    }
    return out;
  }

  /** Live engines with how long ago each was last heard from (the admin's system page). */
  aliveWithAge(now = Date.now()): (EngineHeartbeat & { lastSeenMsAgo: number })[] {
    return this.alive(now).map((hb) => ({ ...hb, lastSeenMsAgo: now - (this.instances.get(hb.instanceId)?.receivedAt ?? now) }));
  }

  lastSeenMsAgo(now = Date.now()): number | null {
    let newest: number | null = null;
    for (const entry of this.instances.values()) newest = Math.max(newest ?? 0, entry.receivedAt);
    return newest === null ? null : now - newest;
  }
}
