import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the admin audit log (DECISIONS §10). */
export function AdminSecurity() {
  return (
    <ComingSoon
      title="Segurança"
      description="Registro de auditoria dos eventos de segurança da plataforma."
    />
  );
}
