import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PLANS, subscriptionStatusLabel } from '@arbitra/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { adminApi, type AdminUsersFilters } from '../api/admin-api';
import { AddUserDialog } from './add-user-dialog';
import { Pager } from './admin-widgets';
import { subscriptionLabel, UserNameLink } from './user-cells';

export const selectClass = 'h-9 max-w-full rounded-md border border-input bg-transparent px-2 text-sm';

const SORTS: { key: AdminUsersFilters['sort']; label: string }[] = [
  { key: 'createdAt', label: 'Cadastro' },
  { key: 'name', label: 'Nome' },
  { key: 'email', label: 'Email' },
  { key: 'lastLoginAt', label: 'Último acesso' },
];

/** /admin/users: search, filters, sorting and pagination over every account. */
export function AdminUsers() {
  const [f, setF] = useState<AdminUsersFilters>({ sort: 'createdAt', dir: 'desc', page: 1, pageSize: 20 });
  const set = (patch: Partial<AdminUsersFilters>) => setF((cur) => ({ ...cur, page: 1, ...patch }));
  const query = useQuery({
    queryKey: ['admin', 'users', f],
    queryFn: () => adminApi.users(f),
    placeholderData: keepPreviousData,
  });
  const sortBy = (key: AdminUsersFilters['sort']) =>
    set({ sort: key, dir: f.sort === key && f.dir === 'desc' ? 'asc' : 'desc' });
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
          <select
            aria-label="Perfil"
            className={selectClass}
            value={f.role ?? ''}
            onChange={(e) => set({ role: (e.target.value || undefined) as AdminUsersFilters['role'] })}
          >
            <option value="">Todos os perfis</option>
            <option value="user">Usuários</option>
            <option value="admin">Administradores</option>
          </select>
          <select
            aria-label="Plano"
            className={selectClass}
            value={f.plan ?? ''}
            onChange={(e) => set({ plan: (e.target.value || undefined) as AdminUsersFilters['plan'] })}
          >
            <option value="">Todos os planos</option>
            {PLANS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
            <option value="none">Sem assinatura</option>
          </select>
          <select
            aria-label="Situação da assinatura"
            className={selectClass}
            value={f.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as AdminUsersFilters['status'] })}
          >
            <option value="">Todas as situações</option>
            {(['trialing', 'active', 'past_due', 'canceled'] as const).map((s) => (
              <option key={s} value={s}>
                {subscriptionStatusLabel(s)}
              </option>
            ))}
          </select>
          <select
            aria-label="Conta"
            className={selectClass}
            value={f.disabled ?? ''}
            onChange={(e) =>
              set({ disabled: (e.target.value || undefined) as AdminUsersFilters['disabled'] })
            }
          >
            <option value="">Ativas e desativadas</option>
            <option value="false">Ativas</option>
            <option value="true">Desativadas</option>
          </select>
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
          <Table cards aria-label="Usuários">
            <TableHeader>
              <TableRow>
                {SORTS.slice(0, 2).map((s) => (
                  <TableHead key={s.key}>
                    <button type="button" onClick={() => sortBy(s.key)}>
                      {s.label} {f.sort === s.key ? (f.dir === 'asc' ? '↑' : '↓') : ''}
                    </button>
                  </TableHead>
                ))}
                <TableHead>
                  <button type="button" onClick={() => sortBy('email')}>
                    Email {f.sort === 'email' ? (f.dir === 'asc' ? '↑' : '↓') : ''}
                  </button>
                </TableHead>
                <TableHead>Assinatura</TableHead>
                <TableHead>
                  <button type="button" onClick={() => sortBy('lastLoginAt')}>
                    Último acesso {f.sort === 'lastLoginAt' ? (f.dir === 'asc' ? '↑' : '↓') : ''}
                  </button>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(query.data?.items ?? []).map((u) => (
                <TableRow key={u.id}>
                  <TableCell label="Cadastro">{formatDate(u.createdAt)}</TableCell>
                  <TableCell lead={1} label="Nome">
                    <UserNameLink user={u} />
                  </TableCell>
                  <TableCell label="Email" wide>
                    {u.email}
                  </TableCell>
                  <TableCell lead={2} label="Assinatura">
                    {subscriptionLabel(u.subscription)}
                  </TableCell>
                  <TableCell label="Último acesso">
                    {u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'nunca'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
