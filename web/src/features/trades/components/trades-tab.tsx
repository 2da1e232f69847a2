import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the trade history (SPEC §2, DECISIONS §9). */
export function TradesTab() {
  return (
    <ComingSoon
      title="Histórico de Trades"
      description="Resumo, filtros por período, status e bot, tabela das operações e exportação em CSV."
    />
  );
}
