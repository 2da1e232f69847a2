export interface LaunchedPlatform {
  port: number;
  mailInbox: string;
  baseUrl: string;
  stop(): Promise<void>;
}
export function launchPlatform(options?: {
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<LaunchedPlatform>;
