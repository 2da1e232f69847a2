import { EXCHANGES, PAIRS, PLANS, TRIAL_DAYS } from '@arbitra/contracts';
import { formatBRL } from '@/lib/format';

export interface PressRelease {
  id: string;
  date: string;
  title: string;
  summary: string;
}

export const PRESS_RELEASES: readonly PressRelease[] = [
  {
    id: 'modo-simulado',
    date: '2026-02-10',
    title: 'Arbitra lança modo simulado para bots de arbitragem',
    summary:
      'Usuários podem testar estratégias contra os livros de ofertas reais, com taxas, derrapagem e execuções parciais, sem arriscar capital.',
  },
  {
    id: 'pix-boleto',
    date: '2026-01-20',
    title: 'Assinaturas do Arbitra passam a aceitar PIX e boleto',
    summary: 'Além do cartão de crédito, os planos agora podem ser pagos por PIX e boleto bancário.',
  },
  {
    id: 'lancamento',
    date: '2026-01-05',
    title: 'Arbitra chega ao mercado brasileiro',
    summary:
      'Plataforma de arbitragem de criptoativos conecta Binance, Mercado Bitcoin, Gate.io, MEXC e Bybit e calcula oportunidades já líquidas de taxas.',
  },
];

const lowestMonthly = Math.min(...PLANS.map((p) => p.monthlyCents));

/** Facts taken from the product's own constants — nothing invented. */
export const FACT_SHEET: readonly { label: string; value: string }[] = [
  { label: 'Exchanges integradas', value: EXCHANGES.map((e) => e.displayName).join(', ') },
  {
    label: 'Pares monitorados',
    value: `${PAIRS.length} pares cotados em USDT e os mercados em reais (BRL) do Mercado Bitcoin e da Binance`,
  },
  { label: 'Estratégias', value: 'Arbitragem simples, triangular e estatística' },
  {
    label: 'Planos',
    value: `${PLANS.map((p) => p.name).join(', ')} — a partir de ${formatBRL(lowestMonthly)}/mês`,
  },
  { label: 'Teste grátis', value: `${TRIAL_DAYS} dias do plano Profissional` },
];

export const BRAND_COLORS: readonly { name: string; hex: string; className: string }[] = [
  { name: 'Verde Arbitra', hex: '#10B981', className: 'bg-[#10b981]' },
  { name: 'Ciano', hex: '#22D3EE', className: 'bg-[#22d3ee]' },
  { name: 'Grafite', hex: '#0A0E15', className: 'bg-[#0a0e15]' },
];
