import { EXCHANGES, PAIRS, PLANS, TRIAL_DAYS } from '@arbitra/contracts';
import { formatBRL } from '@/lib/format';

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
  { label: 'Modos de operação', value: 'Simulado (saldos virtuais contra os livros reais) e real, por bot' },
  { label: 'Pagamento', value: 'Em reais, por cartão, PIX ou boleto' },
];

export const BRAND_COLORS: readonly { name: string; hex: string; className: string }[] = [
  { name: 'Verde Arbitra', hex: '#10B981', className: 'bg-[#10b981]' },
  { name: 'Ciano', hex: '#22D3EE', className: 'bg-[#22d3ee]' },
  { name: 'Grafite', hex: '#0A0E15', className: 'bg-[#0a0e15]' },
];
