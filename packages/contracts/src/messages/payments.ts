/** pt-BR messages of subscriptions changes and payments. Strings SPEC.md quotes (§8) are used exactly. */
export const PAYMENT_MESSAGES = {
  payments: {
    redirecting: 'Redirecionando para o pagamento...',
    canceled: 'Assinatura cancelada com sucesso.',
    reactivated: 'Assinatura reativada. A cobrança continua na próxima renovação.',
    activated: (plan: string) => `Assinatura ${plan} ativada com sucesso!`,
    upgradeError: 'Erro ao processar upgrade. Tente novamente.',
    cancelError: 'Erro ao cancelar assinatura. Tente novamente.',
    declinedByIssuer: 'Pagamento recusado pelo emissor do cartão',
    expired: 'O prazo para pagamento expirou',
    lapsedReason: 'Assinatura vencida',
    planInvalid: 'Plano inválido',
    billingInvalid: 'Ciclo de cobrança inválido (mensal ou anual)',
    methodInvalid: 'Forma de pagamento inválida (cartão, PIX ou boleto)',
    cardRequired: 'Dados do cartão são obrigatórios para pagamento com cartão',
    cardBrandInvalid: 'Bandeira não aceita (Visa, Mastercard ou Elo)',
    cardLast4Invalid: 'Últimos 4 dígitos do cartão inválidos',
    cardTokenInvalid: 'Token do cartão inválido',
    cardTokenizeFailed:
      'Não foi possível validar o cartão no Mercado Pago. Confira os dados e tente novamente.',
    cardNumberInvalid: 'Número do cartão inválido',
    cardExpiryInvalid: 'Validade inválida ou vencida',
    cardCvvInvalid: 'CVV deve ter 3 ou 4 dígitos',
    cardNameRequired: 'Nome impresso no cartão é obrigatório',
    samePlan: 'Você já está neste plano e ciclo de cobrança',
    noSubscription: 'Nenhuma assinatura encontrada',
    cannotCancel: 'Só é possível cancelar uma assinatura ativa ou em período de teste',
    alreadyCanceling: 'O cancelamento já está agendado para o fim do período',
    cannotReactivate: 'Não há cancelamento agendado para reativar',
    downgradeOverBots: (running: number, max: number) =>
      `Você tem ${running} bots em execução e o plano escolhido permite ${max}. Pare alguns bots antes de mudar de plano.`,
    downgradeOverExchanges: (count: number, max: number) =>
      `Você tem ${count} exchanges configuradas e o plano escolhido permite ${max}. Remova algumas antes de mudar de plano.`,
    downgradeScheduled: (plan: string, date: string) =>
      `O plano ${plan} passa a valer na próxima renovação (${date}).`,
    staleExpired:
      'Cobrança cancelada: a assinatura mudou depois que ela foi emitida. Gere uma nova cobrança em Pagamento.',
    staleRefunded:
      'Pagamento estornado: a assinatura mudou depois que esta cobrança foi emitida, então ela não foi aplicada. O valor foi devolvido integralmente.',
    replacedByApproved: 'Substituído por outro pagamento aprovado',
    paymentNotFound: 'Pagamento não encontrado',
    notPending: 'Este pagamento não está mais pendente',
    sandboxOnly: 'Disponível apenas no ambiente de testes (sandbox)',
    sandboxActionInvalid: 'Ação inválida (aprovar, recusar ou expirar)',
    webhookInvalid: 'Notificação inválida',
    webhookSignatureInvalid: 'Assinatura da notificação inválida',
    refundWindowClosed: 'O reembolso só é possível até 7 dias após o primeiro pagamento',
    refunded: 'Pagamento reembolsado. O plano foi encerrado.',
    invoiceUnavailable: 'A fatura só existe para pagamentos aprovados',
    providerUnavailable: 'O provedor de pagamento não respondeu. Tente novamente.',
    pendingExists: 'Já existe um pagamento pendente para esta assinatura',
    cpfRequired: 'Informe o CPF do pagador',
    cpfInvalid: 'CPF inválido. Confira os números digitados.',
    storedCardNotFound: 'Nenhum cartão salvo',
    storedCardRemoved:
      'Cartão removido. As próximas renovações serão cobradas por PIX ou boleto, enviados por email.',
    storedCardSandboxAction: 'Ação inválida (aprovar ou recusar)',
    storedCardSandbox: (declines: boolean) =>
      declines
        ? 'Sandbox: as próximas renovações com este cartão serão recusadas.'
        : 'Sandbox: as próximas renovações com este cartão serão aprovadas.',
  },
} as const;
