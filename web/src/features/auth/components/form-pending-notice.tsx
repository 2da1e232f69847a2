import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder where the real form goes (next release of the accounts work). */
export function FormPendingNotice({ what }: { what: string }) {
  return (
    <ComingSoon
      className="py-8"
      title={what}
      description="O formulário desta página está sendo finalizado."
    />
  );
}
