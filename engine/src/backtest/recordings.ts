import { fileURLToPath } from 'node:url';

/**
 * The recordings folder: replay files a backtest can run on (the sample shipped under data/recordings, and any
 * file recorded with `npm run record --out data/recordings/NAME.jsonl`). RECORDINGS_DIR overrides it.
 */
export function recordingsDir(configured?: string): string {
  return configured ?? fileURLToPath(new URL('../../../data/recordings/', import.meta.url));
}
