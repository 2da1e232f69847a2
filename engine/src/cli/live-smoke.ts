/**
 * `npm run live:smoke -- --exchange binance` (issue 26 §6): for an operator with internet, a read-only check of one
 * exchange with real keys, through the platform's own client factory (the ccxt class and settings the engine uses):
 * markets, balances, server time and the key's permissions. Never places, cancels or withdraws anything.
 *
 * Keys from the environment: <PREFIX>_API_KEY, <PREFIX>_API_SECRET and, where the exchange has one,
 * <PREFIX>_API_PASSPHRASE, with PREFIX BINANCE, MERCADOBITCOIN, GATEIO, MEXC or BYBIT. EXCHANGE_API_ORIGINS (as the
 * engine's) points the client elsewhere, e.g. at a local double in tests. Exit codes: 0 ok, 1 the exchange refused
 * or could not be contacted, 2 usage or missing keys.
 */
import { pathToFileURL } from 'node:url';
import {
  BOT_PAIRS,
  EXCHANGE_IDS,
  LIVE_CLOCK_TOLERANCE_MS,
  MESSAGES,
  exchangeInfo,
  formatQuantityPtBr,
  isExchangeId,
  type ExchangeId,
} from '@arbitra/contracts';
import {
  CredentialValidator,
  exchangeDetail,
  unreachableCause,
  unreachableReason,
} from '../credentials/credential-validator.js';
import {
  createCcxtClientFactory,
  loadCcxt,
  parseApiOrigins,
  type ExchangeClientCredentials,
} from '../credentials/exchange-client.factory.js';

const TIMEOUT_MS = 15_000;

/** The environment variables of one exchange's keys. */
export function keyVariables(exchange: ExchangeId) {
  const prefix = exchange.toUpperCase();
  return {
    apiKey: `${prefix}_API_KEY`,
    secret: `${prefix}_API_SECRET`,
    passphrase: `${prefix}_API_PASSPHRASE`,
  };
}

export interface SmokeIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `Uso: npm run live:smoke -- --exchange <${EXCHANGE_IDS.join('|')}>`;

/** Runs the smoke check; returns the exit code. */
export async function runLiveSmoke(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: SmokeIo = { out: (l) => console.log(l), err: (l) => console.error(l) },
): Promise<number> {
  const at = argv.indexOf('--exchange');
  const id =
    at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--exchange='))?.slice('--exchange='.length);
  if (!id || !isExchangeId(id)) {
    io.err(id ? `Exchange desconhecida: ${id}. ${USAGE}` : USAGE);
    return 2;
  }
  const info = exchangeInfo(id);
  const vars = keyVariables(id);
  const credentials: ExchangeClientCredentials = {
    apiKey: env[vars.apiKey]?.trim() ?? '',
    secret: env[vars.secret]?.trim() ?? '',
    password: env[vars.passphrase]?.trim() || undefined,
  };
  const missing = [
    ...(credentials.apiKey ? [] : [vars.apiKey]),
    ...(credentials.secret ? [] : [vars.secret]),
    ...(info.requiresPassphrase && !credentials.password ? [vars.passphrase] : []),
  ];
  if (missing.length > 0) {
    io.err(
      `Chaves da ${info.displayName} ausentes: defina ${missing.join(' e ')} no ambiente ` +
        '(use uma chave só de leitura e negociação, sem saque; nada será enviado à exchange além de consultas).',
    );
    return 2;
  }

  let origins;
  try {
    origins = parseApiOrigins(env.EXCHANGE_API_ORIGINS);
  } catch (e) {
    io.err((e as Error).message);
    return 2;
  }
  const factory = createCcxtClientFactory(origins);
  const ccxt = await loadCcxt();
  const secrets = [credentials.apiKey, credentials.secret, credentials.password ?? ''];
  const client = await factory(id, credentials, { timeoutMs: TIMEOUT_MS });
  io.out(`Verificação somente leitura da ${info.displayName} (nenhuma ordem é enviada)`);
  try {
    const markets = await client.loadMarkets();
    const spot = Object.values(markets).filter((m) => m?.spot);
    const ours = BOT_PAIRS.filter((p) => markets[p]);
    const closed = ours.filter((p) => markets[p]?.active === false);
    io.out(`Mercados: ${spot.length} à vista; pares do Arbitra listados: ${ours.join(', ') || 'nenhum'}`);
    if (closed.length > 0) io.out(`  fechados ou suspensos: ${closed.join(', ')}`);

    if (client.has['fetchTime']) {
      const sent = Date.now();
      const server = await client.fetchTime();
      const offset = typeof server === 'number' ? Math.round(server - (sent + Date.now()) / 2) : null;
      io.out(
        offset === null
          ? 'Hora do servidor: não informada'
          : `Hora do servidor: ${new Date(server!).toISOString()} (diferença de ${offset} ms${
              Math.abs(offset) > LIVE_CLOCK_TOLERANCE_MS
                ? ': ACIMA do tolerado, sincronize o relógio (NTP)'
                : ''
            })`,
      );
    } else {
      io.out('Hora do servidor: a exchange não a informa pela API');
    }

    const balance = await client.fetchBalance();
    const free = Object.entries((balance.free ?? {}) as unknown as Record<string, number | undefined>).filter(
      ([, n]) => typeof n === 'number' && n > 0,
    );
    io.out(
      free.length > 0
        ? `Saldos livres: ${free.map(([asset, n]) => `${asset} ${formatQuantityPtBr(String(n))}`).join('; ')}`
        : 'Saldos livres: nenhum saldo positivo',
    );
  } catch (e) {
    if (e instanceof ccxt.NetworkError) {
      io.err(
        `Não foi possível contatar a exchange (${info.displayName}): ${unreachableCause(unreachableReason(e, ccxt))}`,
      );
      return 1;
    }
    if (e instanceof ccxt.AuthenticationError) {
      io.err(MESSAGES.exchanges.reasonInvalidPrefix + exchangeDetail(e.message, client.id, secrets));
      return 1;
    }
    if (e instanceof ccxt.ExchangeError) {
      io.err(MESSAGES.exchanges.reasonRejected + exchangeDetail(e.message, client.id, secrets));
      return 1;
    }
    throw e;
  }
  const perms = await new CredentialValidator(factory, TIMEOUT_MS).check(id, credentials);
  io.out(
    perms.canWithdraw === null
      ? `Permissões da chave: a ${info.displayName} não as informa pela API; confirme no site que a chave não permite saques`
      : `Permissões da chave: ${(perms.permissions ?? []).join(', ') || 'nenhuma'}${
          perms.canWithdraw
            ? ' — ATENÇÃO: permite saques; o Arbitra recusa esta chave para operar ao vivo'
            : ''
        }`,
  );
  io.out('Concluído: nada foi comprado, vendido ou sacado.');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLiveSmoke(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`Erro inesperado: ${e instanceof Error ? e.constructor.name : String(e)}`);
      process.exit(1);
    },
  );
}
