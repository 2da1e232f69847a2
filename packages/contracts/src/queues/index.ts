/** Queue names and job payloads shared by the api (producer) and the engine (worker). */
export const QUEUES = {
  engineCommands: 'engine-commands',
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

/** Attempts, backoff and retention, set in one place (ARCHITECTURE conventions §6). */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
} as const;
