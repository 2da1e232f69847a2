import { BookOpen, KeyRound, Radio, ShieldAlert } from 'lucide-react';
import { ContentSection } from '@/components/layout/content-section';
import { StaticPage } from '@/components/layout/static-page';
import { Button } from '@/components/ui/button';
import { FeatureGrid } from '@/components/ui/feature-grid';

const EXAMPLE = `# 1. Entrar e guardar o token
curl -s https://SEU-ENDERECO/api/auth/login \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"maria@exemplo.com.br","password":"sua-senha"}'
# → { "access_token": "eyJ...", "user": { ... } }

# 2. Chamar a API com o token
curl -s https://SEU-ENDERECO/api/bots -H 'Authorization: Bearer eyJ...'`;

const FEATURES = [
  {
    icon: KeyRound,
    title: 'Autenticação por token',
    description:
      'O mesmo login do site devolve um access_token. Envie-o no cabeçalho Authorization: Bearer. Cada token é uma sessão que você encerra em Segurança.',
  },
  {
    icon: BookOpen,
    title: 'Referência completa',
    description:
      'Todas as rotas REST, com os campos aceitos, exemplos e respostas de erro, geradas do próprio código — nunca desatualizadas.',
  },
  {
    icon: Radio,
    title: 'Tempo real',
    description:
      'Oportunidades, status dos bots, operações e notificações chegam por Socket.IO no mesmo endereço, com o mesmo token.',
  },
  {
    icon: ShieldAlert,
    title: 'Erros claros',
    description:
      'Todo erro responde { "message", "code" }: a mensagem em português para o usuário e um código estável para o seu programa.',
  },
];

/** /api: what the public API is, how to authenticate, and the way to the reference (/docs). */
export function ApiPage() {
  return (
    <StaticPage
      eyebrow="Para desenvolvedores"
      title="API Arbitra"
      description="Tudo o que você faz no painel — bots, exchanges, operações, assinatura, notificações — também pode ser feito por programa, pela mesma API REST que o site usa."
      actions={
        <Button asChild>
          {/* A full page load: /docs is served by the server (Swagger UI), not by the web app. */}
          <a href="/docs">Abrir a referência da API</a>
        </Button>
      }
    >
      <ContentSection title="Como funciona">
        <FeatureGrid items={FEATURES} />
      </ContentSection>
      <ContentSection title="Primeira chamada">
        <div className="flex max-w-3xl flex-col gap-4">
          <pre className="overflow-x-auto rounded-lg border border-border bg-muted/50 p-4 text-xs leading-relaxed">
            <code>{EXAMPLE}</code>
          </pre>
          <p className="text-sm text-muted-foreground">
            O documento OpenAPI fica em{' '}
            <a className="text-primary underline" href="/api/openapi.json">
              /api/openapi.json
            </a>{' '}
            para gerar clientes. Os limites do seu plano valem também pela API (por exemplo, o número de
            bots), e as rotas de login têm limite de tentativas.
          </p>
        </div>
      </ContentSection>
    </StaticPage>
  );
}
