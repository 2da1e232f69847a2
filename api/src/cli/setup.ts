import 'reflect-metadata';
import { createDataSource, runMigrations } from '@arbitra/db';
import { seed } from './seed.js';

/** Migrations then seed: what the launcher and docker-compose's one-shot `migrate` run. */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL é obrigatória');
    process.exit(78);
  }
  const applied = await runMigrations(url);
  const ds = createDataSource(url);
  await ds.initialize();
  try {
    const created = await seed(ds);
    console.log(JSON.stringify({ migrations: applied, seeded: created }));
  } finally {
    await ds.destroy();
  }
}

main().catch((e: unknown) => {
  console.error('Falha ao preparar o banco de dados:', e instanceof Error ? e.message : e);
  process.exit(1);
});
