export interface EmbeddedPostgresHandle {
  port: number;
  /** Where the cluster is: `dir`, or the folder under SHARED_ROOT remembered in `<dir>.location` (root, issue 32). */
  dataDir: string;
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
  /** Where root keeps what the `postgres` user cannot reach in the checkout. Default SHARED_ROOT. */
  shared?: string;
  /** false: a throwaway cluster, no fsync at commits (the integration run's). Default true. */
  durable?: boolean;
}): Promise<EmbeddedPostgresHandle>;

/** /var/lib/arbitra: binaries and clusters a root user's `postgres` OS user can reach. */
export const SHARED_ROOT: string;

/** `.data/postgres.location` for `.data/postgres`: where the cluster lives when elsewhere. */
export function locationFile(dir: string): string;

/** The cluster folder of a data directory under `shared` ('<checkout>-<hash>'). */
export function sharedClusterDir(dir: string, shared?: string): string;

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
