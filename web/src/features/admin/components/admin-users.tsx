import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the admin users page (DECISIONS §10). */
export function AdminUsers() {
  return (
    <ComingSoon
      title="Usuários"
      description="Lista de usuários com busca, alteração de papel e desativação."
    />
  );
}
