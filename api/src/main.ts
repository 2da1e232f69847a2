import { createApiApp } from './bootstrap.js';
import { ConfigError, parseApiConfig } from './config/config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = parseApiConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  const { app, logger } = await createApiApp(config);
  // Stop with the launcher: when its IPC channel closes (even after kill -9), we go too — within 10 s even when a
  // close hangs (its database already stopped by the launcher: an orphan was seen holding two dead connections).
  process.once('disconnect', () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    void app.close().finally(() => process.exit(0));
  });
  try {
    await app.listen(config.PORT, config.HOST);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`A porta ${config.PORT} já está em uso. Libere-a ou escolha outra com PORT=<porta>.`);
      process.exit(98);
    }
    throw e;
  }
  logger.info({ port: config.PORT }, 'api listening');
  process.send?.({ type: 'ready', service: 'api', port: config.PORT });
}

void main();
