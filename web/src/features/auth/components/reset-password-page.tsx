import { ROUTES } from '@/config/routes';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { FormPendingNotice } from './form-pending-notice';

export function ResetPasswordPage() {
  return (
    <AuthCard
      title="Redefinir senha"
      description="Escolha uma nova senha para a sua conta."
      footer={
        <>
          <AuthLink to={ROUTES.login}>Voltar para o login</AuthLink>
          <p>
            O link expirou? <AuthLink to={ROUTES.forgotPassword}>Solicitar um novo</AuthLink>
          </p>
        </>
      }
    >
      <FormPendingNotice what="Nova senha" />
    </AuthCard>
  );
}
