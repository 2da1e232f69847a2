/** pt-BR messages of notifications, the Telegram link and the email unsubscribe (issue 16). */
export const NOTIFICATION_MESSAGES = {
  contact: {
    nameRequired: 'Informe seu nome',
    nameTooLong: 'Nome deve ter no máximo 120 caracteres',
    emailInvalid: 'Informe um email válido',
    subjectRequired: 'Informe o assunto',
    subjectTooShort: 'O assunto deve ter pelo menos 3 caracteres',
    subjectTooLong: 'O assunto deve ter no máximo 150 caracteres',
    messageRequired: 'Escreva sua mensagem',
    messageTooShort: 'A mensagem deve ter pelo menos 10 caracteres',
    messageTooLong: 'A mensagem deve ter no máximo 5000 caracteres',
    answerRequired: 'Escreva a resposta',
    sent: 'Mensagem enviada! Enviamos uma confirmação para o seu email e responderemos por lá.',
    tooMany: 'Você enviou muitas mensagens. Aguarde um pouco e tente novamente.',
    notFound: 'Mensagem não encontrada',
    answered: 'Resposta enviada por email',
  },
  content: {
    kindInvalid: 'Tipo de conteúdo inválido: use article ou post',
    notFound: 'Artigo não encontrado',
    limitInvalid: 'O limite deve ser um número inteiro entre 1 e 20',
  },
  newsletter: {
    consentRequired: 'Marque a caixa para concordar em receber a newsletter',
    pending:
      'Quase lá! Enviamos um link de confirmação para o seu email. Sua inscrição só vale depois que você clicar nele.',
    tooMany: 'Muitas inscrições a partir deste endereço. Aguarde um pouco e tente novamente.',
    confirmed: 'Inscrição confirmada! Seu email está na lista da newsletter do blog do Arbitra.',
    confirmInvalid:
      'Link de confirmação inválido ou expirado. Inscreva-se de novo no blog para receber um novo link.',
    unsubscribeInvalid: 'Link de descadastro inválido.',
    unsubscribed: 'Pronto: seu email foi removido da newsletter do Arbitra. Você não receberá mais nossos artigos.',
  },
  legal: {
    termsOutdated:
      'Os Termos de Serviço e a Política de Privacidade foram atualizados. Recarregue a página e aceite a versão atual.',
  },
  notificationCentre: {
    smsNotOffered: 'O envio por SMS ainda não é oferecido: nenhum provedor de SMS está contratado.',
    preferencesSaved: 'Preferências de notificação salvas',
    markedRead: 'Notificações marcadas como lidas',
    notFound: 'Notificação não encontrada',
    telegramUnavailable: 'O Telegram não está configurado nesta plataforma.',
    telegramLinked: 'Telegram vinculado! Você receberá as notificações neste chat.',
    telegramUnlinked: 'Telegram desvinculado',
    telegramCodeInvalid: 'Código inválido ou expirado. Gere um novo código em Segurança > Notificações.',
    telegramWelcome:
      'Olá! Este é o bot de notificações da Arbitra. Para vincular sua conta, gere um código em Segurança > Notificações e envie aqui: /start CODIGO',
    unsubscribeInvalid: 'Link de descadastro inválido.',
    unsubscribed: (label: string) => `Pronto: você não receberá mais emails de "${label}".`,
  },
} as const;
