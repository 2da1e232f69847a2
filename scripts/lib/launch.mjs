import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The whole platform as a user starts it: `scripts/start.mjs` (what `npm start` runs) in a child process,
 * on a random port with a fresh data directory. Resolves once the launcher reports ready.
 * `stop()` ends it (SIGINT, then SIGKILL after 20 s) and removes the data directory. `pids` follows the
 * launcher's processes (it restarts one that dies), `restarts` lists each restart.
 */
export async function launchPlatform({ env = {}, readyTimeoutMs = 180_000 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arbitra-launch-'));
  const port = await freePort();
  const child = fork(path.join(root, 'scripts/start.mjs'), [], {
    env: {
      ...process.env,
      PORT: String(port),
      ARBITRA_DATA_DIR: dataDir,
      MAILDEV_SMTP_PORT: String(await freePort()),
      MAILDEV_WEB_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  /** Each supervised process's current pid (engine-1, api...), updated when the launcher restarts one. */
  const pids = {};
  const restarts = [];
  child.on('message', (m) => {
    if (m?.type === 'ready') Object.assign(pids, m.pids);
    if (m?.type === 'restarted') {
      pids[m.name] = m.pid;
      restarts.push({ name: m.name, pid: m.pid, at: Date.now() });
    }
  });
  child.stdout?.on('data', (d) => (output += d.toString()));
  child.stderr?.on('data', (d) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      let timer;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
      clearTimeout(timer); // a pending 20 s timer would hold the caller's process open after a quick stop
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    // Let go of the pipes and the IPC channel, so the caller can exit.
    child.stdout?.destroy();
    child.stderr?.destroy();
    if (child.connected) child.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const ready = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`a plataforma não subiu em ${readyTimeoutMs / 1000} s:\n${output}`)),
        readyTimeoutMs,
      );
      child.on('message', (m) => {
        if (m?.type === 'ready') {
          clearTimeout(timer);
          resolve(m);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`o launcher terminou (código ${code}):\n${output}`));
      });
    });
    return {
      port: ready.port,
      mailInbox: ready.mailInbox,
      baseUrl: `http://localhost:${ready.port}`,
      dataDir,
      pids,
      restarts,
      output: () => output,
      exited: () => child.exitCode !== null || child.signalCode !== null,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
