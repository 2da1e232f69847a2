export type ComponentState = 'up' | 'down';

export interface EngineHeartbeat {
  instanceId: string;
  startedAt: string;
  sentAt: string;
  marketFeed: string;
  queueBackend: 'redis' | 'postgres';
  socketBackend: 'redis' | 'postgres';
  /** Version of the engine's code. */
  version?: string;
  /** Running bots whose lease this engine holds (it alone matches and enqueues them). */
  ownedBots: number;
  /** Holds the publisher lease: the one engine publishing the scanner to browsers. */
  publisher: boolean;
  /** Live engines this one sees in the transport's membership (itself included). */
  members: number;
  /**
   * The bots it owns and since when (epoch ms the lease was taken). Only in the heartbeat sent to the api
   * instances (the admin's system page resolves their owners); the browsers' copy leaves it out.
   */
  bots?: EngineOwnedBot[];
}

export interface EngineOwnedBot {
  id: string;
  since: number;
}

/** The engine is considered alive while its last heartbeat is younger than this. */
export const HEARTBEAT_INTERVAL_MS = 2_000;
export const HEARTBEAT_STALE_MS = 10_000;
