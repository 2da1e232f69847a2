import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the bots list and form (SPEC §2, DECISIONS §8). */
export function BotsTab() {
  return (
    <ComingSoon
      title="Bots"
      description="Criar, editar, iniciar, parar e excluir seus bots de arbitragem, no modo simulado ou real."
    />
  );
}
