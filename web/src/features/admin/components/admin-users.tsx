import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PLANS, subscriptionStatusLabel } from '@arbitra/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { adminApi, type AdminUsersFilters } from '../api/admin-api';
import { AddUserDialog } from './add-user-dialog';
import { Pager } from './admin-widgets';
import { subscriptionLabel, UserNameLink } from './user-cells';

export const selectClass = 'h-9 max-w-full rounded-md border border-input bg-transparent px-2 text-sm';

const SORT_LABELS: Record<AdminUsersFilters['sort'], string> = {
  createdAt: 'Cadastro',
  name: 'Nome',
  email: 'Email',
  lastLoginAt: 'Último acesso',
};

type Option = readonly [value: string, label: string];
/** The list's filters: none ('') first, then the choices, each [value, label]. */
const FILTERS: {
  key: 'role' | 'plan' | 'status' | 'disabled';
  label: string;
  all: string;
  options: readonly Option[];
}[] = [
  {
    key: 'role',
    label: 'Perfil',
    all: 'Todos os perfis',
    options: [
      ['user', 'Usuários'],
      ['admin', 'Administradores'],
    ],
  },
  {
    key: 'plan',
    label: 'Plano',
    all: 'Todos os planos',
    options: [...PLANS.map((p): Option => [p.id, p.name]), ['none', 'Sem assinatura']],
  },
  {
    key: 'status',
    label: 'Situação da assinatura',
    all: 'Todas as situações',
    options: (['trialing', 'active', 'past_due', 'canceled'] as const).map((s): Option => [
      s,
      subscriptionStatusLabel(s),
    ]),
  },
  {
    key: 'disabled',
    label: 'Conta',
    all: 'Ativas e desativadas',
    options: [
      ['false', 'Ativas'],
      ['true', 'Desativadas'],
    ],
  },
];

/** A filter of the list: `all` (no filter) first, then the options. */
function FilterSelect({
  label,
  all,
  options,
  value,
  onChange,
}: {
  label: string;
  all: string;
  options: readonly Option[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <select
      aria-label={label}
      className={selectClass}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">{all}</option>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );
}

/** /admin/users: search, filters, sorting and pagination over every account. */
export function AdminUsers() {
  const [f, setF] = useState<AdminUsersFilters>({ sort: 'createdAt', dir: 'desc', page: 1, pageSize: 20 });
  const set = (patch: Partial<AdminUsersFilters>) => setF((cur) => ({ ...cur, page: 1, ...patch }));
  const query = useQuery({
    queryKey: ['admin', 'users', f],
    queryFn: () => adminApi.users(f),
    placeholderData: keepPreviousData,
  });
  const sortButton = (key: AdminUsersFilters['sort']) => (
    <button
      type="button"
      onClick={() => set({ sort: key, dir: f.sort === key && f.dir === 'desc' ? 'asc' : 'desc' })}
    >
      {SORT_LABELS[key]} {f.sort === key ? (f.dir === 'asc' ? '↑' : '↓') : ''}
    </button>
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Usuários"
        description="Busque, filtre e gerencie as contas da plataforma."
        actions={<AddUserDialog />}
      />
      <Card>
        <CardContent className="flex flex-wrap items-center gap-2 pt-6">
          <Input
            aria-label="Buscar por nome ou email"
            placeholder="Buscar por nome ou email"
            className="max-w-xs"
            value={f.search ?? ''}
            onChange={(e) => set({ search: e.target.value || undefined })}
          />
          {FILTERS.map(({ key, ...filter }) => (
            <FilterSelect
              key={key}
              {...filter}
              value={f[key]}
              onChange={(value) => set({ [key]: value })}
            />
          ))}
        </CardContent>
      </Card>
      {query.error ? (
        <FormAlert
          message={errorMessage(query.error, 'Erro ao carregar os usuários')}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <DataTable
            label="Usuários"
            rows={query.data?.items ?? []}
            rowKey={(u) => u.id}
            columns={[
              { header: 'Cadastro', heading: sortButton('createdAt'), cell: (u) => formatDate(u.createdAt) },
              {
                header: 'Nome',
                heading: sortButton('name'),
                cell: (u) => <UserNameLink user={u} />,
                lead: 1,
              },
              { header: 'Email', heading: sortButton('email'), cell: (u) => u.email, wide: true },
              { header: 'Assinatura', cell: (u) => subscriptionLabel(u.subscription), lead: 2 },
              {
                header: 'Último acesso',
                heading: sortButton('lastLoginAt'),
                cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'nunca'),
              },
            ]}
          />
          {query.data?.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum usuário encontrado.</p>
          ) : null}
          {query.data ? (
            <Pager
              page={f.page}
              pageSize={f.pageSize}
              total={query.data.total}
              onPage={(page) => setF({ ...f, page })}
            />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
