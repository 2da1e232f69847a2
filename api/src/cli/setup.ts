import 'reflect-metadata';
import { openDatabase } from '@arbitra/db';
import { seed } from './seed.js';

/** Migrations then seed: what the launcher and docker-compose's one-shot `migrate` run. */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL é obrigatória');
    process.exit(78);
  }
  const db = await openDatabase(url, { migrate: true });
  try {
    const created = await seed(db.repositories);
    console.log(JSON.stringify({ migrations: db.migrations, seeded: created }));
  } finally {
    await db.close();
  }
}

main().catch((e: unknown) => {
  console.error('Falha ao preparar o banco de dados:', e instanceof Error ? e.message : e);
  process.exit(1);
});
