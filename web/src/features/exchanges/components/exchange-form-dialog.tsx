import { MESSAGES, supportedExchanges, type SupportedExchange, type UserExchange } from '@arbitra/contracts';
import { Eye, EyeOff, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogContent, DialogHead } from '@/components/ui/dialog';
import { InputField, SwitchField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useSaveExchange, useSupportedExchanges } from '../hooks/use-exchanges';
import {
  EMPTY_FORM,
  formFromExchange,
  requiresPassphrase,
  toRequestBody,
  validateExchangeFormState,
  type ExchangeFormState,
} from '../lib/exchange-form';
import { exchangeErrorMessage } from '../lib/exchange-messages';

interface ExchangeFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this credential (its exchange cannot change); absent: adding one. */
  editing?: UserExchange | null;
  /** Called after a successful save, with the saved credential. */
  onSaved?: (exchange: UserExchange) => void;
}

/**
 * The add/edit form of an exchange credential (SPEC §2, §5), used by the dashboard's Exchanges tab and
 * by /security's 'API Keys' ('Adicionar API Key'). Client-side checks first, in SPEC order; the server
 * runs the same rules. On an error the dialog stays open with everything typed.
 */
export function ExchangeFormDialog({ open, onOpenChange, editing = null, onSaved }: ExchangeFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100vh-2rem)] overflow-y-auto">
        {open ? (
          <ExchangeForm
            key={editing?.id ?? 'new'}
            editing={editing}
            onCancel={() => onOpenChange(false)}
            onSaved={(exchange) => {
              onOpenChange(false);
              onSaved?.(exchange);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface ExchangeFormProps {
  editing: UserExchange | null;
  onCancel: () => void;
  onSaved: (exchange: UserExchange) => void;
}

function ExchangeForm({ editing, onCancel, onSaved }: ExchangeFormProps) {
  const ids = useId();
  const supportedQuery = useSupportedExchanges();
  // The list is public data also shipped in contracts: the form works even if the call failed.
  const supported: readonly SupportedExchange[] = supportedQuery.data ?? supportedExchanges();
  const [form, setForm] = useState<ExchangeFormState>(() =>
    editing ? formFromExchange(editing) : EMPTY_FORM,
  );
  const [error, setError] = useState<string | null>(null);
  const [showSecret, setShowSecret] = useState(false);
  const save = useSaveExchange();
  const needsPassphrase = requiresPassphrase(supported, form.exchange_name);

  const set = <K extends keyof ExchangeFormState>(key: K, value: ExchangeFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setError(null); // SPEC §4: messages clear when the user edits a field.
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateExchangeFormState(form, supported, editing ?? undefined);
    if (problem) {
      setError(problem);
      return;
    }
    save.mutate(
      { id: editing?.id, body: toRequestBody(form, supported) },
      {
        onSuccess: (result) => {
          toast({
            title: editing ? MESSAGES.exchanges.updated : MESSAGES.exchanges.added,
            variant: 'success',
          });
          onSaved(result.exchange);
        },
        onError: (e) => setError(exchangeErrorMessage(e, 'save')),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Formulário de exchange">
      <DialogHead
        title={editing ? `Editar ${editing.display_name}` : 'Adicionar exchange'}
        descriptionClassName="flex items-start gap-2"
        description={
          <>
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>
              O API Secret e a passphrase são criptografados e nunca são exibidos de volta. Crie a chave com
              permissão de leitura e negociação, sem saque.
            </span>
          </>
        }
      />

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${ids}-exchange`}>Exchange</Label>
        <select
          id={`${ids}-exchange`}
          name="exchange_name"
          className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-50"
          value={form.exchange_name}
          disabled={editing !== null}
          onChange={(e) => set('exchange_name', e.target.value)}
        >
          <option value="">Selecione uma exchange</option>
          {supported.map((s) => (
            <option key={s.name} value={s.name}>
              {s.display_name}
            </option>
          ))}
        </select>
        {editing ? (
          <p className="text-xs text-muted-foreground">A exchange não pode ser alterada na edição.</p>
        ) : null}
      </div>

      <InputField
        id={`${ids}-key`}
        label="API Key"
        fieldClassName="gap-2"
        name="api_key"
        autoComplete="off"
        spellCheck={false}
        value={form.api_key}
        onChange={(e) => set('api_key', e.target.value)}
      />

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${ids}-secret`}>API Secret</Label>
        <div className="flex gap-2">
          <Input
            id={`${ids}-secret`}
            name="api_secret"
            type={showSecret ? 'text' : 'password'}
            autoComplete="new-password"
            spellCheck={false}
            placeholder={editing ? 'Deixe em branco para manter o atual' : undefined}
            value={form.api_secret}
            onChange={(e) => set('api_secret', e.target.value)}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={showSecret ? 'Ocultar API Secret' : 'Mostrar API Secret'}
            aria-pressed={showSecret}
            onClick={() => setShowSecret((v) => !v)}
          >
            {showSecret ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          </Button>
        </div>
      </div>

      {needsPassphrase ? (
        <InputField
          id={`${ids}-passphrase`}
          label="Passphrase"
          fieldClassName="gap-2"
          name="passphrase"
          type="password"
          autoComplete="new-password"
          placeholder={editing ? 'Deixe em branco para manter a atual' : undefined}
          value={form.passphrase}
          onChange={(e) => set('passphrase', e.target.value)}
        />
      ) : null}

      <SwitchField
        id={`${ids}-active`}
        label="Ativa"
        checked={form.is_active}
        onCheckedChange={(checked) => set('is_active', checked)}
      />

      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {error}
        </p>
      ) : null}

      <DialogActions onCancel={onCancel} pending={save.isPending} confirm="Salvar" busy="Salvando..." />
    </form>
  );
}
