import type { EngineHeartbeat } from '../domain/health.js';

/** Rooms of the socket fabric (ARCHITECTURE.md). */
export const ROOMS = {
  publicScanner: 'public:scanner',
  admin: 'admin',
  user: (userId: string) => `user:${userId}`,
  /** Every socket of one session: revoking the session disconnects them. */
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

/** Event names, one place. */
export const EVENTS = {
  engineHeartbeat: 'engine:heartbeat',
  engineMetrics: 'engine:metrics',
} as const;

/** An engine's Prometheus metrics, as prom-client's `getMetricsAsJSON()`, sent to the api every few seconds. */
export interface EngineMetricsPayload {
  instanceId: string;
  metrics: object[];
}

/** Server → browser events and their payloads. */
export interface ServerToClientEvents {
  'engine:heartbeat': (payload: EngineHeartbeat) => void;
}

/** Server ↔ server events (engine → api over the adapter). */
export interface InterServerEvents {
  'engine:heartbeat': (payload: EngineHeartbeat) => void;
  'engine:metrics': (payload: EngineMetricsPayload) => void;
}

export type ClientToServerEvents = Record<string, never>;
