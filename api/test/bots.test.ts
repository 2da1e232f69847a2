import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, QUEUES, type Bot, type BotDetail } from '@arbitra/contracts';
import { createQueueFactory, type QueueFactory } from '@arbitra/transport';
import { useTestPlatform } from './support/test-platform.js';
import { register, type RegisteredUser } from './support/http.js';

const M = MESSAGES.bots;

const valid = {
  name: 'Meu bot',
  strategy: 'arbitrage',
  pairs: ['BTC/USDT', 'ETH/USDT'],
  exchanges: ['binance', 'gateio'],
  riskLevel: 'medium',
  maxInvestment: 1000,
  minProfitPercent: 1.5,
  active: false,
};

describe('bots API (issue 5 §1, §7)', () => {
  const t = useTestPlatform();
  const { call, sql } = t;
  let maria: RegisteredUser;
  let joao: RegisteredUser;

  beforeAll(async () => {
    maria = await register(call, { name: 'Maria' });
    joao = await register(call, { name: 'João' });
  });

  const setPlan = (userId: string, planId: string, status = 'active') =>
    sql.query(`UPDATE subscriptions SET plan_id = $2, status = $3 WHERE user_id = $1`, [
      userId,
      planId,
      status,
    ]);

  it('needs a session', async () => {
    expect((await call('GET', '/api/bots')).status).toBe(401);
  });

  it('creates a bot with SPEC §9 defaults (paper, stopped) and lists it', async () => {
    const res = await call<{ message: string; bot: Bot }>('POST', '/api/bots', {
      token: maria.token,
      body: {
        name: '  Bot padrão ',
        pairs: ['BTC/USDT'],
        exchanges: ['binance', 'mexc'],
        maxInvestment: 1000,
        minProfitPercent: 1.5,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Bot criado com sucesso!');
    expect(res.body.bot).toMatchObject({
      name: 'Bot padrão',
      strategy: 'arbitrage',
      riskLevel: 'medium',
      maxInvestment: 1000,
      minProfitPercent: 1.5,
      minProfitAfterRebalance: false,
      active: false,
      status: 'stopped',
      statusReason: null,
      mode: 'paper',
      totalTrades: 0,
      totalProfit: 0,
      profitPercent: 0,
    });
    const list = await call<Bot[]>('GET', '/api/bots', { token: maria.token });
    expect(list.status).toBe(200);
    expect(list.body.map((b) => b.id)).toContain(res.body.bot.id);
  });

  it("saves 'Lucro mínimo após rebalanceamento' and refuses anything but a boolean in pt-BR", async () => {
    const body = {
      name: 'Bot rebalanceado',
      pairs: ['BTC/USDT'],
      exchanges: ['binance', 'gateio'],
      maxInvestment: 1000,
      minProfitPercent: 0.5,
    };
    const bad = await call<{ message: string }>('POST', '/api/bots', {
      token: maria.token,
      body: { ...body, minProfitAfterRebalance: 'sim' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Lucro mínimo após rebalanceamento deve ser ativado ou desativado');
    const res = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: maria.token,
      body: { ...body, minProfitAfterRebalance: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bot.minProfitAfterRebalance).toBe(true);
    const got = await call<Bot[]>('GET', '/api/bots', { token: maria.token });
    expect(got.body.find((b) => b.id === res.body.bot.id)?.minProfitAfterRebalance).toBe(true);
    const off = await call<{ bot: Bot }>('PUT', `/api/bots/${res.body.bot.id}`, {
      token: maria.token,
      body: { ...body, minProfitAfterRebalance: false },
    });
    expect(off.body.bot.minProfitAfterRebalance).toBe(false);
  });

  it('answers each validation message of SPEC §5, in order, one at a time', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [
        { ...valid, name: '   ', pairs: [], exchanges: ['binance'], maxInvestment: 0, minProfitPercent: 0 },
        M.nameRequired,
      ],
      [
        { ...valid, pairs: [], exchanges: ['binance'], maxInvestment: 0, minProfitPercent: 0 },
        M.pairsRequired,
      ],
      [{ ...valid, exchanges: ['binance'], maxInvestment: 0, minProfitPercent: 0 }, M.exchangesRequired],
      [
        { ...valid, exchanges: ['binance', 'binance'], maxInvestment: 0, minProfitPercent: 0 },
        M.exchangesRequired,
      ],
      [{ ...valid, maxInvestment: 0, minProfitPercent: 0 }, M.maxInvestmentPositive],
      [{ ...valid, maxInvestment: -5, minProfitPercent: 0 }, M.maxInvestmentPositive],
      [{ ...valid, minProfitPercent: 0 }, M.minProfitPositive],
    ];
    for (const [body, message] of steps) {
      const res = await call('POST', '/api/bots', { token: maria.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(M.nameRequired).toBe('Nome do bot é obrigatório');
    expect(M.pairsRequired).toBe('Selecione pelo menos um par de moedas');
    expect(M.exchangesRequired).toBe('Selecione pelo menos duas exchanges');
    expect(M.maxInvestmentPositive).toBe('Investimento máximo deve ser maior que zero');
    expect(M.minProfitPositive).toBe('Lucro mínimo deve ser maior que zero');
    const unknownPair = await call('POST', '/api/bots', {
      token: maria.token,
      body: { ...valid, pairs: ['DOGE/USDT'] },
    });
    expect(unknownPair.body.message).toBe(M.pairInvalid);
    const extra = await call('POST', '/api/bots', {
      token: maria.token,
      body: { ...valid, status: 'running' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('Campo não permitido: status');
  });

  it('starts a bot created with active=true and sends the engine a start command', async () => {
    const factory: QueueFactory = createQueueFactory({ databaseUrl: t.db.url });
    const queue = factory.queue(QUEUES.botCommands);
    try {
      const res = await call<{ bot: Bot }>('POST', '/api/bots', {
        token: maria.token,
        body: { ...valid, name: 'Ativo', active: true },
      });
      expect(res.status).toBe(201);
      expect(res.body.bot).toMatchObject({ active: true, status: 'running' });
      const jobs = (await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'prioritized'])).map(
        (j) => j.data,
      );
      expect(
        jobs.some((j) => j.botId === res.body.bot.id && j.action === 'start' && j.userId === maria.id),
      ).toBe(true);

      const toggled = await call<{ bot: Bot; message: string }>(
        'POST',
        `/api/bots/${res.body.bot.id}/toggle`,
        { token: maria.token },
      );
      expect(toggled.status).toBe(200);
      expect(toggled.body.bot).toMatchObject({ active: false, status: 'stopped' });
      const again = await call<{ bot: Bot }>('POST', `/api/bots/${res.body.bot.id}/toggle`, {
        token: maria.token,
      });
      expect(again.body.bot).toMatchObject({ active: true, status: 'running' });
      const actions = (await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'prioritized']))
        .map((j) => j.data)
        .filter((j) => j.botId === res.body.bot.id)
        .map((j) => j.action)
        .sort();
      expect(actions).toEqual(['start', 'start', 'stop']);
    } finally {
      await factory.close();
    }
  });

  it('updates and deletes, with SPEC §8 messages', async () => {
    const created = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: maria.token,
      body: { ...valid, name: 'Editar' },
    });
    const id = created.body.bot.id;
    const upd = await call<{ message: string; bot: Bot }>('PUT', `/api/bots/${id}`, {
      token: maria.token,
      body: { ...valid, name: 'Editado', riskLevel: 'high', maxInvestment: 2500.555, minProfitPercent: 0.3 },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Bot atualizado com sucesso!');
    expect(upd.body.bot).toMatchObject({
      name: 'Editado',
      riskLevel: 'high',
      maxInvestment: 2500.56,
      minProfitPercent: 0.3,
    });
    const bad = await call('PUT', `/api/bots/${id}`, { token: maria.token, body: { ...valid, name: '' } });
    expect(bad.body.message).toBe(M.nameRequired);
    const detail = await call<BotDetail>('GET', `/api/bots/${id}`, { token: maria.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      bot: { id, name: 'Editado' },
      equity: [],
      recentTrades: [],
      expectedProfit: 0,
      realisedProfit: 0,
    });
    const del = await call('DELETE', `/api/bots/${id}`, { token: maria.token });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Bot excluído com sucesso!');
    expect((await call('GET', `/api/bots/${id}`, { token: maria.token })).status).toBe(404);
  });

  it("answers 404 for another user's bot on every route", async () => {
    const created = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: maria.token,
      body: { ...valid, name: 'Da Maria' },
    });
    const id = created.body.bot.id;
    for (const [method, path, body] of [
      ['GET', `/api/bots/${id}`, undefined],
      ['PUT', `/api/bots/${id}`, valid],
      ['DELETE', `/api/bots/${id}`, undefined],
      ['POST', `/api/bots/${id}/toggle`, undefined],
      ['GET', '/api/bots/not-a-uuid', undefined],
    ] as const) {
      const res = await call(method, path, { token: joao.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    }
    const joaoList = await call<Bot[]>('GET', '/api/bots', { token: joao.token });
    expect(joaoList.body.map((b) => b.id)).not.toContain(id);
    const still = await call<BotDetail>('GET', `/api/bots/${id}`, { token: maria.token });
    expect(still.body.bot.name).toBe('Da Maria');
  });

  it('enforces the plan: bot count and advanced strategies (403 pt-BR)', async () => {
    const user = await register(call, { name: 'Básico' });
    await setPlan(user.id, 'basic');
    const tri = await call('POST', '/api/bots', {
      token: user.token,
      body: { ...valid, strategy: 'triangular' },
    });
    expect(tri.status).toBe(403);
    expect(tri.body.message).toBe(M.advancedStrategiesRequired);
    for (let i = 0; i < 3; i++) {
      expect(
        (await call('POST', '/api/bots', { token: user.token, body: { ...valid, name: `b${i}` } })).status,
      ).toBe(201);
    }
    const fourth = await call('POST', '/api/bots', { token: user.token, body: { ...valid, name: 'b4' } });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe('Seu plano permite até 3 bots. Faça upgrade para criar mais.');
    // The trial (Profissional) allows the advanced strategies.
    const pro = await call('POST', '/api/bots', {
      token: maria.token,
      body: { ...valid, name: 'Estat', strategy: 'statistical' },
    });
    expect(pro.status).toBe(201);
    await setPlan(user.id, 'basic', 'past_due');
    const lapsed = await call('POST', '/api/bots', { token: user.token, body: { ...valid, name: 'x' } });
    expect(lapsed.status).toBe(403);
    expect(lapsed.body.message).toBe(M.noActivePlan);
  });

  it('BRL pairs: Básico gets 403 pt-BR, Profissional and Enterprise create them (DECISIONS §12)', async () => {
    const brl = {
      ...valid,
      name: 'Reais',
      pairs: ['BTC/BRL', 'USDT/BRL'],
      exchanges: ['mercadobitcoin', 'binance'],
    };
    const basic = await register(call, { name: 'Básico BRL' });
    await setPlan(basic.id, 'basic');
    const refused = await call('POST', '/api/bots', { token: basic.token, body: brl });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Pares em reais (BRL) estão disponíveis apenas nos planos Profissional e Enterprise.',
    );
    // a USDT bot of the same user cannot be edited into BRL either
    const usdt = await call<{ bot: Bot }>('POST', '/api/bots', { token: basic.token, body: valid });
    expect(usdt.status).toBe(201);
    const edit = await call('PUT', `/api/bots/${usdt.body.bot.id}`, { token: basic.token, body: brl });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(M.brlPairsRequired);
    for (const plan of ['professional', 'enterprise']) {
      const user = await register(call, { name: `BRL ${plan}` });
      await setPlan(user.id, plan);
      const ok = await call<{ bot: Bot }>('POST', '/api/bots', { token: user.token, body: brl });
      expect(ok.status).toBe(201);
      expect(ok.body.bot.pairs).toEqual(['BTC/BRL', 'USDT/BRL']);
    }
  });

  it('answers 20 parallel creations by one user (more than the pool has connections): 10 made, 10 refused', async () => {
    // The per-user lock once held every pool connection while its holder waited for one: nothing answered.
    const user = await register(call, { name: 'Pressa' });
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/bots', { token: user.token, body: { ...valid, name: `p${i}` } }),
      ),
    );
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10); // the trial is Profissional: 10 bots
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
  });

  it('asks for confirmLive and validated credentials before live mode', async () => {
    const noConfirm = await call('POST', '/api/bots', {
      token: maria.token,
      body: { ...valid, mode: 'live' },
    });
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.body.message).toBe(M.liveConfirmRequired);
    const noKeys = await call('POST', '/api/bots', {
      token: maria.token,
      body: { ...valid, mode: 'live', confirmLive: true },
    });
    expect(noKeys.status).toBe(409);
    expect(String(noKeys.body.message)).not.toBe('');
  });

  // A live bot with keys that pass 'Pronto para operar ao vivo', stopped when a key is removed: live-checklist.test.ts.
  it("exports the user's bots and trades, and 'Excluir conta' sends 'delete' for each bot before the rows go", async () => {
    const u = await register(call, { name: 'Ana' });
    await setPlan(u.id, 'professional');
    const factory: QueueFactory = createQueueFactory({ databaseUrl: t.db.url });
    const queue = factory.queue(QUEUES.botCommands);
    try {
      const a = await call<{ bot: Bot }>('POST', '/api/bots', {
        token: u.token,
        body: { ...valid, name: 'Um', active: true },
      });
      const b = await call<{ bot: Bot }>('POST', '/api/bots', {
        token: u.token,
        body: { ...valid, name: 'Dois' },
      });
      expect([a.status, b.status]).toEqual([201, 201]);
      const trade = await sql.query<{ id: string }>(
        `INSERT INTO trades (user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair, buy_exchange,
           sell_exchange, buy_price, sell_price, amount, profit, profit_percent, expected_profit, expected_profit_percent,
           usdt_brl, status, executed_at)
         VALUES ($1, $2, 'Um', $3, 'arbitrage:BTC/USDT:binance>gateio', 'arbitrage', 'paper', 'BTC/USDT', 'binance', 'gateio',
           100, 101, 0.5, 0.123456789, 0.24, 0.2, 0.4, 5.45, 'completed', now()) RETURNING id`,
        [u.id, a.body.bot.id, `${a.body.bot.id}:x:1`],
      );
      await sql.query(
        `INSERT INTO trade_legs (trade_id, seq, kind, exchange, symbol, side, requested_amount, filled_amount, avg_price,
           quote_amount, fee, fee_asset, status) VALUES ($1, 1, 'entry', 'binance', 'BTC/USDT', 'buy', 0.5, 0.5, 100, 50, 0.05, 'USDT', 'filled')`,
        [trade.rows[0]!.id],
      );

      const exported = await call<{
        bots: Bot[];
        trades: { id: string; botName: string; profitExact: string; legs: unknown[] }[];
      }>('GET', '/api/user/export', { token: u.token });
      expect(exported.status).toBe(200);
      expect(exported.body.bots.map((x) => x.name)).toEqual(['Um', 'Dois']);
      expect(exported.body.trades).toHaveLength(1);
      expect(exported.body.trades[0]).toMatchObject({
        id: trade.rows[0]!.id,
        botName: 'Um',
        profit: 0.12,
        profitExact: '0.123456789000000000',
      });
      expect(exported.body.trades[0]!.legs).toEqual([
        expect.objectContaining({ seq: 1, side: 'buy', feeAsset: 'USDT' }),
      ]);
      // Another user's export holds none of them.
      const other = await call<{ bots: Bot[]; trades: unknown[] }>('GET', '/api/user/export', {
        token: joao.token,
      });
      expect(other.body.bots.some((x) => x.id === a.body.bot.id)).toBe(false);
      expect(other.body.trades).toEqual([]);

      const deleted = await call('DELETE', '/api/user/account', {
        token: u.token,
        body: { password: u.password },
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      const deletes = (await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'prioritized']))
        .map((j) => j.data)
        .filter((j) => j.userId === u.id && j.action === 'delete')
        .map((j) => j.botId)
        .sort();
      expect(deletes).toEqual([a.body.bot.id, b.body.bot.id].sort());
      for (const table of ['bots', 'trades'])
        expect((await sql.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [u.id])).rowCount, table).toBe(
          0,
        );
    } finally {
      await factory.close();
    }
  });
});
