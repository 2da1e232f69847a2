import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/ui/section-state';
import { profileApi, profileKeys } from '../api/profile-api';
import { AccountDataCard } from './account-data-card';
import { ProfileForm } from './profile-form';
import { TabHeading } from '@/components/ui/page-header';

/** Dashboard › Perfil (SPEC §2, DECISIONS §5): name, email, password, and the LGPD actions. */
export function ProfileTab() {
  const query = useQuery({ queryKey: profileKeys.profile, queryFn: ({ signal }) => profileApi.get(signal) });
  return (
    <section aria-label="Perfil" className="flex max-w-3xl flex-col gap-6">
      <TabHeading title="Perfil" description="Seus dados pessoais, sua senha e sua privacidade." />
      <QueryState query={query} fallback="Erro ao carregar o perfil" loadingLabel="Carregando o perfil...">
        {(data) => (
          <>
            <ProfileForm key={data.user.id} profile={data.user} />
            <AccountDataCard profile={data.user} />
          </>
        )}
      </QueryState>
    </section>
  );
}
