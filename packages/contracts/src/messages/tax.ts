/** pt-BR messages of the tax report ('Impostos', issue 15). */
export const TAX_MESSAGES = {
  tax: {
    invalidMonth: 'Mês inválido: use o formato AAAA-MM (ex.: 2026-03)',
    invalidYear: 'Ano inválido: use quatro dígitos (ex.: 2026)',
    invalidPage: 'Página inválida',
    invalidExchange: 'Exchange desconhecida',
    invalidReports: 'Informe se a exchange reporta à Receita (verdadeiro, falso ou nulo para o padrão)',
    liveOnly: 'Somente trades reais (modo real) entram no relatório; trades simulados nunca contam.',
    exportError: 'Não foi possível baixar o CSV do mês',
    loadError: 'Não foi possível carregar o relatório de impostos',
  },
} as const;
