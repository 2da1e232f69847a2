import {
  EXCHANGE_PERMISSION_LABELS,
  MESSAGES,
  credentialStatusLabel,
  type UserExchange,
} from '@arbitra/contracts';
import { CircleAlert, CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';

type BadgeVariant = NonNullable<ComponentProps<typeof Badge>['variant']>;

/** Each validation state's badge colour and icon. */
const STATUS_LOOK = {
  valid: { variant: 'success', icon: <CircleCheck aria-hidden /> },
  invalid: { variant: 'destructive', icon: <CircleAlert aria-hidden /> },
  unreachable: { variant: 'warning', icon: <TriangleAlert aria-hidden /> },
  pending: { variant: 'secondary', icon: <LoaderCircle className="animate-spin" aria-hidden /> },
} as const satisfies Record<UserExchange['validation_status'], { variant: BadgeVariant; icon: ReactNode }>;

/** 'Credenciais Válidas' / 'Credenciais Inválidas' / 'Não foi possível contatar a exchange' / 'Validando...' (SPEC §4). */
export function CredentialStatusBadge({ exchange }: { exchange: Pick<UserExchange, 'validation_status'> }) {
  const { variant, icon } = STATUS_LOOK[exchange.validation_status];
  return (
    <Badge variant={variant} data-testid="credential-status">
      {icon}
      {credentialStatusLabel(exchange.validation_status)}
    </Badge>
  );
}

/** The permissions the exchange reported for the key, when it reports them. */
export function PermissionList({ exchange }: { exchange: Pick<UserExchange, 'permissions'> }) {
  if (!exchange.permissions)
    return <span className="text-xs text-muted-foreground">Não informadas pela exchange</span>;
  if (exchange.permissions.length === 0)
    return <span className="text-xs text-muted-foreground">Nenhuma</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {exchange.permissions.map((p) => (
        <Badge key={p} variant={p === 'withdraw' ? 'warning' : 'outline'}>
          {EXCHANGE_PERMISSION_LABELS[p]}
        </Badge>
      ))}
    </span>
  );
}

/** DECISIONS §6: keys that allow withdrawals get a warning. */
export function WithdrawWarning({
  exchange,
  prefix,
}: {
  exchange: Pick<UserExchange, 'can_withdraw'>;
  prefix?: string;
}) {
  if (exchange.can_withdraw !== true) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-2 text-xs text-warning"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {prefix ? <strong>{prefix}: </strong> : null}
        {MESSAGES.exchanges.withdrawWarning}
      </span>
    </p>
  );
}
