import { Link } from 'react-router-dom';
import { PLANS, subscriptionStatusLabel, type Role, type SubscriptionStatus } from '@arbitra/contracts';
import { Badge } from '@/components/ui/badge';
import { ROUTES } from '@/config/routes';

/** A plan's display name ('Profissional'), or its id when unknown. */
export const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;

/** 'Profissional · Ativo', or '—' without a subscription. */
export function subscriptionLabel(
  subscription: { planId: string; status: SubscriptionStatus } | null,
): string {
  return subscription
    ? `${planName(subscription.planId)} · ${subscriptionStatusLabel(subscription.status)}`
    : '—';
}

/** The user's name linking to their admin page, with the Admin and Desativado badges. */
export function UserNameLink({
  user,
}: {
  user: { id: string; name: string; role: Role; disabled: boolean };
}) {
  return (
    <>
      <Link className="font-medium hover:underline" to={`${ROUTES.adminUsers}/${user.id}`}>
        {user.name}
      </Link>{' '}
      {user.role === 'admin' ? <Badge>Admin</Badge> : null}{' '}
      {user.disabled ? <Badge variant="destructive">Desativado</Badge> : null}
    </>
  );
}
