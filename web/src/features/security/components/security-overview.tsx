import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the security page body (SPEC §2, DECISIONS §5). */
export function SecurityOverview() {
  return (
    <ComingSoon
      title="Segurança da conta"
      description="Troca de senha, autenticação em dois fatores, chaves de API, notificações e sessões ativas."
    />
  );
}
