import type { SecurityLevel } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Clock,
  MonitorSmartphone,
  ShieldAlert,
  ShieldCheck,
  ShieldHalf,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { securityApi, securityKeys } from '../api/security-api';
import { QueryState } from '@/components/ui/section-state';

const LEVEL_STYLE: Record<SecurityLevel, { icon: LucideIcon; className: string }> = {
  strong: { icon: ShieldCheck, className: 'text-success' },
  medium: { icon: ShieldHalf, className: 'text-warning' },
  weak: { icon: ShieldAlert, className: 'text-destructive' },
};

function SummaryCard({
  label,
  icon: Icon,
  iconClassName,
  value,
  children,
}: {
  label: string;
  icon: LucideIcon;
  iconClassName?: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card role="group" aria-label={label}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon className={cn('size-5 text-muted-foreground', iconClassName)} aria-hidden />
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className="text-2xl font-bold tracking-tight">{value}</p>
        <div className="text-xs text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}

/** The three summary cards of /security (SPEC §2): security status, last login, active sessions. */
export function SecuritySummary() {
  const query = useQuery({
    queryKey: securityKeys.overview,
    queryFn: ({ signal }) => securityApi.overview(signal),
  });
  return (
    <section aria-label="Resumo de segurança">
      <QueryState query={query} fallback="Erro ao carregar o resumo de segurança">
        {(overview) => {
          const level = LEVEL_STYLE[overview.securityLevel];
          return (
            <div className="grid gap-4 sm:grid-cols-3">
              <SummaryCard
                label="Status de segurança"
                icon={level.icon}
                iconClassName={level.className}
                value={<span className={level.className}>{overview.securityStatus}</span>}
              >
                {overview.recommendations.length > 0 ? (
                  <ul>
                    {overview.recommendations.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                ) : (
                  'Nenhuma recomendação pendente'
                )}
              </SummaryCard>
              <SummaryCard
                label="Último login"
                icon={Clock}
                value={overview.lastLoginAt ? formatDateTime(overview.lastLoginAt) : '—'}
              >
                {[overview.lastLoginDevice, overview.lastLoginIp ? `IP ${overview.lastLoginIp}` : null]
                  .filter(Boolean)
                  .join(' · ') || 'Nenhum login registrado'}
              </SummaryCard>
              <SummaryCard label="Sessões ativas" icon={MonitorSmartphone} value={overview.activeSessions}>
                {overview.activeSessions === 1
                  ? 'Somente este dispositivo'
                  : 'Dispositivos conectados à sua conta'}
              </SummaryCard>
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
