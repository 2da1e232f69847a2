import { LEGAL_VERSION } from '@arbitra/contracts';

export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  summary: string;
  sections: readonly LegalSection[];
}

const versionDate = LEGAL_VERSION.split('-').reverse().join('/');

/** Who answers for the data (the same in both documents). */
const CONTROLLER =
  'A Arbitra (controladora dos dados pessoais tratados na plataforma), contato do Encarregado pelo Tratamento de Dados Pessoais (DPO): privacidade@arbitra.com.br.';

export const TERMS: LegalDocument = {
  title: 'Termos de Serviço',
  summary: `Versão ${LEGAL_VERSION}, em vigor desde ${versionDate}. Ao criar sua conta você aceita estes termos; a versão aceita fica registrada com a data.`,
  sections: [
    {
      title: '1. O serviço',
      paragraphs: [
        'A Arbitra é um software que monitora preços de criptoativos em exchanges (corretoras) e permite configurar robôs ("bots") que executam operações de arbitragem em seu nome, nas suas próprias contas de exchange, com as chaves de API que você cadastra.',
        'A Arbitra não é corretora, não recebe depósitos, não guarda seus criptoativos nem seu dinheiro, e não faz recomendação de investimento. As ordens são enviadas às exchanges que você escolheu, sob as regras delas.',
        'O modo "simulado" (paper) executa as operações contra os livros de ofertas reais sem enviar ordens: os resultados são uma simulação e são identificados como tal.',
      ],
    },
    {
      title: '2. Sua conta',
      paragraphs: [
        'Você deve ter 18 anos ou mais e fornecer dados verdadeiros. Você é responsável por manter sua senha em sigilo; recomendamos ativar a autenticação em dois fatores.',
        'As chaves de API que você cadastra devem ter apenas permissões de leitura e negociação. Nunca habilite saques nas chaves usadas pela Arbitra: avisamos quando a exchange informa que a chave permite saques.',
      ],
    },
    {
      title: '3. Riscos',
      paragraphs: [
        'Operar criptoativos envolve risco de perda. Oportunidades de arbitragem podem desaparecer antes da execução; uma perna pode falhar e ser desfeita a mercado com prejuízo; exchanges podem ficar indisponíveis, mudar taxas ou limitar contas.',
        'As regras de risco dos bots (limite de perda diária, parada após falhas seguidas) reduzem, mas não eliminam, perdas. Resultados passados, simulados ou reais, não garantem resultados futuros.',
      ],
    },
    {
      title: '4. Planos, pagamentos e cancelamento',
      paragraphs: [
        'Toda conta nova começa com 7 dias de teste do plano Profissional. Depois, o uso continua mediante assinatura mensal ou anual, nos preços publicados na página de planos.',
        'Você pode cancelar quando quiser: o acesso continua até o fim do período pago. O primeiro pagamento de um novo assinante pode ser reembolsado em até 7 dias (direito de arrependimento, art. 49 do Código de Defesa do Consumidor).',
        'Se um período termina sem pagamento, a assinatura fica "Vencida" e seus bots em execução são parados, com aviso; nenhum dado é apagado.',
      ],
    },
    {
      title: '5. Uso aceitável',
      paragraphs: [
        'Não use a plataforma para lavagem de dinheiro, manipulação de mercado ou qualquer atividade ilegal, nem tente acessar dados de outros usuários, sobrecarregar o serviço ou contornar os limites do seu plano. Podemos suspender contas que violem estes termos, com aviso e direito de resposta.',
      ],
    },
    {
      title: '6. Disponibilidade e responsabilidade',
      paragraphs: [
        'Trabalhamos para manter o serviço disponível e mostramos o estado real de cada componente na página Status. Não garantimos funcionamento ininterrupto, nem nos responsabilizamos por falhas, taxas ou decisões das exchanges.',
        'Nossa responsabilidade por danos diretos comprovadamente causados pelo serviço limita-se ao valor pago por você nos 12 meses anteriores, salvo o que a lei não permite limitar.',
      ],
    },
    {
      title: '7. Alterações e foro',
      paragraphs: [
        'Quando estes termos mudarem em algo relevante, publicaremos a nova versão com data e pediremos um novo aceite. Estes termos seguem a lei brasileira; fica eleito o foro do domicílio do consumidor.',
        CONTROLLER,
      ],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: 'Política de Privacidade',
  summary: `Versão ${LEGAL_VERSION}, em vigor desde ${versionDate}. Como tratamos seus dados pessoais, conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018, LGPD).`,
  sections: [
    {
      title: '1. Quem é o controlador',
      paragraphs: [CONTROLLER],
    },
    {
      title: '2. Quais dados coletamos',
      paragraphs: [
        'Cadastro: nome, email e senha (guardada apenas como hash argon2id, nunca em texto).',
        'Segurança: sessões (dispositivo, navegador, endereço IP, data do último acesso), registro de eventos de segurança (logins, falhas, mudanças de 2FA, chaves adicionadas ou removidas) e, se você ativar, o segredo da autenticação em dois fatores (cifrado).',
        'Exchanges: as chaves de API que você cadastra. O segredo e a passphrase são cifrados (AES-256-GCM) e nunca são devolvidos por nenhuma tela ou endpoint.',
        'Uso do produto: bots, configurações, operações e saldos simulados; preferências de notificação; vínculo com o Telegram (o identificador do chat), se você o fizer.',
        'Pagamentos: plano, valores, datas, método e status. Dados de cartão são tratados pelo provedor de pagamento; nós guardamos apenas a bandeira e os 4 últimos dígitos.',
        'Contato: as mensagens que você nos envia pelo formulário de contato ou de suporte (nome, email, assunto e texto).',
        'Newsletter do blog: o email que você inscreve, a data do consentimento, da confirmação e, se for o caso, do descadastro.',
        'Leituras de artigos: para medir os "Mais lidos" da base de conhecimento e do blog, registramos que um artigo foi lido em um dia, junto com um código calculado a partir do endereço IP e do navegador com uma chave que muda todo dia. O IP e o navegador em si não são guardados, e o código de um dia não pode ser ligado ao de outro; ele serve só para não contar duas vezes a mesma leitura.',
      ],
    },
    {
      title: '3. Para que usamos e com qual base legal',
      paragraphs: [
        'Prestar o serviço contratado (criar a conta, executar seus bots, cobrar a assinatura, enviar as notificações que você escolheu): execução de contrato (art. 7º, V).',
        'Proteger sua conta e a plataforma (sessões, registro de segurança, limites de tentativas, alertas de login): legítimo interesse (art. 7º, IX) e prevenção à fraude.',
        'Cumprir obrigações legais e fiscais (notas, registros de pagamento): obrigação legal (art. 7º, II).',
        'Responder às mensagens que você nos envia pelo formulário de contato: legítimo interesse (art. 7º, IX).',
        'Enviar a newsletter do blog: consentimento (art. 7º, I), dado ao marcar a caixa e confirmado pelo link do email; você o revoga a qualquer momento pelo link de descadastro presente em cada email.',
        'Contar as leituras dos artigos ("Mais lidos"): legítimo interesse (art. 7º, IX), com dados pseudonimizados que não identificam você.',
        'Não vendemos seus dados e não os usamos para publicidade de terceiros.',
      ],
    },
    {
      title: '4. Com quem compartilhamos',
      paragraphs: [
        'Exchanges: as ordens e consultas dos seus bots são enviadas às exchanges que você escolheu, com as suas chaves de API; elas tratam esses dados segundo as políticas delas.',
        'Provedor de pagamento: os dados necessários para processar a cobrança (por exemplo, Mercado Pago).',
        'Envio de emails e Telegram: o endereço de email ou o chat para onde enviamos as notificações.',
        'Autoridades, quando houver obrigação legal ou ordem judicial.',
      ],
    },
    {
      title: '5. Por quanto tempo guardamos',
      paragraphs: [
        'Enquanto sua conta existir. Ao excluir a conta, seus bots são parados, suas chaves de API são apagadas e seus dados pessoais são eliminados, exceto registros de pagamento que a lei obriga a manter (5 anos, legislação fiscal) e registros de acesso a aplicação (6 meses, Marco Civil da Internet, art. 15).',
        'As notificações do aplicativo guardam as 100 mais recentes; o registro de entregas de notificações é apagado após 30 dias.',
        'Newsletter: o email fica na lista enquanto você estiver inscrito. Depois do descadastro guardamos só o registro de que você saiu, para não voltar a enviar. Um pedido não confirmado não recebe nada além do email de confirmação.',
      ],
    },
    {
      title: '6. Seus direitos e como exercê-los',
      paragraphs: [
        'Pela LGPD (art. 18) você pode: confirmar que tratamos seus dados e acessá-los; corrigir dados; pedir anonimização, bloqueio ou eliminação; portabilidade; informação sobre compartilhamento; revogar consentimentos; e reclamar à Autoridade Nacional de Proteção de Dados (ANPD).',
        'Na própria plataforma, em Dashboard > Perfil > Seus dados: "Exportar meus dados" baixa um arquivo JSON com tudo o que guardamos sobre você, e "Excluir conta" apaga sua conta. Para os demais pedidos, escreva ao Encarregado (privacidade@arbitra.com.br) ou use a página de contato; respondemos em até 15 dias.',
      ],
    },
    {
      title: '7. Segurança e cookies',
      paragraphs: [
        'Usamos conexão cifrada, senhas com hash, segredos cifrados em repouso, sessões revogáveis e registro de eventos de segurança. Nenhum sistema é invulnerável: se houver um incidente que possa lhe causar risco ou dano relevante, avisaremos você e a ANPD.',
        'Não usamos cookies de publicidade. O navegador guarda apenas o token da sua sessão (localStorage), necessário para manter você conectado.',
      ],
    },
  ],
};
