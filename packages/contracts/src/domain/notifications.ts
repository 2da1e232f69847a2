import { z } from 'zod';

/**
 * What the platform tells a user about (issue 16). Each event has its own preferences per channel
 * (the /security page), its own one-click email unsubscribe and, for bursts, its own rate limit.
 */
export const NOTIFICATION_EVENTS = [
  'bot.stopped',
  'bot.inventory',
  'trade.unhedged',
  'trade.executed',
  'daily.summary',
  'login.new',
  'billing',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, { label: string; description: string }> = {
  'bot.stopped': {
    label: 'Bot parado',
    description: 'Um bot parou por regra de risco, erro, credenciais recusadas ou assinatura inativa.',
  },
  'bot.inventory': {
    label: 'Inventário esgotado',
    description:
      'Um bot parou de operar uma direção por falta de saldo numa corretora (ex.: sem BTC na Binance) até o saldo voltar.',
  },
  'trade.unhedged': {
    label: 'Perna sem proteção',
    description: 'Uma operação falhou depois de executar uma das pernas (exposição desfeita a mercado).',
  },
  'trade.executed': {
    label: 'Operação real executada',
    description: 'Cada operação de um bot em modo real.',
  },
  'daily.summary': {
    label: 'Resumo diário (20:00)',
    description: 'Operações, lucro em R$ e bots em execução no dia, às 20:00 (horário de Brasília).',
  },
  'login.new': { label: 'Novo acesso à conta', description: 'Um login a partir de um dispositivo novo.' },
  billing: {
    label: 'Pagamentos e assinatura',
    description: 'Pagamentos confirmados ou recusados e mudanças de plano.',
  },
};

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  inApp: 'No app',
  email: 'Email',
  telegram: 'Telegram',
};

/** Why a bot stopped (the 'bot.stopped' event's reasons). */
export type BotStopCause = 'risk' | 'error' | 'credentials' | 'subscription';

/** Per event, per channel: on or off. Missing entries take DEFAULT_NOTIFICATION_PREFERENCES. */
export type NotificationPreferences = Record<NotificationEvent, Record<NotificationChannel, boolean>>;

const all = (inApp: boolean, email: boolean, telegram: boolean) => ({ inApp, email, telegram });
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  'bot.stopped': all(true, true, true),
  'bot.inventory': all(true, false, true),
  'trade.unhedged': all(true, true, true),
  'trade.executed': all(true, false, true),
  'daily.summary': all(true, true, false),
  'login.new': all(true, true, true),
  billing: all(true, true, true),
};

/** A notification of the in-app centre (the bell). */
export interface AppNotification {
  id: string;
  event: NotificationEvent;
  title: string;
  body: string;
  /** A path of the web app to open (e.g. '/dashboard'), or null. */
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationListResponse {
  notifications: AppNotification[];
  unread: number;
}

/** Live to `user:<id>`: a new in-app notification, with the new unread count. */
export interface NotificationNewEvent {
  notification: AppNotification;
  unread: number;
}

export interface TelegramLinkStatus {
  /** A bot token is configured on the platform. */
  available: boolean;
  linked: boolean;
  /** The bot's @username, when known (to open t.me/<bot>). */
  botUsername: string | null;
  linkedAt: string | null;
}

export interface TelegramLinkCode {
  code: string;
  expiresAt: string;
  botUsername: string | null;
  /** https://t.me/<bot>?start=<code>, when the bot's username is known. */
  deepLink: string | null;
}

export const notificationPreferencesRequestSchema = z.strictObject({
  preferences: z
    .array(
      z.strictObject({
        event: z.enum(NOTIFICATION_EVENTS, { error: 'Evento de notificação inválido' }),
        channel: z.enum(NOTIFICATION_CHANNELS, { error: 'Canal de notificação inválido' }),
        enabled: z.boolean({ error: 'Informe verdadeiro ou falso' }),
      }),
    )
    .min(1, 'Informe ao menos uma preferência')
    .max(NOTIFICATION_EVENTS.length * NOTIFICATION_CHANNELS.length),
});
export type NotificationPreferencesRequest = z.input<typeof notificationPreferencesRequestSchema>;
