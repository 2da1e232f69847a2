/** pt-BR texts of the 'Pronto para operar ao vivo' checklist (issue 26 §5): what was found, and what to do. */
export const LIVE_CHECKLIST_MESSAGES = {
  liveChecklist: {
    title: 'Pronto para operar ao vivo',
    notReady: (first: string) =>
      `O bot ainda não está pronto para operar ao vivo: ${first} Veja a lista 'Pronto para operar ao vivo'.`,
    engineUnavailable:
      "Não foi possível verificar a lista 'Pronto para operar ao vivo' agora (motor indisponível). Tente novamente em instantes.",
    // key_valid
    keyOk: 'Chave aceita pela exchange',
    keyMissing: 'Nenhuma chave ativa e validada cadastrada para esta exchange.',
    keyMissingAction: "Cadastre a chave em Exchanges e aguarde a validação, ou use 'Validar novamente'.",
    keyInvalidAction: 'Confira a chave e o segredo no site da exchange e cadastre-os de novo em Exchanges.',
    unreachable: 'Não foi possível contatar a exchange',
    unreachableAction: 'Verifique a conexão do servidor com a exchange e tente de novo em alguns minutos.',
    // trading_allowed
    tradingOk: 'A chave permite negociar no mercado à vista',
    tradingDenied: 'A chave não tem permissão de negociação (spot).',
    tradingDeniedAction: "No site da exchange, edite a chave e ative 'negociação à vista' (spot trading).",
    permissionsUnreported: (exchange: string) => `A ${exchange} não informa as permissões da chave pela API.`,
    tradingUnverifiedAction: 'Confirme no site da exchange que a chave permite negociar no mercado à vista.',
    // withdrawals_disabled
    withdrawOk: 'A chave não permite saques',
    withdrawAllowed: 'A chave permite saques: o Arbitra recusa chaves com permissão de saque.',
    withdrawAllowedAction: 'Crie na exchange uma chave sem permissão de saque e substitua esta em Exchanges.',
    withdrawUnverifiedAction: 'Confirme no site da exchange que a chave NÃO tem permissão de saque.',
    // clock_in_sync
    clockOk: (ms: string) => `Diferença de ${ms} ms entre o relógio do servidor e o da exchange`,
    clockOff: (ms: string, max: string) =>
      `O relógio do servidor difere ${ms} ms do da exchange (máximo ${max} ms): as ordens seriam recusadas.`,
    clockOffAction: 'Sincronize o relógio do servidor (NTP, por exemplo chrony ou systemd-timesyncd).',
    clockUnavailable:
      'A exchange não informa a hora do servidor pela API; o horário será acertado a cada ordem.',
    // balance
    balanceOk: 'Saldo livre cobre a ordem mínima de cada par, nos dois lados',
    balanceShort: (list: string) => `Saldo livre abaixo da ordem mínima: ${list}.`,
    balanceShortItem: (pair: string, asset: string, free: string, min: string) =>
      `${pair}: ${asset} ${free} (mínimo ${min})`,
    balanceShortAction: 'Deposite na exchange o que falta em cada moeda, ou remova o par do bot.',
    // market_open
    marketOk: 'Todos os pares do bot estão abertos para negociação',
    marketClosed: (list: string) => `Mercado fechado ou suspenso na exchange: ${list}.`,
    marketMissing: (list: string) => `A exchange não lista o par: ${list}.`,
    marketClosedAction: 'Remova o par do bot ou aguarde a exchange reabrir o mercado.',
    notChecked: 'Não verificado: a chave precisa ser válida antes.',
  },
} as const;
