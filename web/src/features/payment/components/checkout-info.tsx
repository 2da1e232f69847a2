import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const FAQ = [
  {
    q: 'Posso cancelar quando quiser?',
    a: 'Sim. O cancelamento vale no fim do período pago: você mantém o acesso até lá e pode reativar antes dessa data.',
  },
  {
    q: 'Existe garantia?',
    a: 'Sim: o primeiro pagamento pode ser reembolsado em até 7 dias. O reembolso encerra o plano.',
  },
  {
    q: 'Como funciona o upgrade?',
    a: 'O novo plano vale assim que o pagamento é confirmado; você paga só a diferença proporcional ao restante do período.',
  },
  {
    q: 'E o downgrade?',
    a: 'Sem pagamento agora: o plano menor fica agendado e passa a valer no fim do período já pago (a data da próxima cobrança, na aba Assinatura), quando a renovação cobra o preço dele. Até lá você continua no plano atual. Seus bots em execução e exchanges precisam caber nos limites do plano menor.',
  },
  {
    q: 'O que acontece se o pagamento não for feito?',
    a: 'A assinatura fica vencida e seus bots são parados. Nada é apagado: ao pagar, você pode iniciá-los de novo.',
  },
];

/** Secure-payment notice and FAQ of /payment (SPEC §2). */
export function CheckoutInfo() {
  return (
    <>
      <Card role="note" aria-label="Pagamento seguro">
        <CardContent className="flex gap-3 pt-6 text-sm">
          <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden />
          <p>
            Pagamento seguro: {window.location.protocol === 'https:' ? 'conexão criptografada (HTTPS). ' : ''}
            Os dados do cartão são verificados no seu navegador e só a bandeira, os 4 últimos dígitos e um
            token chegam aos nossos servidores.
          </p>
        </CardContent>
      </Card>
      <Card role="region" aria-label="Perguntas frequentes">
        <CardHeader>
          <CardTitle className="text-base">Perguntas frequentes</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm">
          {FAQ.map((f) => (
            <details key={f.q} className="rounded-md border border-border p-2">
              <summary className="cursor-pointer font-medium">{f.q}</summary>
              <p className="mt-1 text-muted-foreground">{f.a}</p>
            </details>
          ))}
        </CardContent>
      </Card>
    </>
  );
}
