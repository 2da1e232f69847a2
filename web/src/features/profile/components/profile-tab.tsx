import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the profile form (SPEC §2, DECISIONS §5). */
export function ProfileTab() {
  return (
    <ComingSoon
      title="Perfil"
      description="Editar nome e email, trocar a senha, exportar seus dados e excluir a conta."
    />
  );
}
