import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../scripts/test-support/wait.js';

// The api's logger as the built api runs it (api/dist, made by `npm run build`), in a process whose stdout has no
// reader: what the api and engine of `npm start` see when the launcher was killed (kill -9) and they exit on their
// own. With pino's asynchronous destination, process.exit never returned (its exit flush retries on EPIPE forever).
const LOGGER = fileURLToPath(new URL('../dist/common/logging/logger.js', import.meta.url));

describe("the api's logger when stdout has no reader", () => {
  it('logs 2,000 lines into a closed pipe and the process still exits at once', async () => {
    const script = `
      const { createLogger } = await import(${JSON.stringify(LOGGER)});
      const log = createLogger('api', 'info');
      for (let i = 0; i < 2000; i++) log.info({ i }, 'x'.repeat(200));
      process.exit(0);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy(); // the reader is gone before the first line is written
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    child.once('exit', (code, signal) => (exit = { code, signal }));
    try {
      const ended = await waitFor(() => exit, 20_000, 100);
      expect(ended, `the process did not exit within 20 s\n${stderr}`).toEqual({ code: 0, signal: null });
    } finally {
      if (!exit) child.kill('SIGKILL');
    }
  }, 40_000);
});
