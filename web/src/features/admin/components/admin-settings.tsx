import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the admin settings page (DECISIONS §10). */
export function AdminSettings() {
  return <ComingSoon title="Configurações" description="Configurações da plataforma, como taxas padrão." />;
}
