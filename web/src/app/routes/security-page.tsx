import { LiveReadinessCard } from '@/features/bots/components/live-readiness-card';
import { ApiKeysSection } from '@/features/exchanges/components/api-keys-section';
import { ActivityCard } from '@/features/security/components/activity-card';
import { ChangePasswordCard } from '@/features/security/components/change-password-card';
import { SecuritySummary } from '@/features/security/components/security-summary';
import { SessionsCard } from '@/features/security/components/sessions-card';
import { TwoFactorCard } from '@/features/security/components/two-factor-card';
import { useSession } from '@/lib/session';
import { NotificationsTab } from './notifications-tab';
import { UserAreaPage } from './user-area-page';

/**
 * /security (SPEC §2, DECISIONS §5): every section reads and writes the server. A user's notification settings have
 * their own entry, Notificações (DECISIONS §13); an admin (no /dashboard) finds them here.
 */
export function SecurityPage() {
  const { user } = useSession();
  return (
    <UserAreaPage title="Segurança">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <SecuritySummary />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ChangePasswordCard />
          <TwoFactorCard />
        </div>
        <ApiKeysSection />
        {user?.role === 'admin' ? null : <LiveReadinessCard />}
        <SessionsCard />
        <ActivityCard />
        {user?.role === 'admin' ? <NotificationsTab /> : null}
      </div>
    </UserAreaPage>
  );
}
