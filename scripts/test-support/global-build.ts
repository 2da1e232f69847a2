import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The integration files load the api and the engine from what the build wrote (vitest.config.ts, builtSources):
 * `npm run build:node` first, so they never run an older build than the sources. It is incremental (tsc -b): after
 * `npm test`'s build stage it only finds everything up to date.
 */
export default function setup(): void {
  execFileSync('npm', ['run', 'build:node', '--silent'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
  });
}
