export interface EmbeddedPostgresHandle {
  port: number;
  url: string;
  adminUrl: string;
  stop(): Promise<void>;
}

export function startEmbeddedPostgres(options: {
  dir: string;
  database?: string;
  port?: number;
  onLog?: (message: string) => void;
  log?: (message: string) => void;
}): Promise<EmbeddedPostgresHandle>;
