import { MESSAGES } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Smartphone } from 'lucide-react';
import { useReducer } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Dialog, DialogContent, DialogHead } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { securityApi, securityKeys } from '../api/security-api';
import {
  INITIAL_TWO_FACTOR_FLOW,
  twoFactorFlowReducer,
  twoFactorSwitchChecked,
  twoFactorToggleAction,
  type TwoFactorFlow,
} from '../lib/two-factor-flow';
import { BackupCodesView } from './backup-codes-view';
import { CodeForm } from './code-form';
import { QueryState } from '@/components/ui/section-state';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP', easier to type into an app by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

const TITLES: Record<Exclude<TwoFactorFlow['step'], 'idle'>, { title: string; description: string }> = {
  confirm: {
    title: 'Ativar autenticação em dois fatores',
    description: 'Escaneie o QR code com seu aplicativo autenticador e informe o primeiro código.',
  },
  'backup-codes': {
    title: 'Guarde seus códigos de backup',
    description: 'Baixe os códigos e guarde o arquivo em um local seguro.',
  },
  disable: {
    title: 'Desativar autenticação em dois fatores',
    description: 'Informe um código do aplicativo autenticador (ou um código de backup) para desativar.',
  },
  regenerate: {
    title: 'Gerar novos códigos de backup',
    description: 'Os códigos atuais deixarão de funcionar. Confirme com um código do aplicativo.',
  },
};

/** Two-factor authentication on /security: toggle, QR setup, backup codes (SPEC §2, DECISIONS §5). */
export function TwoFactorCard() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: ({ signal }) => securityApi.twoFactorStatus(signal),
  });
  const [flow, dispatch] = useReducer(twoFactorFlowReducer, INITIAL_TWO_FACTOR_FLOW);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: securityKeys.all });

  const setup = useMutation({
    mutationFn: securityApi.twoFactorSetup,
    onSuccess: (answer) => dispatch({ type: 'setup-ready', setup: answer }),
    onError: (error) =>
      toast({ title: errorMessage(error, 'Erro ao gerar o QR code'), variant: 'destructive' }),
  });
  const enable = useMutation({
    mutationFn: securityApi.twoFactorEnable,
    onSuccess: ({ message, backupCodes }) => {
      dispatch({ type: 'enabled', codes: backupCodes });
      toast({ title: message, variant: 'success' });
      refresh();
    },
  });
  const disable = useMutation({
    mutationFn: securityApi.twoFactorDisable,
    onSuccess: ({ message }) => {
      dispatch({ type: 'disabled' });
      toast({ title: message, variant: 'success' });
      refresh();
    },
  });
  const regenerate = useMutation({
    mutationFn: securityApi.regenerateBackupCodes,
    onSuccess: ({ message, backupCodes }) => {
      dispatch({ type: 'regenerated', codes: backupCodes });
      toast({ title: message, variant: 'success' });
      refresh();
    },
  });

  const close = () => {
    if (enable.isPending || disable.isPending || regenerate.isPending) return;
    enable.reset();
    disable.reset();
    regenerate.reset();
    dispatch({ type: 'close' });
  };

  const mutationError = (m: { error: unknown }) =>
    m.error ? errorMessage(m.error, MESSAGES.twoFactor.invalidCode) : null;

  return (
    <SectionCard
      title="Autenticação em dois fatores"
      icon={Smartphone}
      description="Além da senha, peça um código do aplicativo autenticador (Google Authenticator, Authy, 1Password...) ao entrar."
    >
      <QueryState query={status} fallback="Erro ao carregar a autenticação em dois fatores">
        {(twoFactor) => (
          <div className="flex flex-col gap-4">
            <div className="flex items-center justify-between gap-4 rounded-md border border-border p-4">
              <div className="flex flex-col gap-1">
                <span id="two-factor-label" className="font-medium">
                  Verificação em duas etapas
                </span>
                <span className="text-sm text-muted-foreground">
                  {twoFactor.enabled ? (
                    <>
                      <Badge variant="success" className="mr-2">
                        Ativada
                      </Badge>
                      {twoFactor.enabledAt ? `desde ${formatDate(twoFactor.enabledAt)}` : null}
                    </>
                  ) : (
                    <Badge variant="outline">Desativada</Badge>
                  )}
                </span>
              </div>
              <Switch
                aria-labelledby="two-factor-label"
                checked={twoFactorSwitchChecked(twoFactor.enabled, flow)}
                disabled={setup.isPending || flow.step !== 'idle'}
                onCheckedChange={(wantOn) => {
                  const action = twoFactorToggleAction(twoFactor.enabled, wantOn);
                  if (action === 'setup') setup.mutate();
                  if (action === 'disable') dispatch({ type: 'ask-disable' });
                }}
              />
            </div>
            {twoFactor.enabled ? (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-muted-foreground">
                  Códigos de backup restantes:{' '}
                  <strong className="text-foreground">{twoFactor.backupCodesRemaining}</strong>
                </p>
                <Button variant="outline" size="sm" onClick={() => dispatch({ type: 'ask-regenerate' })}>
                  <RefreshCw aria-hidden />
                  Gerar novos códigos de backup
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </QueryState>

      <Dialog open={flow.step !== 'idle'} onOpenChange={(open) => (open ? undefined : close())}>
        {flow.step === 'idle' ? null : (
          <DialogContent
            onInteractOutside={(event) => event.preventDefault()}
            className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
          >
            <DialogHead {...TITLES[flow.step]} />
            {flow.step === 'confirm' ? (
              <div className="flex flex-col gap-4">
                <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
                  <img
                    src={flow.setup.qrCodeDataUrl}
                    alt="QR code para o aplicativo autenticador"
                    width={176}
                    height={176}
                    className="size-44 shrink-0 rounded-md bg-white p-2"
                  />
                  <div className="flex min-w-0 flex-col gap-2 text-sm">
                    <p className="text-muted-foreground">
                      Não consegue escanear? Digite esta chave no aplicativo:
                    </p>
                    <code
                      data-testid="two-factor-secret"
                      className="rounded-md border border-border bg-muted/50 px-3 py-2 font-mono text-sm break-all select-all"
                    >
                      {groupSecret(flow.setup.secret)}
                    </code>
                  </div>
                </div>
                <CodeForm
                  id="two-factor-enable-code"
                  label="Código de 6 dígitos"
                  submitLabel="Ativar"
                  pendingLabel="Ativando..."
                  pending={enable.isPending}
                  error={mutationError(enable)}
                  onEdit={() => enable.reset()}
                  onSubmit={(code) => enable.mutate(code)}
                  onCancel={close}
                />
              </div>
            ) : null}
            {flow.step === 'backup-codes' ? (
              <BackupCodesView
                codes={flow.codes}
                email={user?.email ?? ''}
                downloaded={flow.downloaded}
                onDownloaded={() => dispatch({ type: 'downloaded' })}
                onDone={close}
              />
            ) : null}
            {flow.step === 'disable' ? (
              <CodeForm
                id="two-factor-disable-code"
                label="Código de autenticação"
                hint="Também aceita um código de backup."
                submitLabel="Desativar"
                pendingLabel="Desativando..."
                destructive
                pending={disable.isPending}
                error={mutationError(disable)}
                onEdit={() => disable.reset()}
                onSubmit={(code) => disable.mutate(code)}
                onCancel={close}
              />
            ) : null}
            {flow.step === 'regenerate' ? (
              <CodeForm
                id="two-factor-regenerate-code"
                label="Código de autenticação"
                hint="Também aceita um código de backup."
                submitLabel="Gerar códigos"
                pendingLabel="Gerando..."
                pending={regenerate.isPending}
                error={mutationError(regenerate)}
                onEdit={() => regenerate.reset()}
                onSubmit={(code) => regenerate.mutate(code)}
                onCancel={close}
              />
            ) : null}
          </DialogContent>
        )}
      </Dialog>
    </SectionCard>
  );
}
