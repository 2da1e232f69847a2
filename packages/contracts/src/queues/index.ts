import type { Opportunity } from '../domain/market.js';

/** Queue names and job payloads shared by the api (producer) and the engine (worker). */
export const QUEUES = {
  engineCommands: 'engine-commands',
  /** api → engine: a bot was started, stopped, edited or deleted. */
  botCommands: 'bot-commands',
  /** bot runner → executor: one opportunity to execute for one bot. */
  executions: 'executions',
  /** Checks of exchange credentials with the exchange (api → engine). Payload: the credential id only. */
  credentialChecks: 'credential-checks',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface EngineCommandJobs {
  /** A round-trip check used by readiness and the transport tests. */
  ping: { requestedAt: string; nonce: string };
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
  /** `${botId}:${opportunity.id}:${opportunity.firstSeen}`: unique per bot and opportunity (the ledger's key). */
  executionKey: string;
  /** The opportunity as the runner saw it (engine Opportunity, JSON). */
  opportunity: Opportunity;
  /** Quote (USDT) the runner allows this trade to engage. */
  budgetUsdt: string;
  enqueuedAt: number;
  /** A statistical exit: the id of the entry opportunity whose open position this trade closes. */
  exitOf?: string;
}

/** BullMQ refuses ':' in custom job ids: the execution job id is the execution key with ':' → '|'. */
export function executionJobId(executionKey: string): string {
  return executionKey.replaceAll(':', '|');
}
