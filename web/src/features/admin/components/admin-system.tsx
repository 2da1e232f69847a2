import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the admin system page (DECISIONS §10). */
export function AdminSystem() {
  return (
    <ComingSoon
      title="Sistema"
      description="Métricas do sistema em tempo real (API, motor, banco de dados e feeds das exchanges)."
    />
  );
}
