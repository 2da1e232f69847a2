import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the live bot manager of /bots (SPEC §2, DECISIONS §1). */
export function BotManager() {
  return (
    <ComingSoon
      title="Gerenciador de bots"
      description="Acompanhe seus bots em execução, com status, operações e resultado de cada um."
    />
  );
}
