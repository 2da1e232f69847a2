import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradesRepository, createDataSource } from '@arbitra/db';
import {
  EVENTS,
  QUEUES,
  notificationJobId,
  type Bot,
  type NotificationListResponse,
  type NotificationNewEvent,
  type TelegramLinkCode,
  type TelegramLinkStatus,
} from '@arbitra/contracts';
import type { Queue } from 'bullmq';
import type { QueueFactory } from '@arbitra/transport';
import { createApiApp, type ApiApp } from '../src/bootstrap.js';
import { parseApiConfig } from '../src/config/config.js';
import {
  DailySummaryScheduler,
  saoPauloClock,
} from '../src/modules/notifications/daily-summary.scheduler.js';
import { QUEUE_FACTORY } from '../src/transport/transport.providers.js';
import { Notifier } from '../../engine/src/execution/notifier.js';
import { TradeLedger, type ExecutionRecord } from '../../engine/src/execution/trade-ledger.js';
import { losingRecord } from '../../engine/src/execution/testing/losing-record.js';
import { useTestPlatform } from './support/test-platform.js';
import { startTelegramDouble, type TelegramDouble } from '../../scripts/test-support/telegram-double.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { register, type RegisteredUser } from './support/http.js';

const TOKEN = '123456:TESTE-token-do-bot';

const LEGS: ExecutionRecord['legs'] = [
  {
    seq: 1,
    kind: 'entry',
    exchange: 'binance',
    symbol: 'BTC/USDT',
    side: 'buy',
    requestedAmount: '1',
    filledAmount: '1',
    avgPrice: '100',
    quoteAmount: '100',
    fee: '0',
    feeAsset: 'USDT',
    status: 'filled',
    orderId: 'a',
  },
  {
    seq: 2,
    kind: 'unwind',
    exchange: 'binance',
    symbol: 'BTC/USDT',
    side: 'sell',
    requestedAmount: '1',
    filledAmount: '1',
    avgPrice: '99',
    quoteAmount: '99',
    fee: '0',
    feeAsset: 'USDT',
    status: 'filled',
    orderId: 'b',
  },
];

/** A losing (completed) or failed paper trade of the bot 'Perdas'; a failed one carries an unwind leg (the exposure undone). */
const trade = (
  botId: string,
  userId: string,
  key: string,
  lossUsdt: string,
  status: 'completed' | 'failed',
): ExecutionRecord =>
  losingRecord(botId, userId, key, lossUsdt, status, {
    botName: 'Perdas',
    failureReason: status === 'failed' ? 'a venda na gateio foi recusada' : null,
    legs: status === 'failed' ? LEGS : [],
  });

describe('notifications reach people: in-app (live), email, Telegram, each where enabled (issue 16)', () => {
  let telegram: TelegramDouble;
  beforeAll(async () => {
    telegram = await startTelegramDouble(TOKEN);
  });
  afterAll(async () => {
    await telegram?.close();
  });
  const t = useTestPlatform({
    engines: 1,
    mail: true,
    env: () => ({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      DAILY_SUMMARY_TICK_MS: '0',
    }),
  });
  const { call, sql } = t;
  let maria: RegisteredUser;
  let joao: RegisteredUser;
  const sockets: Socket[] = [];
  let second: ApiApp | undefined;
  const MARIA_CHAT = 424242;

  let notificationsQueue: Queue | undefined;
  const queue = () =>
    (notificationsQueue ??= t.platform.api.app.get<QueueFactory>(QUEUE_FACTORY).queue(QUEUES.notifications));
  const notifier = () => t.platform.engines[0]!.get(Notifier);
  /** Waits until the notification job of `key` has been worked. */
  async function settled(key: string): Promise<void> {
    const q = queue();
    const state = await waitFor(async () => {
      const s = await q.getJobState(notificationJobId(key));
      return s === 'completed' ? s : undefined;
    }, 30_000);
    expect(state, key).toBe('completed');
  }
  async function live(user: RegisteredUser): Promise<NotificationNewEvent[]> {
    const got: NotificationNewEvent[] = [];
    const s = connect(t.platform.baseUrl, { auth: { token: user.token }, transports: ['websocket'] });
    sockets.push(s);
    s.on(EVENTS.notificationNew, (e: NotificationNewEvent) => got.push(e));
    await new Promise<void>((resolve) => s.once('connect', () => resolve()));
    return got;
  }

  beforeAll(async () => {
    maria = await register(call, { name: 'Maria' });
    joao = await register(call, { name: 'João' });
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await second?.app.close();
  });

  it('links Telegram with a one-time code sent to the bot, and unlinks', async () => {
    const before = await call<TelegramLinkStatus>('GET', '/api/notifications/telegram', {
      token: maria.token,
    });
    expect(before.body).toMatchObject({ available: true, linked: false, botUsername: 'arbitra_teste_bot' });
    const code = (
      await call<TelegramLinkCode>('POST', '/api/notifications/telegram/link', { token: maria.token })
    ).body;
    expect(code.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(code.deepLink).toBe(`https://t.me/arbitra_teste_bot?start=${code.code}`);

    telegram.userSends(999, '/start NAOEXISTE');
    await waitFor(() => (telegram.to(999).length ? true : undefined), 10_000);
    expect(telegram.to(999)[0]).toContain('Código inválido ou expirado');

    telegram.userSends(MARIA_CHAT, `/start ${code.code}`);
    const linked = await waitFor(async () => {
      const s = await call<TelegramLinkStatus>('GET', '/api/notifications/telegram', { token: maria.token });
      return s.body.linked ? s.body : undefined;
    }, 10_000);
    expect(linked).toMatchObject({ linked: true });
    await waitFor(() => (telegram.to(MARIA_CHAT).length ? true : undefined), 10_000);
    expect(telegram.to(MARIA_CHAT)[0]).toBe('Telegram vinculado! Você receberá as notificações neste chat.');
    // The code worked once.
    telegram.userSends(7, `/start ${code.code}`);
    await waitFor(() => (telegram.to(7).length ? true : undefined), 10_000);
    expect(telegram.to(7)[0]).toContain('Código inválido');

    // João links then unlinks: nothing goes to his chat afterwards.
    const j = (
      await call<TelegramLinkCode>('POST', '/api/notifications/telegram/link', { token: joao.token })
    ).body;
    telegram.userSends(55, j.code);
    await waitFor(
      async () =>
        (await call<TelegramLinkStatus>('GET', '/api/notifications/telegram', { token: joao.token })).body
          .linked
          ? true
          : undefined,
      10_000,
    );
    expect((await call('DELETE', '/api/notifications/telegram', { token: joao.token })).body.message).toBe(
      'Telegram desvinculado',
    );
    expect(
      (await call<TelegramLinkStatus>('GET', '/api/notifications/telegram', { token: joao.token })).body
        .linked,
    ).toBe(false);
  });

  it('a bot stopped by its daily loss limit: one in-app notification live, one email, one Telegram message, only where enabled', async () => {
    // João turned the email of 'Bot parado' off; he has no Telegram.
    const prefs = await call('PUT', '/api/notifications/preferences', {
      token: joao.token,
      body: { preferences: [{ event: 'bot.stopped', channel: 'email', enabled: false }] },
    });
    expect(prefs.status).toBe(200);
    const mariaLive = await live(maria);
    const joaoLive = await live(joao);

    const ds = createDataSource(t.db.url);
    await ds.initialize();
    try {
      const ledger = new TradeLedger(new TradesRepository(ds));
      const body = {
        pairs: ['BTC/USDT'],
        exchanges: ['binance', 'gateio'],
        maxInvestment: 1090,
        minProfitPercent: 0.5,
        name: 'Perdas',
      };
      for (const u of [maria, joao]) {
        const bot = (await call<{ bot: Bot }>('POST', '/api/bots', { token: u.token, body })).body.bot;
        await sql.query(`UPDATE bots SET active = true, status = 'running' WHERE id = $1`, [bot.id]);
        // 6 + 4 USDT lost = the 10 USDT daily limit (5 % of R$ 1.090 at 5,45): the second trade stops the bot.
        for (const [key, loss] of [
          [`${u.id}-l1`, '6'],
          [`${u.id}-l2`, '4'],
        ] as const) {
          const record = trade(bot.id, u.id, key, loss, 'completed');
          notifier().afterRecord(record, await ledger.record(record)); // what ExecutionsProcessor.commit does
        }
        await settled(`bot.stopped:${bot.id}:${u.id}-l2`);
      }
    } finally {
      await ds.destroy();
    }

    const title = 'Bot "Perdas" parado';
    await waitFor(() => (mariaLive.length && joaoLive.length ? true : undefined), 10_000);
    expect(mariaLive).toHaveLength(1);
    expect(mariaLive[0]!.notification).toMatchObject({
      event: 'bot.stopped',
      title,
      link: '/dashboard',
      readAt: null,
    });
    // pt-BR numbers in what people read (issue 27).
    expect(mariaLive[0]!.notification.body).toContain('Limite de perda diária atingido (10,00 USDT)');
    expect(mariaLive[0]!.unread).toBe(1);
    expect(joaoLive).toHaveLength(1);

    const email = await t.mail.waitFor(maria.email, title);
    expect(email.text).toContain('Limite de perda diária atingido');
    expect((await t.mail.all()).filter((m) => m.subject.includes(title))).toHaveLength(1); // none to João
    expect(telegram.to(MARIA_CHAT).filter((t) => t.includes(title))).toHaveLength(1);
    expect(telegram.to(55)).toHaveLength(1); // João's link confirmation only: he unlinked

    // The bell: listed, then marked as read.
    const list = await call<NotificationListResponse>('GET', '/api/notifications', { token: maria.token });
    expect(list.body.unread).toBe(1);
    expect(list.body.notifications[0]!.title).toBe(title);
    const read = await call('POST', `/api/notifications/${list.body.notifications[0]!.id}/read`, {
      token: maria.token,
    });
    expect(read.body).toMatchObject({ unread: 0 });
    expect(
      (await call('POST', `/api/notifications/${list.body.notifications[0]!.id}/read`, { token: joao.token }))
        .status,
    ).toBe(404);

    // The email's one-click unsubscribe turns off that event's emails only.
    const link = /(http:\/\/\S+\/api\/notifications\/unsubscribe\?\S+)/.exec(email.text)![1]!;
    const path = link.slice(link.indexOf('/api/'));
    const page = await call<string>('GET', path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('você não receberá mais emails de &#34;Bot parado&#34;');
    const after = await call<{ preferences: Record<string, Record<string, boolean>> }>(
      'GET',
      '/api/notifications/preferences',
      { token: maria.token },
    );
    expect(after.body.preferences['bot.stopped']).toEqual({ inApp: true, email: false, telegram: true });
    expect(after.body.preferences['trade.unhedged']!.email).toBe(true);
    expect((await call('GET', path.replace(/t=[^&]+/, 't=forjado'))).status).toBe(400);
  });

  it('payments approved and declined appear in the bell (live), with pt-BR figures, without a second email', async () => {
    const bia = await register(call, { name: 'Bia Pagamentos' });
    const live: NotificationNewEvent[] = [];
    const socket = connect(t.platform.baseUrl, { transports: ['websocket'], auth: { token: bia.token } });
    sockets.push(socket);
    socket.on(EVENTS.notificationNew, (e: NotificationNewEvent) => live.push(e));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const card = { brand: 'visa', last4: '1111', token: 'sbx_tok_4111111111111111x' };
    const pay = async () =>
      (
        await call<{ id: string }>('POST', '/api/payments', {
          token: bia.token,
          body: { planId: 'professional', billing: 'monthly', method: 'card', card },
        })
      ).body.id;
    const simulate = (id: string, action: 'approve' | 'decline') =>
      call('POST', `/api/payments/${id}/sandbox`, { token: bia.token, body: { action } });

    expect((await simulate(await pay(), 'decline')).status).toBe(200);
    expect((await simulate(await pay(), 'approve')).status).toBe(200);
    await waitFor(() => (live.length >= 2 ? true : undefined), 15_000);
    const list = await call<NotificationListResponse>('GET', '/api/notifications', { token: bia.token });
    const [approved, declined] = list.body.notifications;
    // The plan's price as the database has it, formatted independently.
    const { rows } = await sql.query<{ amount_cents: number }>(
      `SELECT amount_cents FROM payments WHERE user_id = $1 AND status = 'approved'`,
      [bia.id],
    );
    const price = `R$\u00a0${(rows[0]!.amount_cents / 100).toFixed(2).replace('.', ',')}`;
    expect(approved).toMatchObject({
      event: 'billing',
      title: 'Pagamento aprovado: Profissional',
      readAt: null,
    });
    expect(approved!.body).toContain(price);
    expect(approved!.body).toMatch(/ativa até \d{2}\/\d{2}\/\d{4}/);
    expect(declined).toMatchObject({ event: 'billing', title: 'Pagamento recusado' });
    expect(declined!.body).toContain('Pagamento recusado pelo emissor do cartão');
    expect(declined!.link).toBe('/payment?plan=professional&billing=monthly');
    expect(live.map((e) => e.notification.title).sort()).toEqual([
      'Pagamento aprovado: Profissional',
      'Pagamento recusado',
    ]);
    // The billing email went out once (with the invoice); the notification does not mail it again.
    await t.mail.waitFor(bia.email, 'Pagamento aprovado', 15_000);
    await new Promise((r) => setTimeout(r, 500));
    const mails = (await t.mail.all()).filter((m) => m.to.some((to) => to.address === bia.email));
    expect(mails.filter((m) => /aprovado/i.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => /recusado|não concluído/i.test(m.subject))).toHaveLength(1);
  });

  it('50 failed trades in a minute become one message per channel', async () => {
    const bot = {
      id: (await sql.query<{ id: string }>(`SELECT id FROM bots WHERE user_id = $1`, [maria.id])).rows[0]!.id,
    };
    const keys: string[] = [];
    for (let i = 0; i < 50; i++) {
      const record = trade(bot.id, maria.id, `burst-${i}`, '0.5', 'failed');
      notifier().afterRecord(record, { recorded: true, tradeId: null, bot: null, stoppedReason: null });
      keys.push(`trade.unhedged:burst-${i}`);
    }
    for (const k of keys) await settled(k);
    const title = 'Operação com perna sem proteção (BTC/USDT)';
    const inApp = await sql.query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND event = 'trade.unhedged'`,
      [maria.id],
    );
    expect(inApp.rowCount).toBe(1);
    expect((await t.mail.all()).filter((m) => m.subject.includes(title))).toHaveLength(1);
    expect(telegram.to(MARIA_CHAT).filter((t) => t.includes(title))).toHaveLength(1);
    const counts = await sql.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM notification_deliveries WHERE idempotency_key LIKE 'trade.unhedged:burst-%' GROUP BY status ORDER BY status`,
    );
    expect(counts.rows).toEqual([
      { status: 'sent', n: 3 },
      { status: 'suppressed', n: 147 },
    ]);
    // The same event enqueued again changes nothing.
    notifier().afterRecord(trade(bot.id, maria.id, 'burst-0', '0.5', 'failed'), {
      recorded: true,
      tradeId: null,
      bot: null,
      stoppedReason: null,
    });
    expect(
      (
        await sql.query(
          `SELECT 1 FROM notification_deliveries WHERE idempotency_key = 'trade.unhedged:burst-0'`,
        )
      ).rowCount,
    ).toBe(3);
  });

  it('the daily summary at 20:00 São Paulo is sent once, with two api processes adding it', async () => {
    second = await createApiApp(
      parseApiConfig({
        ...t.platform.env,
        SMTP_URL: t.mail.smtpUrl,
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        TELEGRAM_POLLING: 'false',
        DAILY_SUMMARY_TICK_MS: '0',
      }),
    );
    await second.app.init();
    const { date } = saoPauloClock(new Date());
    const at = new Date(`${date}T23:30:00Z`); // 20:30 in São Paulo (UTC-3) that day
    const before = new Date(`${date}T22:59:00Z`); // 19:59: not yet
    const schedulers = [t.platform.api.app.get(DailySummaryScheduler), second.app.get(DailySummaryScheduler)];
    expect(await schedulers[0]!.tick(before)).toBeNull();
    const added = await Promise.all([...schedulers, ...schedulers].map((s) => s.tick(at)));
    expect(added).toEqual([date, date, date, date]);

    const title = `Resumo do dia ${date.split('-').reverse().join('/')}`;
    await settled(`daily.summary:${maria.id}:${date}`);
    await settled(`daily.summary:${joao.id}:${date}`);
    const summary = await t.mail.waitFor(maria.email, title, 20_000);
    // Maria: 2 losing trades (R$ -54,50) and 52 failed ones of the burst are not in the ledger; her bot was stopped.
    expect(summary.text.replace(/\u00a0/g, ' ')).toContain(
      'Hoje: 2 operações, resultado de -R$ 54,50, 0 bots em execução.',
    );
    expect((await t.mail.all()).filter((m) => m.subject.includes(title))).toHaveLength(2); // Maria and João, once each
    expect(telegram.to(MARIA_CHAT).filter((t) => t.includes(title))).toHaveLength(0); // Telegram is off for summaries by default
    const inApp = await sql.query(`SELECT user_id FROM notifications WHERE event = 'daily.summary'`);
    expect(inApp.rowCount).toBe(2);
  });
});
