import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the live scanner of signed-in users (DECISIONS §10). */
export function OpportunitiesTab() {
  return (
    <ComingSoon
      title="Oportunidades"
      description="As oportunidades de arbitragem em tempo real, já líquidas de taxas e profundidade, direto no seu painel."
    />
  );
}
