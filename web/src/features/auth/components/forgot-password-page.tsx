import { ROUTES } from '@/config/routes';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { FormPendingNotice } from './form-pending-notice';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Recuperar senha"
      description="Informe seu email para receber um link de redefinição de senha."
      footer={
        <>
          <AuthLink to={ROUTES.login}>Voltar para o login</AuthLink>
          <p>
            Ainda não tem conta? <AuthLink to={ROUTES.register}>Criar conta</AuthLink>
          </p>
        </>
      }
    >
      <FormPendingNotice what="Recuperação de senha" />
    </AuthCard>
  );
}
