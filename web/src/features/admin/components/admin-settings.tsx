import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EXCHANGE_IDS, exchangeName, type ExchangeId, type PlatformSettings } from '@arbitra/contracts';
import { Button } from '@/components/ui/button';
import { InputField, SwitchField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { adminApi } from '../api/admin-api';
import { ReasonDialog } from './admin-widgets';

/** A fraction as a pt-BR percent input ('0,1'). */
const toPercentText = (fraction: number) => String(Math.round(fraction * 100 * 1e6) / 1e6).replace('.', ',');
const parsePercent = (text: string) => Number(text.trim().replace(',', '.'));

/** /admin/settings: taker fee per exchange, the maintenance banner and registrations (each change audited with a reason). */
export function AdminSettings() {
  const query = useQuery({ queryKey: ['admin', 'settings'], queryFn: adminApi.settings });
  if (query.isLoading) return <Spinner />;
  if (!query.data)
    return (
      <FormAlert
        message={errorMessage(query.error, 'Erro ao carregar as configurações')}
        onRetry={() => void query.refetch()}
      />
    );
  // The form starts again from what the server holds after every save.
  return <SettingsForm key={query.dataUpdatedAt} settings={query.data} />;
}

function SettingsForm({ settings: s }: { settings: PlatformSettings }) {
  const qc = useQueryClient();
  const [fees, setFees] = useState<Record<string, string>>(() =>
    Object.fromEntries(EXCHANGE_IDS.map((ex) => [ex, toPercentText(s.takerFees[ex])])),
  );
  const [banner, setBanner] = useState(s.maintenance);
  const [registrationsOpen, setRegistrationsOpen] = useState(s.registrationsOpen);
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (reason: string) => {
      const takerFeesPercent: Partial<Record<ExchangeId, number>> = {};
      for (const ex of EXCHANGE_IDS) {
        const pct = parsePercent(fees[ex] ?? '');
        if (toPercentText(s.takerFees[ex]) !== fees[ex]) takerFeesPercent[ex] = pct;
      }
      return adminApi.saveSettings({ takerFeesPercent, maintenance: banner, registrationsOpen, reason });
    },
    onSuccess: (res) => {
      toast({ title: res.message });
      void qc.invalidateQueries({ queryKey: ['admin', 'settings'] });
    },
  });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Configurações"
        description="Valem para toda a plataforma. Cada alteração fica no registro de auditoria com o motivo."
      />
      <SectionCard title="Taxa taker por exchange (%)" contentClassName="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          Usada pelos detectores de oportunidades e pela exchange simulada. Chega a todos os motores em
          segundos.
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {EXCHANGE_IDS.map((ex) => (
            <InputField
              key={ex}
              id={`fee-${ex}`}
              label={exchangeName(ex)}
              inputMode="decimal"
              value={fees[ex] ?? ''}
              onChange={(e) => setFees({ ...fees, [ex]: e.target.value })}
            />
          ))}
        </div>
      </SectionCard>
      <SectionCard title="Aviso de manutenção" contentClassName="flex flex-col gap-3">
        <SwitchField
          id="maintenance-active"
          label="Mostrar a todos os usuários conectados, ao vivo"
          checked={banner.active}
          onCheckedChange={(v) => setBanner({ ...banner, active: v })}
        />
        <Input
          aria-label="Mensagem do aviso"
          placeholder="Ex.: Manutenção programada hoje às 23h"
          maxLength={280}
          value={banner.message}
          onChange={(e) => setBanner({ ...banner, message: e.target.value })}
        />
      </SectionCard>
      <SectionCard title="Cadastros">
        <SwitchField
          id="registrations-open"
          label="Novos cadastros abertos"
          checked={registrationsOpen}
          onCheckedChange={setRegistrationsOpen}
        />
      </SectionCard>
      <div>
        <Button onClick={() => setConfirming(true)}>Salvar configurações</Button>
      </div>
      <ReasonDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Salvar as configurações?"
        description="As taxas passam a valer nos motores em segundos; o aviso aparece na hora para todos."
        confirmLabel="Salvar"
        onConfirm={(reason) => save.mutateAsync(reason)}
      />
    </div>
  );
}
