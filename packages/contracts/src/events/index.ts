import type { BotStatusEvent, TradeNewEvent } from '../domain/bots.js';
import type { ExchangeValidatedEvent } from '../api/exchanges.js';
import type { EngineHeartbeat } from '../domain/health.js';
import type { EngineStats, FeedState, PriceGrid, ScannerDelta, ScannerSnapshot } from '../domain/market.js';

/** Rooms of the socket fabric (ARCHITECTURE.md). */
export const ROOMS = {
  publicScanner: 'public:scanner',
  /** Signed-in Profissional/Enterprise users: every change of the scanner, coalesced. */
  realtimeScanner: 'scanner:realtime',
  admin: 'admin',
  user: (userId: string) => `user:${userId}`,
  /** Every socket of one session: revoking the session disconnects them. */
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

/** Event names, one place. */
export const EVENTS = {
  engineHeartbeat: 'engine:heartbeat',
  engineMetrics: 'engine:metrics',
  engineStats: 'engine:stats',
  scannerSnapshot: 'scanner:snapshot',
  scannerDelta: 'scanner:delta',
  marketPrices: 'market:prices',
  marketFeeds: 'market:feeds',
  botStatus: 'bot:status',
  tradeNew: 'trade:new',
  /** To `user:<owner>`: the check of an exchange credential finished (engine). */
  exchangeValidated: 'exchange:validated',
  /** Engine → the other engines: reload this bot (started, stopped or edited elsewhere). */
  botSync: 'bot:sync',
} as const;

/** An engine's Prometheus metrics, as prom-client's `getMetricsAsJSON()`, sent to the api every few seconds. */
export interface EngineMetricsPayload {
  instanceId: string;
  metrics: object[];
}

/** Server → browser events and their payloads. */
export interface ServerToClientEvents {
  'engine:heartbeat': (payload: EngineHeartbeat) => void;
  /** public room, every 3 s: the 10 best. */
  'scanner:snapshot': (payload: ScannerSnapshot) => void;
  /** realtime room: every change, at most 10 per second. */
  'scanner:delta': (payload: ScannerDelta) => void;
  /** public room, every second. */
  'market:prices': (payload: PriceGrid) => void;
  /** public room, on every change of a feed's state and with each snapshot. */
  'market:feeds': (payload: FeedState[]) => void;
  /** public room, every 3 s. */
  'engine:stats': (payload: EngineStats) => void;
  /** user room: an exchange credential's check with the exchange finished. */
  'exchange:validated': (payload: ExchangeValidatedEvent) => void;
  /** owner's room: a bot started, stopped, failed or its totals changed. */
  'bot:status': (payload: BotStatusEvent) => void;
  /** owner's room: a trade was recorded. */
  'trade:new': (payload: TradeNewEvent) => void;
}

/** Server ↔ server events (engine → api over the adapter). */
export interface InterServerEvents {
  'engine:heartbeat': (payload: EngineHeartbeat) => void;
  'engine:metrics': (payload: EngineMetricsPayload) => void;
  /** The engine's latest public figures, kept by the api for GET /api/market/snapshot and /api/stats/public. */
  'scanner:snapshot': (payload: ScannerSnapshot) => void;
  'market:prices': (payload: PriceGrid) => void;
  'market:feeds': (payload: FeedState[]) => void;
  'engine:stats': (payload: EngineStats) => void;
  'bot:sync': (payload: { botId: string }) => void;
}

export type ClientToServerEvents = Record<string, never>;
