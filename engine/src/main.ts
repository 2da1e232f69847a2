import { createEngine } from './bootstrap.js';
import { ConfigError, parseEngineConfig } from './config/config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = parseEngineConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  const app = await createEngine(config);
  // Stop with the launcher: when its IPC channel closes (even after kill -9), we go too — within 10 s even when a
  // close hangs (its database already stopped by the launcher: an orphan was seen holding two dead connections).
  process.once('disconnect', () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    void app.close().finally(() => process.exit(0));
  });
  process.send?.({ type: 'ready', service: 'engine' });
}

void main();
