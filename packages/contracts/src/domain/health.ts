export type ComponentState = 'up' | 'down';

export interface EngineHeartbeat {
  instanceId: string;
  startedAt: string;
  sentAt: string;
  marketFeed: string;
  queueBackend: 'redis' | 'postgres';
  socketBackend: 'redis' | 'postgres';
}

/** The engine is considered alive while its last heartbeat is younger than this. */
export const HEARTBEAT_INTERVAL_MS = 2_000;
export const HEARTBEAT_STALE_MS = 10_000;
