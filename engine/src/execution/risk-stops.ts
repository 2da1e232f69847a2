import { Decimal } from 'decimal.js';
import {
  MAX_CONSECUTIVE_FAILURES,
  MESSAGES,
  RISK_DAILY_LOSS,
  formatDecimalPtBr,
  type RiskLevel,
} from '@arbitra/contracts';

/** What the risk stops read of a bot right after a trade was recorded (the live ledger and the backtest). */
export interface RiskState {
  active: boolean;
  consecutiveFailures: number;
  /** R$. */
  maxInvestment: string;
  riskLevel: RiskLevel;
  /** The bot's profit (USDT) over the current São Paulo day, this trade included. */
  dayProfit: string;
}

/** DECISIONS §8: the daily loss limit (São Paulo day) and N consecutive failures stop a running bot. */
export function riskStopReason(bot: RiskState, usdtBrl: string): string | null {
  if (!bot.active) return null;
  if (bot.consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
    return MESSAGES.bots.stopReasonFailures(bot.consecutiveFailures);
  }
  const limit = dailyLossLimitUsdt(bot.maxInvestment, bot.riskLevel, usdtBrl);
  if (new Decimal(bot.dayProfit).negated().gte(limit))
    return MESSAGES.bots.stopReasonDailyLoss(formatDecimalPtBr(limit, 2));
  return null;
}

/** The daily loss limit in USDT: maxInvestment (R$) × 2/5/10 % ÷ USDT/BRL. */
export function dailyLossLimitUsdt(maxInvestmentBrl: string, risk: RiskLevel, usdtBrl: string): Decimal {
  return new Decimal(maxInvestmentBrl).mul(RISK_DAILY_LOSS[risk]).div(usdtBrl);
}

/** São Paulo has kept UTC−3 all year since 2019: the day a timestamp falls in there (days since the epoch). */
export function saoPauloDay(ms: number): number {
  return Math.floor((ms - 3 * 3_600_000) / 86_400_000);
}
