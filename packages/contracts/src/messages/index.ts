import { ACCOUNT_MESSAGES } from './accounts.js';
import { EXCHANGE_MESSAGES } from './exchanges.js';
import { BOT_MESSAGES } from './bots.js';
import { PAYMENT_MESSAGES } from './payments.js';
import { BACKTEST_MESSAGES } from './backtests.js';
import { NOTIFICATION_MESSAGES } from './notifications.js';
import { TAX_MESSAGES } from './tax.js';
import { LIVE_CHECKLIST_MESSAGES } from './live-checklist.js';
import { COMMON_MESSAGES, MARKET_MESSAGES } from './common.js';

export { ACCOUNT_MESSAGES, COMMON_MESSAGES, MARKET_MESSAGES, TAX_MESSAGES };

/** The pt-BR message catalogue. Strings quoted by SPEC.md are used exactly. */
export const MESSAGES = {
  ...ACCOUNT_MESSAGES,
  ...EXCHANGE_MESSAGES,
  ...BOT_MESSAGES,
  ...PAYMENT_MESSAGES,
  ...BACKTEST_MESSAGES,
  ...NOTIFICATION_MESSAGES,
  ...TAX_MESSAGES,
  ...LIVE_CHECKLIST_MESSAGES,
  common: COMMON_MESSAGES,
  metrics: {
    disabled: 'Métricas desativadas: defina METRICS_TOKEN para o Prometheus',
    badToken: 'Token de métricas ausente ou inválido',
  },
  market: MARKET_MESSAGES,
} as const;
