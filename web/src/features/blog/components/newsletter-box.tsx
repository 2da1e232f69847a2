import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The newsletter box. There is no newsletter service yet, so it says so instead of pretending to
 * subscribe (DECISIONS §1); the address is not kept.
 */
export function NewsletterBox() {
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice('As inscrições na newsletter abrem em breve. Seu email não foi armazenado.');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Mail className="size-4 text-primary" aria-hidden />
          Newsletter
        </CardTitle>
        <CardDescription>Receba os novos artigos sobre arbitragem e mercado cripto.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-3">
          <Label htmlFor="newsletter-email" className="sr-only">
            Seu email
          </Label>
          <Input
            id="newsletter-email"
            type="email"
            required
            placeholder="seu@email.com"
            onChange={() => setNotice(null)}
          />
          <Button type="submit">Inscrever-se</Button>
          {notice ? (
            <p role="status" className="text-sm text-muted-foreground">
              {notice}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
