import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BTC_AND_ETH_USDT,
  startLocalExchange,
  type AccountSpec,
  type LocalExchange,
} from '../testing/local-exchanges/index.js';
import { runLiveSmoke } from './live-smoke.js';

const ACCOUNT: AccountSpec = {
  apiKey: 'SmOkEkEy0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789ab',
  secret: 'SmOkEsEcReT0123456789abcdefABCDEF0123456789abcdefABCDEF01234567',
  balances: { BTC: '0.25', USDT: '1234.5', ETH: '0' },
};
const GATE: AccountSpec = {
  apiKey: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  secret: 'g'.repeat(64),
  balances: { USDT: '50' },
};

/** The CLI's lines and exit code for `args` with `env`. */
async function run(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLiveSmoke(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('npm run live:smoke against local exchanges (ccxt through the platform factory, over HTTP)', () => {
  let binance: LocalExchange;
  let gate: LocalExchange;
  beforeAll(async () => {
    binance = await startLocalExchange('binance', BTC_AND_ETH_USDT, [ACCOUNT]);
    gate = await startLocalExchange('gateio', BTC_AND_ETH_USDT, [GATE]);
  });
  afterAll(async () => {
    await binance?.close();
    await gate?.close();
  });
  const env = () => ({
    EXCHANGE_API_ORIGINS: JSON.stringify({ binance: binance.url, gateio: gate.url }),
    BINANCE_API_KEY: ACCOUNT.apiKey,
    BINANCE_API_SECRET: ACCOUNT.secret,
    GATEIO_API_KEY: GATE.apiKey,
    GATEIO_API_SECRET: GATE.secret,
  });

  it('reads markets, server time, balances and permissions, prints a pt-BR summary, and places nothing', async () => {
    const r = await run(['--exchange', 'binance'], env());
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe('Verificação somente leitura da Binance (nenhuma ordem é enviada)');
    expect(r.out[1]).toBe('Mercados: 2 à vista; pares do Arbitra listados: BTC/USDT, ETH/USDT');
    expect(r.out[2]).toMatch(/^Hora do servidor: \d{4}-\d\d-\d\dT.+ \(diferença de -?\d+ ms\)$/);
    expect(r.out[3]).toBe('Saldos livres: BTC 0,25; USDT 1.234,5');
    expect(r.out[4]).toBe('Permissões da chave: read, trade');
    expect(r.out.at(-1)).toBe('Concluído: nada foi comprado, vendido ou sacado.');
    expect(binance.requests.map((q) => q.path)).toEqual(
      expect.arrayContaining(['/api/v3/exchangeInfo', '/api/v3/time', '/api/v3/account']),
    );
    expect(binance.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('works the same for another exchange (Gate.io), which does not report key permissions', async () => {
    const r = await run(['--exchange=gateio'], env());
    expect(r.code).toBe(0);
    expect(r.out).toContain('Saldos livres: USDT 50');
    expect(r.out.find((l) => l.startsWith('Permissões'))).toMatch(/não as informa pela API/);
    expect(gate.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('says which variables are missing, and which exchanges exist', async () => {
    const missing = await run(['--exchange', 'mexc'], env());
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(
      /^Chaves da MEXC ausentes: defina MEXC_API_KEY e MEXC_API_SECRET no ambiente/,
    );
    const unknown = await run(['--exchange', 'kraken'], env());
    expect(unknown.code).toBe(2);
    expect(unknown.err[0]).toBe(
      'Exchange desconhecida: kraken. Uso: npm run live:smoke -- --exchange <binance|mercadobitcoin|gateio|mexc|bybit>',
    );
  });

  it("an exchange that cannot be contacted is 'Não foi possível contatar a exchange', wrong keys 'Credenciais inválidas'", async () => {
    const down = await run(['--exchange', 'binance'], {
      ...env(),
      EXCHANGE_API_ORIGINS: JSON.stringify({ binance: 'http://127.0.0.1:9' }),
    });
    expect(down.code).toBe(1);
    expect(down.err[0]).toMatch(/^Não foi possível contatar a exchange \(Binance\): falha de rede ou de DNS/);
    const wrong = await run(['--exchange', 'binance'], { ...env(), BINANCE_API_SECRET: 'x'.repeat(64) });
    expect(wrong.code).toBe(1);
    expect(wrong.err[0]).toBe('Credenciais inválidas: Signature for this request is not valid. (-1022)');
  });
});
