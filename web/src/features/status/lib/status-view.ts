import type { ComponentName, FeedState, MarketFeedKind, StatusReport } from '@arbitra/contracts';

export const API_UNREACHABLE = 'Não foi possível contatar a API';

export const COMPONENT_LABELS: Readonly<Record<ComponentName, string>> = {
  api: 'API',
  engine: 'Motor de mercado',
  database: 'Banco de dados',
  queue: 'Fila de tarefas',
};

export const COMPONENT_DESCRIPTIONS: Readonly<Record<ComponentName, string>> = {
  api: 'Atende o site, o aplicativo e as conexões em tempo real',
  engine: 'Lê os livros de ofertas, detecta oportunidades e executa os bots',
  database: 'Guarda contas, bots, trades e pagamentos',
  queue: 'Entrega comandos e execuções dos bots ao motor',
};

export const COMPONENT_ORDER: readonly ComponentName[] = ['api', 'engine', 'database', 'queue'];

export const SOURCE_LABELS: Readonly<Record<MarketFeedKind, string>> = {
  simulated: 'Mercado simulado',
  replay: 'Reprodução de uma gravação',
  ccxt: 'Exchanges reais, ao vivo',
};

export type ComponentView = { name: ComponentName; status: 'up' | 'down' | 'unknown'; detail: string | null };

/** The four components; when the API cannot be reached it is down and the others are unknown. */
export function componentViews(report: StatusReport | undefined, apiReachable: boolean): ComponentView[] {
  return COMPONENT_ORDER.map((name) => {
    if (!apiReachable) {
      return name === 'api'
        ? { name, status: 'down', detail: API_UNREACHABLE }
        : { name, status: 'unknown', detail: 'Sem informação enquanto a API não responde' };
    }
    const found = report?.components.find((c) => c.name === name);
    return found ? { ...found } : { name, status: 'unknown', detail: 'Não informado pela API' };
  });
}

/** The feeds of the last report, updated by the live 'market:feeds' events (per exchange, the latest state wins). */
export function mergeFeeds(base: readonly FeedState[], live: readonly FeedState[]): FeedState[] {
  const byExchange = new Map(base.map((f) => [f.exchange, f]));
  for (const f of live) {
    const current = byExchange.get(f.exchange);
    if (!current || f.since >= current.since) byExchange.set(f.exchange, f);
  }
  return [...byExchange.values()];
}

export type Overall = 'checking' | 'api-down' | 'operational' | 'partial' | 'feeds';

export function overallStatus(
  components: readonly ComponentView[],
  feeds: readonly FeedState[],
  loading: boolean,
): Overall {
  if (loading) return 'checking';
  if (components.some((c) => c.name === 'api' && c.status === 'down')) return 'api-down';
  if (components.some((c) => c.status !== 'up')) return 'partial';
  if (feeds.length === 0 || feeds.some((f) => f.status !== 'up')) return 'feeds';
  return 'operational';
}

export const OVERALL_TEXT: Readonly<Record<Overall, string>> = {
  checking: 'Verificando os sistemas…',
  'api-down': 'API indisponível',
  operational: 'Todos os sistemas operacionais',
  partial: 'Instabilidade em parte da plataforma',
  feeds: 'Plataforma operacional, com exchanges fora do normal',
};
