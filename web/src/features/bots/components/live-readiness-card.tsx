import { MESSAGES } from '@arbitra/contracts';
import { useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { SelectField } from '@/components/ui/field';
import { QueryState } from '@/components/ui/section-state';
import { useBots } from '../hooks/use-bots';
import { LiveChecklistPanel } from './live-checklist';

/** /security: 'Pronto para operar ao vivo' for one of the user's bots (its exchanges and pairs). */
export function LiveReadinessCard() {
  const bots = useBots();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <SectionCard title={MESSAGES.liveChecklist.title} role="region" aria-label={MESSAGES.liveChecklist.title}>
      <QueryState query={bots} fallback="Erro ao carregar os bots">
        {(list) => {
          if (list.length === 0)
            return (
              <p className="text-sm text-muted-foreground">
                Crie um bot para ver o que falta, em cada exchange dele, para operar no Modo real.
              </p>
            );
          const botId = chosen && list.some((b) => b.id === chosen) ? chosen : list[0]!.id;
          return (
            <div className="flex flex-col gap-3">
              <SelectField
                id="live-readiness-bot"
                label="Bot"
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                value={botId}
                onChange={setChosen}
                options={list.map((b) => ({ value: b.id, label: b.name }))}
              />
              <LiveChecklistPanel key={botId} botId={botId} titled={false} />
            </div>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
