import { ROUTES } from '@/config/routes';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { FormPendingNotice } from './form-pending-notice';

export function LoginPage() {
  return (
    <AuthCard
      title="Entrar"
      description="Acesse sua conta para acompanhar seus bots e oportunidades."
      footer={
        <>
          <AuthLink to={ROUTES.forgotPassword}>Esqueceu a senha?</AuthLink>
          <p>
            Não tem uma conta? <AuthLink to={ROUTES.register}>Criar conta</AuthLink>
          </p>
        </>
      }
    >
      <FormPendingNotice what="Acesso à conta" />
    </AuthCard>
  );
}
