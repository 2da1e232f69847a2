import type { Opportunity } from '../domain/market.js';
import type { BotStopCause, NotificationEvent } from '../domain/notifications.js';
import type { LiveChecklistRequest } from '../domain/live-checklist.js';

/** Queue names and job payloads shared by the api (producer) and the engine (worker). */
export const QUEUES = {
  engineCommands: 'engine-commands',
  /** api → engine: a bot was started, stopped, edited or deleted. */
  botCommands: 'bot-commands',
  /** bot runner → executor: one opportunity to execute for one bot. */
  executions: 'executions',
  /** Checks of exchange credentials with the exchange (api → engine). Payload: the credential id only. */
  credentialChecks: 'credential-checks',
  /** api: the repeatable billing job (expired charges, renewals, lapses). One run at a time across processes. */
  billing: 'billing',
  /** api → engine: run one backtest (BACKTEST_CONCURRENCY at a time per engine). */
  backtests: 'backtests',
  /** api/engine → api: deliver one notification (in-app, email, Telegram), or run the daily summary. */
  notifications: 'notifications',
} as const;

/** The billing queue's one repeatable job. */
export const BILLING_TICK = { schedulerId: 'billing-tick', name: 'tick' } as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface EngineCommandJobs {
  /** A round-trip check used by readiness and the transport tests. */
  ping: { requestedAt: string; nonce: string };
  /** 'Pronto para operar ao vivo' of one user's keys (engine LiveChecklistChecker); the job returns a LiveChecklist. */
  'live-checklist': LiveChecklistRequest & { userId: string };
}

export type EngineCommandName = keyof EngineCommandJobs;

export interface PingResult {
  nonce: string;
  processedBy: string;
  processedAt: string;
}

/** Jobs of the credential-checks queue: never a secret, only the id (the engine reads and decrypts the row). */
export interface CredentialCheckJobs {
  check: { credentialId: string };
}

/** Attempts, backoff and retention, set in one place (ARCHITECTURE conventions §6). */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
} as const;

/** api → engine (QUEUES.botCommands): apply a bot change to the runner. Idempotent: the engine reloads the bot row. */
export interface BotCommandJob {
  action: 'start' | 'stop' | 'update' | 'delete';
  botId: string;
  userId: string;
  requestedAt: string;
}

/** bot runner → executor (QUEUES.executions). Money and amounts are decimal strings. */
export interface ExecutionJob {
  botId: string;
  userId: string;
  /** `${botId}:${opportunity.id}:${opportunity.openedAt}`: unique per bot and opportunity on every engine (the ledger's key). */
  executionKey: string;
  /** The opportunity as the runner saw it (engine Opportunity, JSON). */
  opportunity: Opportunity;
  /** Quote (USDT) the runner allows this trade to engage. */
  budgetUsdt: string;
  enqueuedAt: number;
  /** Its detection in market time (the engine's MarketClock; absent: `enqueuedAt`'s market time). */
  detectedAt?: number;
  /** The fencing token of the bot's lease held by the engine that matched it (0 or absent: none). */
  leaseToken?: number;
  /** A statistical exit: the id of the entry opportunity whose open position this trade closes. */
  exitOf?: string;
}

/** BullMQ refuses ':' in custom job ids: the execution job id is the execution key with ':' → '|'. */
export function executionJobId(executionKey: string): string {
  return executionKey.replaceAll(':', '|');
}

/** api → engine (QUEUES.backtests): the backtest row holds the configuration and the source. */
export interface BacktestJob {
  backtestId: string;
  userId: string;
}

/**
 * The 'run' job of a backtest: its first (at creation, jobId = its id) or a later one — a user's next run queued
 * again when their previous one ends or a queued one before it is canceled (a run that finds its user's previous one
 * running or waiting ends without holding a worker).
 */
export function backtestRunJob(backtestId: string, userId: string, again = false) {
  return {
    data: { backtestId, userId } satisfies BacktestJob,
    opts: {
      jobId: again ? `${backtestId}-${Date.now()}` : backtestId, // BullMQ refuses ':' in a job id
      attempts: 1,
      removeOnComplete: 1000,
      removeOnFail: 1000,
    },
  };
}

/** What each notification event carries (the api renders the pt-BR text of every channel from it). */
export interface NotificationParams {
  'bot.stopped': { botId: string; botName: string; cause: BotStopCause; reason: string };
  /** A direction the bot skips for want of funds: `reason` is 'Direção pausada: sem BTC na Binance'. */
  'bot.inventory': { botId: string; botName: string; reason: string };
  'trade.unhedged': {
    botId: string;
    botName: string;
    pair: string;
    reason: string;
    lossUsdt: string;
    simulated: boolean;
  };
  'trade.executed': { botId: string; botName: string; pair: string; profitUsdt: string; profitBrl: string };
  'daily.summary': { date: string; trades: number; profitBrl: string; botsRunning: number };
  'login.new': { device: string; ip: string | null; at: string };
  /** Payments (issue 10): `kind` names what happened; title and body are the pt-BR text to show. */
  billing: {
    kind: string;
    title: string;
    body: string;
    link?: string;
    /** The billing mail of this event went out already (with its invoice): the notification does not mail again. */
    emailed?: boolean;
  };
}

/**
 * QUEUES.notifications, job 'notify'. `key` is the idempotency key: the same key never notifies twice
 * (per channel), whoever enqueues it and however often. The job id is derived from it.
 */
export type NotificationJob = {
  [E in NotificationEvent]: {
    key: string;
    userId: string;
    event: E;
    params: NotificationParams[E];
    occurredAt: string;
  };
}[NotificationEvent];

/** QUEUES.notifications, job 'daily-summary': the summary of one São Paulo day (yyyy-mm-dd) for every user. */
export interface DailySummaryJob {
  date: string;
}

/** BullMQ refuses ':' in custom job ids. */
export function notificationJobId(key: string): string {
  return `n|${key.replaceAll(':', '|')}`;
}

/**
 * Every queue's jobs: queue name → job name → payload. The queue factory of @arbitra/transport types `queue(name)`
 * and `worker(name, processor)` by it, so a producer can only add a known job with its payload and a processor
 * receives a job discriminated by its name (no cast). A new queue: its name in QUEUES, its jobs here.
 */
export interface QueueJobs {
  'engine-commands': EngineCommandJobs;
  /** The job name is the action. */
  'bot-commands': { [A in BotCommandJob['action']]: BotCommandJob };
  executions: { execute: ExecutionJob };
  'credential-checks': CredentialCheckJobs;
  backtests: { run: BacktestJob };
  /** The repeatable billing tick (BILLING_TICK): no payload. */
  billing: { [BILLING_TICK.name]: Record<string, never> };
  notifications: { notify: NotificationJob; 'daily-summary': DailySummaryJob };
}

/** The job names of a queue. */
export type JobNameOf<Q extends QueueName> = Extract<keyof QueueJobs[Q], string>;
/** The payload of one job of a queue. */
export type JobDataOf<Q extends QueueName, N extends JobNameOf<Q> = JobNameOf<Q>> = QueueJobs[Q][N];
