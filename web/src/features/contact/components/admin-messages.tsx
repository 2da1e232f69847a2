import type { ContactMessage } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { contactApi, contactKeys } from '../api/contact-api';

function AnswerForm({ message }: { message: ContactMessage }) {
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState('');
  const send = useMutation({
    mutationFn: () => contactApi.answer(message.id, answer),
    onSuccess: (res) => {
      toast({ title: res.message, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'messages'] });
    },
    onError: (error) =>
      toast({ title: errorMessage(error, 'Erro ao enviar a resposta'), variant: 'destructive' }),
  });
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      <textarea
        aria-label={`Resposta para ${message.name}`}
        rows={3}
        maxLength={5000}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        className="rounded-md border border-input bg-background px-3 py-2 text-sm"
      />
      <Button
        type="submit"
        size="sm"
        className="self-end"
        disabled={send.isPending || answer.trim().length < 2}
      >
        Responder por email
      </Button>
    </form>
  );
}

/** /admin/messages ('Mensagens'): the contact form's messages, newest first; an admin answers by email. */
export function AdminMessages() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: contactKeys.admin(page),
    queryFn: ({ signal }) => contactApi.list(page, signal),
  });
  const newsletter = useQuery({
    queryKey: contactKeys.newsletter,
    queryFn: ({ signal }) => contactApi.newsletter(signal),
  });
  const data = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mensagens</CardTitle>
        <CardDescription>
          {data
            ? `${data.total} mensagens, ${data.unanswered} sem resposta.`
            : 'Mensagens do formulário de contato.'}{' '}
          {newsletter.data ? (
            <span data-testid="newsletter-stats">
              Newsletter: {newsletter.data.confirmed} inscritos confirmados ({newsletter.data.pending}{' '}
              aguardando confirmação).
            </span>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isError ? <p className="text-sm text-destructive">Erro ao carregar as mensagens</p> : null}
        {data && data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma mensagem recebida.</p>
        ) : null}
        {data?.items.map((m) => (
          <article key={m.id} className="flex flex-col gap-2 rounded-md border border-border p-4">
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-medium">{m.subject}</h3>
              <span className="text-xs text-muted-foreground">{formatDateTime(m.createdAt)}</span>
            </header>
            <p className="text-sm text-muted-foreground">
              {m.name} &lt;{m.email}&gt;
            </p>
            <p className="text-sm whitespace-pre-wrap">{m.message}</p>
            {m.answer ? (
              <div className="rounded-md bg-muted/50 p-3 text-sm">
                <p className="text-xs text-muted-foreground">Respondida em {formatDateTime(m.answeredAt!)}</p>
                <p className="whitespace-pre-wrap">{m.answer}</p>
              </div>
            ) : (
              <AnswerForm message={m} />
            )}
          </article>
        ))}
        {data && data.total > data.pageSize ? (
          <div className="flex justify-between">
            <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              Anteriores
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page * data.pageSize >= data.total}
              onClick={() => setPage((p) => p + 1)}
            >
              Próximas
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
