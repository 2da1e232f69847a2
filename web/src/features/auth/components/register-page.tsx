import { TRIAL_DAYS } from '@arbitra/contracts';
import { ROUTES } from '@/config/routes';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { FormPendingNotice } from './form-pending-notice';

export function RegisterPage() {
  return (
    <AuthCard
      title="Criar conta"
      description={`Comece com ${TRIAL_DAYS} dias grátis do plano Profissional.`}
      footer={
        <p>
          Já tem uma conta? <AuthLink to={ROUTES.login}>Entrar</AuthLink>
        </p>
      }
    >
      <FormPendingNotice what="Cadastro" />
    </AuthCard>
  );
}
