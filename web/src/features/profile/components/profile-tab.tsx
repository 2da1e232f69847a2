import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { profileApi, profileKeys } from '../api/profile-api';
import { AccountDataCard } from './account-data-card';
import { ProfileForm } from './profile-form';

/** Dashboard › Perfil (SPEC §2, DECISIONS §5): name, email, password, and the LGPD actions. */
export function ProfileTab() {
  const query = useQuery({ queryKey: profileKeys.profile, queryFn: ({ signal }) => profileApi.get(signal) });
  return (
    <section aria-label="Perfil" className="flex max-w-3xl flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">Perfil</h2>
        <p className="text-sm text-muted-foreground">Seus dados pessoais, sua senha e sua privacidade.</p>
      </div>
      {query.isPending ? (
        <Spinner label="Carregando o perfil..." />
      ) : query.isError ? (
        <FormAlert
          message={errorMessage(query.error, 'Erro ao carregar o perfil')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <ProfileForm key={query.data.user.id} profile={query.data.user} />
          <AccountDataCard profile={query.data.user} />
        </>
      )}
    </section>
  );
}
