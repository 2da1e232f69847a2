import type { BacktestProgressEvent } from '../domain/backtests.js';
import type { BotStatusEvent, TradeNewEvent } from '../domain/bots.js';
import type { ExchangeValidatedEvent } from '../api/exchanges.js';
import type { PaymentUpdatedEvent, SubscriptionUpdatedEvent } from '../api/payments.js';
import type { NotificationNewEvent } from '../domain/notifications.js';
import type { EngineHeartbeat } from '../domain/health.js';
import type { AdminWatchingPayload, LiveMetricsSample } from '../domain/live-metrics.js';
import type { PlatformSettings, PublicPlatformSettings } from '../domain/settings.js';
import type { EngineStats, FeedState, PriceGrid, ScannerDelta, ScannerSnapshot } from '../domain/market.js';
import type { OpportunityHistorySummary } from '../domain/opportunity-history.js';
import type { TransferFeeTable } from '../domain/transfer-fees.js';

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
  /** Engine → api (server-side): the last 24 h of opportunities as a histogram per route (the bot form's line). */
  opportunityHistory: 'market:opportunity-history',
  /** Engine → api (server-side): the transfer-fee table refreshed through ccxt (TransferFeeTable), every minute. */
  transferFees: 'market:transfer-fees',
  botStatus: 'bot:status',
  tradeNew: 'trade:new',
  /** To `user:<owner>`: the check of an exchange credential finished (engine). */
  exchangeValidated: 'exchange:validated',
  /** Engine → the other engines: reload this bot (started, stopped or edited elsewhere). */
  botSync: 'bot:sync',
  /** To `user:<owner>`: a payment changed status (PIX screen flips to success by itself). */
  paymentUpdated: 'payment:updated',
  /** To `user:<owner>`: the subscription changed (activated, lapsed, canceled). */
  subscriptionUpdated: 'subscription:updated',
  /** To `user:<owner>`: a backtest's progress (% of market time, trades, ETA) and its end. */
  backtestProgress: 'backtest:progress',
  /** Every api and engine process → every api (server-side, always) and `admin` (while an admin watches), once a second: its live metrics. */
  adminMetrics: 'admin:metrics',
  /** api → every process (server-side): admins are watching the live metrics. */
  adminWatching: 'admin:watching',
  /** api → every engine (server-side): the platform settings changed (fees). */
  settingsChanged: 'settings:changed',
  /** api → every browser: the maintenance banner and registrations changed. */
  platformSettings: 'platform:settings',
  /** To `user:<id>`: a new in-app notification (the bell), with the unread count. */
  notificationNew: 'notification:new',
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
  /** owner's room: a bot started, stopped or failed (a trade's totals come in its 'trade:new'). */
  'bot:status': (payload: BotStatusEvent) => void;
  /** owner's room: a trade was recorded (with its bot's status after it: no 'bot:status' beside it). */
  'trade:new': (payload: TradeNewEvent) => void;
  /** owner's room: a payment changed status. */
  'payment:updated': (payload: PaymentUpdatedEvent) => void;
  /** owner's room: the subscription changed. */
  'subscription:updated': (payload: SubscriptionUpdatedEvent) => void;
  /** owner's room: a backtest moved on, or ended (status). */
  'backtest:progress': (payload: BacktestProgressEvent) => void;
  /** admin room, once a second per process while an admin watches (the same sample goes server-side always). */
  'admin:metrics': (payload: LiveMetricsSample) => void;
  /** everyone: the maintenance banner or registrations changed. */
  'platform:settings': (payload: PublicPlatformSettings) => void;
  /** owner's room: a new in-app notification. */
  'notification:new': (payload: NotificationNewEvent) => void;
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
  'market:opportunity-history': (payload: OpportunityHistorySummary) => void;
  'market:transfer-fees': (payload: TransferFeeTable) => void;
  /** positions: a trade executed on another engine changed the bot's statistical positions (its exit settled). */
  'bot:sync': (payload: { botId: string; positions?: boolean }) => void;
  'admin:watching': (payload: AdminWatchingPayload) => void;
  /** Every process → every api, once a second (watched or not): its live metrics, for the api's 15 minutes. */
  'admin:metrics': (payload: LiveMetricsSample) => void;
  'settings:changed': (payload: PlatformSettings) => void;
}

export type ClientToServerEvents = Record<string, never>;
