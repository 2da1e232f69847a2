import type { PaymentResponse, SandboxAction } from '@arbitra/contracts';
import { Copy, Download, FlaskConical } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { saveFile } from '@/lib/download';
import { formatBRL, formatDate } from '@/lib/format';

function useCountdown(until: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return undefined;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [until]);
  if (!until) return null;
  const left = Math.max(0, Date.parse(until) - now);
  const m = Math.floor(left / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** What the sandbox lets the payer do to an open charge; approving is the main one. */
const SANDBOX_ACTIONS: readonly { action: SandboxAction; label: string }[] = [
  { action: 'approve', label: 'Simular pagamento aprovado' },
  { action: 'decline', label: 'Simular recusa' },
  { action: 'expire', label: 'Simular expiração' },
];

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copiado`, variant: 'success' });
  } catch {
    toast({ title: 'Não foi possível copiar. Selecione e copie o texto.', variant: 'destructive' });
  }
}

/** The open charge: PIX (QR, copia e cola, countdown), boleto (linha digitável, due date) or a card waiting. */
export function PendingPayment({
  payment,
  onSandbox,
  sandboxPending,
}: {
  payment: PaymentResponse;
  onSandbox: (action: SandboxAction) => void;
  sandboxPending: boolean;
}) {
  const countdown = useCountdown(payment.pix?.expiresAt ?? null);
  return (
    <Card role="region" aria-label="Pagamento pendente">
      <CardHeader>
        <CardTitle>
          {payment.method === 'pix'
            ? 'Pague com PIX'
            : payment.method === 'boleto'
              ? 'Boleto gerado'
              : 'Processando cartão'}
        </CardTitle>
        <CardDescription>
          {payment.planName} ({payment.billing === 'yearly' ? 'anual' : 'mensal'}) —{' '}
          {formatBRL(payment.amountCents)}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {payment.pix ? (
          <div className="flex flex-col items-center gap-3">
            <img src={payment.pix.qrDataUrl} alt="QR Code PIX" className="size-56 rounded-md bg-white p-2" />
            <p className="text-sm">
              Expira em <strong aria-label="Tempo restante">{countdown}</strong>
            </p>
            <label className="flex w-full flex-col gap-1 text-sm">
              PIX copia e cola
              <textarea
                readOnly
                value={payment.pix.code}
                rows={3}
                className="w-full rounded-md border border-border bg-muted/30 p-2 font-mono text-xs"
              />
            </label>
            <Button variant="outline" onClick={() => void copy(payment.pix!.code, 'Código PIX')}>
              <Copy className="size-4" aria-hidden /> Copiar código
            </Button>
            <p className="text-xs text-muted-foreground">
              A página se atualiza sozinha quando o pagamento for confirmado.
            </p>
          </div>
        ) : null}
        {payment.boleto ? (
          <div className="flex flex-col gap-3">
            <label className="flex flex-col gap-1 text-sm">
              Linha digitável
              <input
                readOnly
                value={payment.boleto.line}
                className="rounded-md border border-border bg-muted/30 p-2 font-mono text-xs"
              />
            </label>
            <p className="text-sm">Vencimento: {formatDate(payment.boleto.dueDate)}</p>
            {payment.payerCpf ? (
              <p className="text-sm" aria-label="CPF do pagador">
                Pagador: CPF {payment.payerCpf}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void copy(payment.boleto!.line, 'Linha digitável')}>
                <Copy className="size-4" aria-hidden /> Copiar linha digitável
              </Button>
              <Button
                variant="outline"
                onClick={() =>
                  saveFile(
                    [
                      'Boleto - Arbitra',
                      `Plano: ${payment.planName} (${payment.billing === 'yearly' ? 'anual' : 'mensal'})`,
                      `Valor: ${formatBRL(payment.amountCents)}`,
                      `Vencimento: ${formatDate(payment.boleto!.dueDate)}`,
                      ...(payment.payerCpf ? [`Pagador: CPF ${payment.payerCpf}`] : []),
                      `Linha digitável: ${payment.boleto!.line}`,
                      `Código de barras: ${payment.boleto!.barcode}`,
                    ].join('\n'),
                    `boleto_${payment.id.slice(0, 8)}.txt`,
                    'text/plain;charset=utf-8',
                  )
                }
              >
                <Download className="size-4" aria-hidden /> Baixar boleto
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">A compensação do boleto leva até 3 dias úteis.</p>
          </div>
        ) : null}
        {payment.method === 'card' ? (
          <p className="text-sm">Cartão final {payment.cardLast4}: aguardando a resposta do emissor.</p>
        ) : null}
        {payment.sandbox ? (
          <div
            className="flex flex-col gap-2 rounded-md border border-dashed border-warning p-3"
            aria-label="Controle do sandbox"
          >
            <p className="flex items-center gap-1.5 text-xs text-warning">
              <FlaskConical className="size-3.5" aria-hidden /> Ambiente de testes (sandbox): nenhum dinheiro
              real.
            </p>
            <div className="flex flex-wrap gap-2">
              {SANDBOX_ACTIONS.map(({ action, label }) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'approve' ? 'default' : 'outline'}
                  disabled={sandboxPending}
                  onClick={() => onSandbox(action)}
                >
                  {label}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
