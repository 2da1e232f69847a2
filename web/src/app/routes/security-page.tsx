import { NotificationPreferencesCard } from '@/features/notifications/components/notification-preferences-card';
import { ApiKeysSection } from '@/features/exchanges/components/api-keys-section';
import { ActivityCard } from '@/features/security/components/activity-card';
import { ChangePasswordCard } from '@/features/security/components/change-password-card';
import { NotificationsCard } from '@/features/security/components/notifications-card';
import { SecuritySummary } from '@/features/security/components/security-summary';
import { SessionsCard } from '@/features/security/components/sessions-card';
import { TwoFactorCard } from '@/features/security/components/two-factor-card';
import { UserAreaPage } from './user-area-page';

/** /security (SPEC §2, DECISIONS §5): every section reads and writes the server. */
export function SecurityPage() {
  return (
    <UserAreaPage page="security" title="Segurança">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <SecuritySummary />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ChangePasswordCard />
          <TwoFactorCard />
        </div>
        <ApiKeysSection />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <NotificationsCard />
          <SessionsCard />
        </div>
        <NotificationPreferencesCard />
        <ActivityCard />
      </div>
    </UserAreaPage>
  );
}
