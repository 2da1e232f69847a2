import { MESSAGES, contactRequestSchema, validateRequest, type ContactRequest } from '@arbitra/contracts';
import { useState, type FormEvent } from 'react';
import { StaticPage } from '@/components/layout/static-page';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Field, InputField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { contactApi } from '../api/contact-api';

/** The one-line fields of the form, in order. */
const LINES: { key: 'name' | 'email' | 'subject'; label: string; type?: 'email'; maxLength: number }[] = [
  { key: 'name', label: 'Nome', maxLength: 120 },
  { key: 'email', label: 'Email', type: 'email', maxLength: 254 },
  { key: 'subject', label: 'Assunto', maxLength: 150 },
];

/** /contact and /support: a real form, stored and emailed to the support inbox, with a confirmation to the sender. */
export function ContactPage({ title = 'Fale com a gente' }: { title?: string }) {
  const { user } = useSession();
  const [values, setValues] = useState<ContactRequest>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  });
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'error' | 'sent'; message: string }
  >({
    kind: 'idle',
  });
  const edit = (patch: Partial<ContactRequest>) => {
    if (state.kind === 'error') setState({ kind: 'idle' });
    setValues((v) => ({ ...v, ...patch }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateRequest(contactRequestSchema, values);
    if (!invalid.success) {
      setState({ kind: 'error', message: invalid.message });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const res = await contactApi.send(values);
      setState({ kind: 'sent', message: res.message });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, MESSAGES.common.connectionError) });
    }
  };

  return (
    <StaticPage
      eyebrow="Contato e suporte"
      title={title}
      description="Dúvidas sobre a plataforma, sua conta, pagamentos ou seus dados pessoais (LGPD): escreva para nós. Respondemos por email, em dias úteis; no plano Enterprise o atendimento é 24/7."
    >
      {state.kind === 'sent' ? (
        <div
          role="status"
          className="mx-auto w-full max-w-xl rounded-lg border border-success/40 bg-success/10 p-6 text-center"
        >
          <p className="font-medium">{state.message}</p>
        </div>
      ) : (
        <form
          aria-label="Formulário de contato"
          onSubmit={(e) => void submit(e)}
          noValidate
          className="mx-auto flex w-full max-w-xl flex-col gap-4"
        >
          {state.kind === 'error' ? <FormAlert message={state.message} /> : null}
          {LINES.map(({ key, label, type, maxLength }) => (
            <InputField
              key={key}
              id={`contact-${key}`}
              label={label}
              type={type}
              value={values[key]}
              maxLength={maxLength}
              onChange={(e) => edit({ [key]: e.target.value })}
            />
          ))}
          <Field id="contact-message" label="Mensagem">
            <textarea
              id="contact-message"
              rows={6}
              maxLength={5000}
              value={values.message}
              onChange={(e) => edit({ message: e.target.value })}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
          </Field>
          <Button type="submit" disabled={state.kind === 'sending'}>
            {state.kind === 'sending' ? 'Enviando...' : 'Enviar mensagem'}
          </Button>
        </form>
      )}
    </StaticPage>
  );
}

export function SupportPage() {
  return <ContactPage title="Suporte" />;
}
