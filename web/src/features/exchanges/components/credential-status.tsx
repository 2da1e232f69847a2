import {
  EXCHANGE_PERMISSION_LABELS,
  MESSAGES,
  credentialStatusLabel,
  type UserExchange,
} from '@arbitra/contracts';
import { CircleAlert, CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** 'Credenciais Válidas' / 'Credenciais Inválidas' / 'Não foi possível contatar a exchange' / 'Validando...' (SPEC §4). */
export function CredentialStatusBadge({ exchange }: { exchange: Pick<UserExchange, 'validation_status'> }) {
  const label = credentialStatusLabel(exchange.validation_status);
  switch (exchange.validation_status) {
    case 'valid':
      return (
        <Badge variant="success" data-testid="credential-status">
          <CircleCheck aria-hidden />
          {label}
        </Badge>
      );
    case 'invalid':
      return (
        <Badge variant="destructive" data-testid="credential-status">
          <CircleAlert aria-hidden />
          {label}
        </Badge>
      );
    case 'unreachable':
      return (
        <Badge variant="warning" data-testid="credential-status">
          <TriangleAlert aria-hidden />
          {label}
        </Badge>
      );
    case 'pending':
      return (
        <Badge variant="secondary" data-testid="credential-status">
          <LoaderCircle className="animate-spin" aria-hidden />
          {label}
        </Badge>
      );
  }
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
