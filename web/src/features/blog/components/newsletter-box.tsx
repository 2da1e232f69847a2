import { MESSAGES, newsletterSubscribeRequestSchema, validateRequest } from '@arbitra/contracts';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ROUTES } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { newsletterApi } from '../api/newsletter-api';

type State = { kind: 'idle' | 'sending' } | { kind: 'error' | 'sent'; message: string };

/**
 * The newsletter box (double opt-in): the address is stored with the consent, and joins the list only when the
 * link of the confirmation email is opened. Every email carries a one-click unsubscribe.
 */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { email, consent: consent as true };
    const invalid = validateRequest(newsletterSubscribeRequestSchema, body);
    if (!invalid.success) {
      setState({ kind: 'error', message: invalid.message });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const res = await newsletterApi.subscribe(body);
      setState({ kind: 'sent', message: res.message });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, MESSAGES.common.connectionError) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Mail className="size-4 text-primary" aria-hidden />
          Newsletter
        </CardTitle>
        <CardDescription>
          A newsletter do blog, sobre arbitragem e mercado cripto, no seu email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {state.kind === 'sent' ? (
          <FormAlert variant="success" message={state.message} />
        ) : (
          <form
            onSubmit={(e) => void onSubmit(e)}
            noValidate
            aria-label="Newsletter"
            className="flex flex-col gap-3"
          >
            {state.kind === 'error' ? <FormAlert message={state.message} /> : null}
            <Label htmlFor="newsletter-email" className="sr-only">
              Seu email
            </Label>
            <Input
              id="newsletter-email"
              type="email"
              autoComplete="email"
              maxLength={254}
              placeholder="seu@email.com"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (state.kind === 'error') setState({ kind: 'idle' });
              }}
            />
            <label className="flex cursor-pointer items-start gap-2 text-xs text-muted-foreground">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={consent}
                onChange={(e) => {
                  setConsent(e.target.checked);
                  if (state.kind === 'error') setState({ kind: 'idle' });
                }}
              />
              <span>
                Quero receber a newsletter por email e li a{' '}
                <Link className="underline" to={ROUTES.privacy}>
                  Política de Privacidade
                </Link>
                . Posso sair da lista a qualquer momento.
              </span>
            </label>
            <Button type="submit" disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? 'Enviando...' : 'Inscrever-se'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
