import type { ProfileUser } from '@arbitra/contracts';
import { useMutation } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { formatDateTime } from '@/lib/format';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { saveFile, todayStamp } from '@/lib/download';
import { profileApi } from '../api/profile-api';
import { DeleteAccountDialog } from './delete-account-dialog';

/** LGPD (DECISIONS §5): 'Exportar meus dados' (JSON) and 'Excluir conta'. */
export function AccountDataCard({ profile }: { profile: ProfileUser }) {
  const [deleting, setDeleting] = useState(false);
  const exportData = useMutation({
    mutationFn: profileApi.exportData,
    onSuccess: (data) => {
      saveFile(JSON.stringify(data, null, 2), `arbitra-meus-dados-${todayStamp()}.json`, 'application/json');
      toast({ title: 'Seus dados foram exportados', variant: 'success' });
    },
    onError: (error) => {
      toast({ title: errorMessage(error, 'Erro ao exportar os dados'), variant: 'destructive' });
    },
  });

  return (
    <SectionCard
      title="Seus dados"
      description="Seus direitos pela Lei Geral de Proteção de Dados (LGPD)."
      contentClassName="flex flex-col divide-y divide-border"
    >
      <div className="flex flex-col gap-1 pb-4 text-sm">
        <p className="text-muted-foreground">
          {profile.termsAcceptedAt
            ? `Você aceitou os Termos de Serviço e a Política de Privacidade (versão ${profile.termsVersion ?? ''}) em ${formatDateTime(profile.termsAcceptedAt)}.`
            : 'Nenhum aceite dos Termos de Serviço registrado para esta conta.'}
        </p>
        <p>
          <Link className="text-primary underline" to={ROUTES.terms}>
            Termos de Serviço
          </Link>{' '}
          ·{' '}
          <Link className="text-primary underline" to={ROUTES.privacy}>
            Política de Privacidade
          </Link>{' '}
          (como tratamos seus dados e como exercer seus direitos)
        </p>
      </div>
      <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-medium">Exportar meus dados</p>
          <p className="text-sm text-muted-foreground">
            Um arquivo JSON com tudo o que guardamos sobre você: conta, assinatura, sessões e atividade.
          </p>
        </div>
        <Button variant="outline" disabled={exportData.isPending} onClick={() => exportData.mutate()}>
          <Download aria-hidden />
          {exportData.isPending ? 'Exportando...' : 'Exportar meus dados'}
        </Button>
      </div>
      <div className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-medium text-destructive">Excluir conta</p>
          <p className="text-sm text-muted-foreground">
            Interrompe seus bots, remove suas chaves de API e apaga seus dados. Não pode ser desfeito.
          </p>
        </div>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden />
          Excluir conta
        </Button>
      </div>
      <DeleteAccountDialog
        open={deleting}
        onOpenChange={setDeleting}
        twoFactorEnabled={profile.twoFactorEnabled}
      />
    </SectionCard>
  );
}
