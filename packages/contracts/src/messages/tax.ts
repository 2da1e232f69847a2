/** pt-BR messages of the tax report ('Impostos', issue 15). */
export const TAX_MESSAGES = {
  tax: {
    invalidMonth: 'Mês inválido: use o formato AAAA-MM (ex.: 2026-03)',
    invalidYear: 'Ano inválido: use quatro dígitos (ex.: 2026)',
    invalidPage: 'Página inválida',
    invalidExchange: 'Exchange desconhecida',
    invalidReports: 'Informe se a exchange reporta à Receita (verdadeiro, falso ou nulo para o padrão)',
    liveOnly: 'Somente trades reais (modo real) entram no relatório; trades simulados nunca contam.',
    abroad: (exchanges: string) =>
      `Operações em exchanges no exterior (${exchanges}): pela Lei nº 14.754/2023 e a IN RFB nº 2.180/2024, criptoativos custodiados ou negociados por instituições no exterior podem ser aplicações financeiras no exterior, tributadas na declaração anual a 15 %. Este relatório calcula tudo como ganho de capital mensal: confirme com o seu contador.`,
    withdrawalFees: (list: string) => `Taxas de saque pagas em cripto: ${list} — consulte seu contador`,
    exportError: 'Não foi possível baixar o CSV do mês',
    loadError: 'Não foi possível carregar o relatório de impostos',
  },
} as const;
