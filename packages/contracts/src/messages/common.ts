/** Messages every page may need, importable alone so the first page does not carry the whole catalogue
 * (MESSAGES spreads every module's messages: a bundler keeps all of it once anything of index.ts is used). */
export const COMMON_MESSAGES = {
  connectionError: 'Erro de conexão com o servidor',
  invalidRequest: 'Requisição inválida',
  invalidJson: 'O corpo da requisição não é um JSON válido',
  payloadTooLarge: 'O corpo da requisição é grande demais',
  unsupportedMediaType: 'Envie o corpo da requisição em JSON (Content-Type: application/json)',
  notFound: 'Recurso não encontrado',
  unauthorized: 'Sessão inválida ou expirada. Entre novamente.',
  forbidden: 'Você não tem permissão para esta ação',
  internal: 'Erro interno do servidor. Tente novamente.',
  unavailable: 'indisponível',
  serviceUnavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  underDevelopment: 'Esta página está em desenvolvimento.',
  simulatedData: 'Dados simulados',
} as const;

export const MARKET_MESSAGES = {
  statsUnavailable: 'Estatísticas ao vivo indisponíveis no momento',
  historyInvalidFilter: 'Filtro inválido: informe a estratégia, os pares e as exchanges do bot',
  historyUnavailable: 'O histórico de oportunidades ainda não está disponível. Tente novamente em instantes.',
  /** The bot form's line under 'Lucro mínimo' (issue 27). */
  filterWindow: (coveredMs: number) => {
    const hours = Math.floor(coveredMs / 3_600_000);
    if (hours >= 24) return 'Nas últimas 24 h';
    if (hours >= 1) return `Nas últimas ${hours} h`;
    const minutes = Math.max(1, Math.floor(coveredMs / 60_000));
    return `Nos últimos ${minutes} min`;
  },
  filterRate: (window: string, perHour: string) =>
    `${window}, ~${perHour} oportunidades por hora passariam deste filtro`,
  filterNone: (window: string) =>
    `${window}, nenhuma oportunidade passaria deste filtro: o bot ficaria parado. Reduza o lucro mínimo ou inclua mais pares e exchanges.`,
  filterDefault: (percent: string) => `Sugerido: ${percent}, a mediana das oportunidades da última hora.`,
} as const;
