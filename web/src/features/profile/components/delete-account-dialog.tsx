import { deleteAccountRequestSchema, MESSAGES, validateRequest } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog, DialogActions, DialogContent, DialogHead } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { InputField } from '@/components/ui/field';
import { ONE_TIME_CODE_INPUT } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ROUTES } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { profileApi } from '../api/profile-api';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** When on, the server also asks a code (TOTP or backup code). */
  twoFactorEnabled: boolean;
}

/** 'Excluir conta': asks the password (and a 2FA code), deletes on the server, then signs out and goes to /. */
export function DeleteAccountDialog({ open, onOpenChange, twoFactorEnabled }: DeleteAccountDialogProps) {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signOutWhenGone = useRef(false);
  useEffect(
    () => () => {
      if (!signOutWhenGone.current) return;
      signOut();
      queryClient.clear();
    },
    [signOut, queryClient],
  );

  const remove = useMutation({
    mutationFn: profileApi.deleteAccount,
    onSuccess: ({ message }) => {
      toast({ title: message, variant: 'success' });
      // Leave the protected page first and forget the session once it is gone (the cleanup below):
      // signing out here would let the dashboard's guard send us to /login instead of /.
      signOutWhenGone.current = true;
      void navigate(ROUTES.home, { replace: true });
    },
    onError: (e) => setError(errorMessage(e, 'Erro ao excluir a conta')),
  });

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setPassword('');
      setCode('');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    const trimmedCode = code.trim();
    const checked = validateRequest(
      deleteAccountRequestSchema,
      trimmedCode ? { password, code: trimmedCode } : { password },
    );
    if (!checked.success) {
      setError(checked.message);
      return;
    }
    if (twoFactorEnabled && !trimmedCode) {
      setError(MESSAGES.twoFactor.codeRequiredForDelete);
      return;
    }
    setError(null);
    remove.mutate(checked.data);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit} aria-label="Excluir conta">
          <DialogHead
            title="Excluir conta"
            description={
              <>
                Seus bots serão parados e suas chaves de API, sessões e dados pessoais apagados. Esta ação não
                pode ser desfeita. Confirme com sua senha
                {twoFactorEnabled ? ' e um código de autenticação' : ''}.
              </>
            }
          />
          <InputField
            id="delete-password"
            label="Senha"
            fieldClassName="gap-2"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setError(null);
              setPassword(e.target.value);
            }}
          />
          {twoFactorEnabled ? (
            <InputField
              id="delete-code"
              label="Código de autenticação"
              fieldClassName="gap-2"
              {...ONE_TIME_CODE_INPUT}
              placeholder="000000 ou código de backup"
              value={code}
              onChange={(e) => {
                setError(null);
                setCode(e.target.value);
              }}
            />
          ) : null}
          <FormAlert message={error} />
          <DialogActions
            onCancel={() => close(false)}
            pending={remove.isPending}
            destructive
            confirm="Excluir conta definitivamente"
            busy="Excluindo..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
