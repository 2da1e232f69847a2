/**
 * pt-BR messages of exchange credentials (SPEC §5, §8; DECISIONS §6).
 * Strings SPEC.md quotes are used exactly as quoted.
 */
export const EXCHANGE_MESSAGES = {
  exchanges: {
    // SPEC §5, in this order.
    exchangeRequired: 'Selecione uma exchange',
    apiKeyRequired: 'API Key é obrigatória',
    apiSecretRequired: 'API Secret é obrigatório',
    passphraseRequired: 'Passphrase é obrigatória para esta exchange',
    // Format rules checked after each field's "required".
    exchangeUnknown: 'Exchange não suportada',
    exchangeCannotChange: 'A exchange não pode ser alterada na edição',
    apiKeyLength: 'API Key deve ter entre 16 e 256 caracteres',
    apiKeyCharset: 'API Key contém caracteres inválidos: use apenas letras, números e símbolos, sem espaços',
    apiSecretLength: 'API Secret deve ter entre 16 e 512 caracteres (ou uma chave privada PEM de até 4096)',
    apiSecretCharset:
      'API Secret contém caracteres inválidos: use apenas letras, números e símbolos, sem espaços',
    passphraseNotAccepted: 'Esta exchange não usa passphrase',
    passphraseLength: 'Passphrase deve ter no máximo 128 caracteres',
    passphraseCharset: 'Passphrase contém caracteres inválidos',
    isActiveInvalid: 'Valor inválido para o campo is_active',
    // SPEC §8: success.
    added: 'Exchange adicionada com sucesso!',
    updated: 'Exchange atualizada com sucesso!',
    removed: 'Exchange removida com sucesso!',
    // SPEC §8: fallbacks when the server gives no message.
    loadError: 'Erro ao carregar exchanges',
    saveError: 'Erro ao salvar exchange',
    removeError: 'Erro ao remover exchange',
    toggleError: 'Erro ao alterar status da exchange',
    // SPEC §8: network failures.
    loadNetworkError: 'Erro de rede ao carregar exchanges',
    saveNetworkError: 'Erro de rede ao salvar exchange',
    removeNetworkError: 'Erro de rede ao remover exchange',
    toggleNetworkError: 'Erro de rede ao alterar status da exchange',
    // Server rules.
    notFound: 'Exchange não encontrada',
    alreadyConnected: 'Você já cadastrou credenciais para esta exchange. Edite a existente.',
    planLimitReached: (max: number) =>
      `Seu plano permite até ${max} ${max === 1 ? 'exchange' : 'exchanges'}. Faça upgrade para adicionar mais.`,
    noActivePlan: 'Sua assinatura não está ativa: reative um plano para conectar exchanges.',
    storageUnavailable:
      'O armazenamento seguro de credenciais não está configurado no servidor (CREDENTIALS_KEYS).',
    revalidating: 'Validação solicitada',
    // SPEC §4: the validated flag.
    statusValid: 'Credenciais Válidas',
    statusInvalid: 'Credenciais Inválidas',
    statusPending: 'Validando...',
    statusUnreachable: 'Não foi possível contatar a exchange',
    // Validation reasons recorded by the engine.
    reasonUnreachable: 'não foi possível contatar a exchange',
    reasonTimeout:
      'não foi possível contatar a exchange: ela não respondeu no prazo. Tente validar novamente.',
    reasonNotAvailable:
      'não foi possível contatar a exchange: ela está indisponível ou em manutenção. Tente validar novamente mais tarde.',
    reasonNetwork: 'não foi possível contatar a exchange: falha de rede ou de DNS. Tente validar novamente.',
    reasonInvalidPrefix: 'Credenciais inválidas: ',
    reasonRejected: 'A exchange recusou a verificação: ',
    reasonUndecryptable: 'não foi possível ler a credencial armazenada (chave de criptografia indisponível)',
    reasonUnexpected: 'erro inesperado ao verificar as credenciais',
    reasonValid: 'Saldo consultado com sucesso (somente leitura)',
    reasonWithdrawRefused:
      'Chave recusada: ela permite saques. Crie uma chave sem permissão de saque: o Arbitra só precisa de leitura e negociação.',
    withdrawWarning:
      'Esta chave permite saques. Por segurança, crie uma chave sem permissão de saque: o Arbitra só precisa de leitura e negociação.',
    // Live bots (DECISIONS §8): what is missing, per exchange.
    liveNotReady: (list: string) => `Para operar em modo real, ajuste as credenciais de: ${list}.`,
    liveMissing: 'nenhuma credencial cadastrada',
    liveInactive: 'credencial desativada',
    livePending: 'validação em andamento',
    liveInvalid: 'credenciais inválidas',
    liveUnreachable: 'não foi possível contatar a exchange para validar',
    // Why live bots stop (the hook's reasons).
    disabledDeactivated: 'As credenciais da exchange foram desativadas',
    disabledRemoved: 'As credenciais da exchange foram removidas',
    disabledKeyChanged: 'As credenciais da exchange foram alteradas e estão sendo validadas novamente',
  },
} as const;
