/** pt-BR messages of backtests ('Simular'). */
export const BACKTEST_MESSAGES = {
  backtests: {
    notFound: 'Simulação não encontrada',
    sourceInvalid: 'Fonte de dados inválida',
    seedInvalid: 'A semente deve ser um número inteiro entre 0 e 2.147.483.647',
    durationInvalid: 'A duração deve ficar entre 1 hora e 7 dias de mercado',
    volatilityInvalid: 'Volatilidade inválida',
    rebalanceSkewInvalid: 'Desvio para rebalancear inválido: informe um percentual de 1 a 100',
    latencyInvalid:
      'Latência de execução inválida: informe p50 e p99 em ms, de 0 a 5.000, com p99 maior ou igual a p50',
    recordingNotFound: 'Gravação não encontrada',
    activeLimit: (max: number) =>
      `Você já tem ${max} simulações na fila ou executando. Aguarde uma terminar ou cancele uma para iniciar outra.`,
    durationAbovePlan: (label: string) =>
      `Seu plano permite simular até ${label} de mercado. Escolha um período menor ou faça upgrade.`,
    botNotFound: 'Bot não encontrado',
    limitReached: (max: number) =>
      `Seu plano permite até ${max} ${max === 1 ? 'simulação' : 'simulações'} por dia. Faça upgrade para simular mais.`,
    noActivePlan: 'Sua assinatura não está ativa. Ative um plano para simular bots.',
    advancedStrategiesRequired: 'Estratégias avançadas exigem o plano Profissional ou Enterprise.',
    notCancelable: 'Esta simulação já terminou',
    deleteRunning: 'Cancele a simulação antes de excluí-la',
    canceledReason: 'Cancelada pelo usuário',
    interruptedReason: 'O engine foi reiniciado durante a simulação',
    created: 'Simulação iniciada',
    deleted: 'Simulação excluída',
    canceled: 'Simulação cancelada',
  },
} as const;
