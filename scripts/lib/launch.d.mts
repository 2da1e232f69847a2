export interface LaunchedPlatform {
  port: number;
  mailInbox: string;
  baseUrl: string;
  dataDir: string;
  /** The current pid of each process the launcher supervises ('api', 'engine' or 'engine-1'..'engine-N'). */
  pids: Record<string, number>;
  /** Each restart the launcher made, in order. */
  restarts: { name: string; pid: number; at: number }[];
  /** What the launcher printed so far. */
  output(): string;
  /** Whether the launcher itself has exited. */
  exited(): boolean;
  stop(): Promise<void>;
}
export function launchPlatform(options?: {
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<LaunchedPlatform>;
