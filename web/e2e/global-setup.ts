import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/lib/ports.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailInbox: string;
  }
}

const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_IP: '1000/15m',
  RATE_LIMIT_LOGIN_ACCOUNT: '200/15m',
  RATE_LIMIT_REGISTER_IP: '1000/1h',
  RATE_LIMIT_FORGOT_IP: '1000/1h',
  RATE_LIMIT_FORGOT_ACCOUNT: '200/1h',
  RATE_LIMIT_TWO_FACTOR_IP: '1000/15m',
  RATE_LIMIT_TWO_FACTOR_ACCOUNT: '200/15m',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The whole platform as a user starts it: `scripts/start.mjs` (what `npm start` runs)
 * on a random port with a fresh data directory.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arbitra-e2e-'));
  const port = await freePort();
  const child: ChildProcess = fork(path.join(root, 'scripts/start.mjs'), [], {
    env: {
      ...process.env,
      PORT: String(port),
      ARBITRA_DATA_DIR: dataDir,
      MAILDEV_SMTP_PORT: String(await freePort()),
      MAILDEV_WEB_PORT: String(await freePort()),
      // Every browser test registers and signs in from 127.0.0.1: lift the per-IP and per-account limits
      // (docs/api/accounts.md) so the run never meets a 429 it did not ask for.
      ...GENEROUS_RATE_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const ready = await new Promise<{ port: number; mailInbox: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a plataforma não subiu em 180 s:\n${output}`)), 180_000);
    child.on('message', (m: { type?: string; port: number; mailInbox: string }) => {
      if (m.type === 'ready') {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`o launcher terminou (código ${code}):\n${output}`));
    });
  });
  project.provide('baseUrl', `http://localhost:${ready.port}`);
  project.provide('mailInbox', ready.mailInbox);

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    // Let go of the pipes and the IPC channel, so the test process can exit.
    child.stdout?.destroy();
    child.stderr?.destroy();
    if (child.connected) child.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
