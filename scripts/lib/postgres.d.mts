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

interface DirStat {
  uid: number;
  gid: number;
  mode: number;
  isDirectory(): boolean;
}

/** The first directory on the way to `target` that (uid, gid) cannot enter, or null. */
export function blockingDirectory(
  target: string,
  uid: number,
  gid: number,
  stat?: (p: string) => DirStat,
): string | null;

/** Throws (code ARBITRA_PG_UNREACHABLE, a pt-BR message) when root's `postgres` user cannot reach the binaries or the data. */
export function assertReachableByPostgres(
  dataDir: string,
  ids?: { uid: number; gid: number },
  stat?: (p: string) => DirStat,
): Promise<void>;

export function unreachableMessage(blocked: string, what: string): string;
