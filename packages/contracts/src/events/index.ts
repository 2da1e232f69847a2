import type { EngineHeartbeat } from '../domain/health.js';

/** Rooms of the socket fabric (ARCHITECTURE.md). */
export const ROOMS = {
  publicScanner: 'public:scanner',
  admin: 'admin',
  user: (userId: string) => `user:${userId}`,
} as const;

/** Event names, one place. */
export const EVENTS = {
  engineHeartbeat: 'engine:heartbeat',
} as const;

/** Server → browser events and their payloads. */
export interface ServerToClientEvents {
  'engine:heartbeat': (payload: EngineHeartbeat) => void;
}

/** Server ↔ server events (engine → api over the adapter). */
export interface InterServerEvents {
  'engine:heartbeat': (payload: EngineHeartbeat) => void;
}

export type ClientToServerEvents = Record<string, never>;
