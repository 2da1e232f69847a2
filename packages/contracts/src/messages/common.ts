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
} as const;
