import { canAddExchange, type UserExchange } from '@arbitra/contracts';
import { KeyRound, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { usePlanExchangeInfo, useUserExchanges } from '../hooks/use-exchanges';
import { exchangeErrorMessage } from '../lib/exchange-messages';
import { CredentialStatusBadge, PermissionList, WithdrawWarning } from './credential-status';
import { ExchangeFormDialog } from './exchange-form-dialog';
import { RemoveExchangeDialog } from './remove-exchange-dialog';

/**
 * /security 'API Keys' (SPEC §2, DECISIONS §6): the same credentials as the dashboard's Exchanges tab —
 * exchange, masked key, permissions (when the exchange reports them), created, last used, status —
 * with 'Adicionar API Key' (the same form) and delete (on the server).
 */
export function ApiKeysSection() {
  const list = useUserExchanges();
  const plan = usePlanExchangeInfo();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<UserExchange | null>(null);
  const atLimit = plan.data ? !canAddExchange(plan.data) : false;

  return (
    <Card aria-labelledby="api-keys-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="api-keys-title" className="flex items-center gap-2">
            <KeyRound className="size-5 text-primary" aria-hidden />
            API Keys
          </CardTitle>
          <CardDescription>
            Chaves de API das suas exchanges. O API Secret é criptografado e nunca é exibido.
          </CardDescription>
        </div>
        <Button
          onClick={() => setAdding(true)}
          disabled={atLimit || plan.isPending}
          title={atLimit ? 'Limite do plano atingido' : undefined}
        >
          <Plus aria-hidden />
          Adicionar API Key
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {list.isPending ? (
          <Spinner label="Carregando chaves de API..." />
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert" className="text-sm text-destructive">
              {exchangeErrorMessage(list.error, 'load')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              <RefreshCw aria-hidden />
              Tentar novamente
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma chave de API cadastrada.</p>
        ) : (
          <>
            <Table aria-label="Chaves de API">
              <TableHeader>
                <TableRow>
                  <TableHead>Exchange</TableHead>
                  <TableHead>Chave</TableHead>
                  <TableHead>Permissões</TableHead>
                  <TableHead>Criada em</TableHead>
                  <TableHead>Último uso</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Ações</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.data.map((key) => (
                  <TableRow key={key.id} data-testid={`api-key-${key.exchange_name}`}>
                    <TableCell className="font-medium">{key.display_name}</TableCell>
                    <TableCell>
                      <code className="font-mono text-xs">{key.api_key_preview}</code>
                    </TableCell>
                    <TableCell>
                      <PermissionList exchange={key} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatDateTime(key.created_at)}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {key.last_used_at ? formatDateTime(key.last_used_at) : 'Nunca'}
                    </TableCell>
                    <TableCell>
                      <span className="flex flex-wrap gap-1">
                        <Badge variant={key.is_active ? 'default' : 'outline'}>
                          {key.is_active ? 'Ativa' : 'Inativa'}
                        </Badge>
                        <CredentialStatusBadge exchange={key} />
                      </span>
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Excluir API Key da ${key.display_name}`}
                        onClick={() => setRemoving(key)}
                      >
                        <Trash2 aria-hidden />
                        Excluir
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {list.data.map((key) => (
              <WithdrawWarning key={key.id} exchange={key} prefix={key.display_name} />
            ))}
          </>
        )}
      </CardContent>
      <ExchangeFormDialog open={adding} onOpenChange={setAdding} />
      <RemoveExchangeDialog exchange={removing} onClose={() => setRemoving(null)} title="Excluir API Key" />
    </Card>
  );
}
