/** pt-BR messages of bots and trades (SPEC §5, §8). */
export const BOT_MESSAGES = {
  bots: {
    nameRequired: 'Nome do bot é obrigatório',
    nameTooLong: 'Nome do bot deve ter no máximo 80 caracteres',
    pairsRequired: 'Selecione pelo menos um par de moedas',
    pairInvalid: 'Par de moedas inválido',
    exchangesRequired: 'Selecione pelo menos duas exchanges',
    exchangeInvalid: 'Exchange inválida',
    maxInvestmentPositive: 'Investimento máximo deve ser maior que zero',
    maxInvestmentTooLarge: 'Investimento máximo muito alto',
    minProfitPositive: 'Lucro mínimo deve ser maior que zero',
    minProfitTooLarge: 'Lucro mínimo deve ser no máximo 100%',
    minProfitAfterRebalanceInvalid: 'Lucro mínimo após rebalanceamento deve ser ativado ou desativado',
    strategyInvalid: 'Estratégia inválida',
    riskInvalid: 'Nível de risco inválido',
    modeInvalid: 'Modo inválido',
    created: 'Bot criado com sucesso!',
    updated: 'Bot atualizado com sucesso!',
    deleted: 'Bot excluído com sucesso!',
    started: 'Bot iniciado',
    stopped: 'Bot parado',
    saveError: 'Erro ao salvar bot',
    loadError: 'Erro ao carregar bots',
    deleteError: 'Erro ao excluir bot',
    toggleError: 'Erro ao alterar status do bot',
    notFound: 'Bot não encontrado',
    limitReached: (max: number) =>
      `Seu plano permite até ${max} ${max === 1 ? 'bot' : 'bots'}. Faça upgrade para criar mais.`,
    noActivePlan: 'Sua assinatura não está ativa. Ative um plano para usar bots.',
    advancedStrategiesRequired:
      'Estratégias triangular e estatística estão disponíveis apenas nos planos Profissional e Enterprise.',
    brlPairsRequired: 'Pares em reais (BRL) estão disponíveis apenas nos planos Profissional e Enterprise.',
    liveConfirmRequired: 'Confirme que deseja operar com dinheiro real (confirmLive) para usar o modo real',
    liveCredentialsRequired: 'Modo real exige credenciais validadas em todas as exchanges do bot',
    deleteConfirmTitle: 'Excluir bot',
    deleteConfirm: (name: string) =>
      `Tem certeza que deseja excluir o bot "${name}"? Esta ação não pode ser desfeita.`,
    stopReasonDailyLoss: (limit: string) =>
      `Limite de perda diária atingido (${limit} USDT). Bot parado por segurança.`,
    stopReasonFailures: (n: number) => `${n} operações consecutivas falharam. Bot parado por segurança.`,
    stopReasonPlan: 'Assinatura inativa: bot parado.',
    stopReasonNoFunds: 'Saldo insuficiente nas exchanges do bot.',
  },
  rebalance: {
    executed: (n: number) =>
      n === 1 ? '1 transferência iniciada (simulada)' : `${n} transferências iniciadas (simuladas)`,
    alreadyExecuted: 'Este rebalanceamento já foi executado',
    liveRefused:
      'O Arbitra nunca faz saques: as chaves de API não têm permissão de saque, por segurança. Faça as transferências do plano na própria corretora.',
    nothingToDo:
      'Nada a rebalancear: as transferências necessárias ficam abaixo do mínimo de saque ou não têm rede.',
    inTransit: 'Há transferências em trânsito; aguarde a chegada antes de rebalancear de novo.',
    balanceChanged:
      'Os saldos do bot mudaram enquanto o plano era executado; confira o novo plano e tente de novo.',
    keyRequired: 'Identificador do pedido (key) é obrigatório',
    actionInvalid: 'Ação inválida',
    busy: 'O bot está executando uma operação; tente de novo em instantes.',
  },
  trades: {
    /**
     * Why a two- or three-leg trade was unwound, in words that do not contradict themselves ('executou 0 de 0.02'):
     * 'Perna de venda não executada (0 de 0,02 BTC); compra desfeita', or 'Perna de venda executou só 0,01 de 0,02 BTC; …'.
     * Quantities in pt-BR (decimal strings from the ledger, formatted by the caller).
     */
    legShortfall: (leg: string, filled: string, amount: string, asset: string, undone: string) =>
      /^[0,.]+$/.test(filled)
        ? `${leg} não executada (0 de ${amount} ${asset}); ${undone}`
        : `${leg} executou só ${filled} de ${amount} ${asset}; ${undone}`,
    loadError: 'Erro ao carregar trades',
    exportError: 'Erro ao exportar trades',
    invalidFilter: 'Filtro inválido',
  },
} as const;
