import { Decimal } from 'decimal.js';
import {
  NOTIFICATION_EVENT_LABELS,
  formatBRL,
  formatDecimalPtBr,
  type NotificationJob,
} from '@arbitra/contracts';

/** What every channel says about one event: pt-BR title and body, the page to open, and the rate-limit topic. */
export interface NotificationContent {
  title: string;
  body: string;
  /** A path of the web app, e.g. '/dashboard'. */
  link: string | null;
  /**
   * Events sharing a topic count against one rate limit per user and channel (a burst of 50 failed trades
   * becomes one message). Null: never rate-limited (a summary, a login, a payment: each one matters).
   */
  topic: string | null;
}

const CAUSE: Record<'risk' | 'error' | 'credentials' | 'subscription', string> = {
  risk: 'uma regra de risco',
  error: 'um erro',
  credentials: 'credenciais recusadas pela exchange',
  subscription: 'assinatura inativa',
};

const when = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));

const day = (yyyyMmDd: string) => yyyyMmDd.split('-').reverse().join('/');

/** The one place that words notifications (in-app, email and Telegram all use it). */
export function notificationContent(job: NotificationJob): NotificationContent {
  switch (job.event) {
    case 'bot.stopped': {
      const p = job.params;
      if (p.cause === 'subscription')
        return {
          title: `${p.reason}: bot "${p.botName}" parado`,
          body: `Seu bot "${p.botName}" foi parado porque sua assinatura não está ativa (motivo: '${p.reason}'). Nada foi apagado: bots, exchanges e histórico continuam na sua conta. Assim que o pagamento for confirmado, você pode iniciar o bot novamente.`,
          link: '/payment',
          topic: `bot.stopped:${p.botId}`,
        };
      return {
        title: `Bot "${p.botName}" parado`,
        body: `Seu bot "${p.botName}" foi parado por ${CAUSE[p.cause]}: ${p.reason}`,
        link: '/dashboard',
        topic: `bot.stopped:${p.botId}`,
      };
    }
    case 'bot.inventory': {
      const p = job.params;
      return {
        title: `Bot "${p.botName}": ${p.reason}`,
        body: `Seu bot "${p.botName}" deixou de operar uma direção por falta de saldo (${p.reason.replace('Direção pausada: ', '')}) em vez de enviar ordens que falhariam. A direção volta sozinha quando o saldo for reposto; veja o Inventário do bot.`,
        link: '/dashboard',
        topic: `bot.inventory:${p.botId}`,
      };
    }
    case 'trade.unhedged': {
      const p = job.params;
      return {
        title: `${p.simulated ? '[Simulado] ' : ''}Operação com perna sem proteção (${p.pair})`,
        body: `Uma operação do bot "${p.botName}" em ${p.pair} falhou depois de executar uma das pernas: ${p.reason}. A posição foi desfeita a mercado; resultado: ${formatDecimalPtBr(p.lossUsdt, 2)} USDT.`,
        link: '/dashboard',
        topic: 'trade.unhedged',
      };
    }
    case 'trade.executed': {
      const p = job.params;
      return {
        title: `Operação real executada (${p.pair})`,
        body: `O bot "${p.botName}" executou uma operação real em ${p.pair}: lucro de ${formatDecimalPtBr(p.profitUsdt, 2)} USDT (${formatBRL(new Decimal(p.profitBrl).toFixed(2))}).`,
        link: '/dashboard',
        topic: 'trade.executed',
      };
    }
    case 'daily.summary': {
      const p = job.params;
      const trades = p.trades === 1 ? '1 operação' : `${p.trades} operações`;
      const bots = p.botsRunning === 1 ? '1 bot em execução' : `${p.botsRunning} bots em execução`;
      return {
        title: `Resumo do dia ${day(p.date)}`,
        body: `Hoje: ${trades}, resultado de ${formatBRL(new Decimal(p.profitBrl).toFixed(2))}, ${bots}.`,
        link: '/dashboard',
        topic: null,
      };
    }
    case 'login.new': {
      const p = job.params;
      return {
        title: 'Novo acesso à sua conta',
        body: `Sua conta foi acessada em ${when(p.at)} a partir de ${p.device}${p.ip ? ` (IP ${p.ip})` : ''}. Se não foi você, encerre a sessão e altere sua senha em Segurança.`,
        link: '/security',
        topic: null,
      };
    }
    case 'billing': {
      const p = job.params;
      return { title: p.title, body: p.body, link: p.link ?? '/payment', topic: null };
    }
  }
}

export const eventLabel = (event: NotificationJob['event']) => NOTIFICATION_EVENT_LABELS[event].label;
