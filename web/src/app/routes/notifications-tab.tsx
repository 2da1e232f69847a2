import { NotificationPreferencesCard } from '@/features/notifications/components/notification-preferences-card';
import { NotificationsCard } from '@/features/security/components/notifications-card';

/** Notificações (DECISIONS §13): the email switches and, per kind, where each notification goes. */
export function NotificationsTab() {
  return (
    <section aria-label="Notificações" className="mx-auto flex max-w-6xl flex-col gap-6">
      <NotificationsCard />
      <NotificationPreferencesCard />
    </section>
  );
}
