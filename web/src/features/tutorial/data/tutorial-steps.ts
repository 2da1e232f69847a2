import {
  BarChart3,
  Bot,
  BookOpenCheck,
  Layers,
  Lightbulb,
  Rocket,
  Settings2,
  ShieldAlert,
  type LucideIcon,
} from 'lucide-react';

export type StrategyRisk = 'Baixo' | 'Médio' | 'Alto';

export interface PriceQuote {
  exchange: string;
  /** USDT, decimal string with 2 places. */
  price: string;
}

export type TutorialContent =
  | { type: 'intro'; text: string; highlights: readonly string[] }
  | {
      type: 'concept';
      text: string;
      example: { pair: string; buy: PriceQuote; sell: PriceQuote; takerFeePercent: string };
    }
  | { type: 'setup'; text: string; steps: readonly string[]; securityNote: string }
  | { type: 'bot-creation'; text: string; config: readonly { key: string; value: string }[] }
  | {
      type: 'strategies';
      text: string;
      strategies: readonly {
        name: string;
        description: string;
        risk: StrategyRisk;
        profit: string;
        timeframe: string;
      }[];
    }
  | { type: 'risk-management'; text: string; tools: readonly { title: string; description: string }[] }
  | { type: 'analytics'; text: string; metrics: readonly { name: string; description: string }[] }
  | { type: 'next-steps'; text: string; actions: readonly string[] };

export interface TutorialStep {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** How long the step plays, 30 to 90 s (SPEC §4). */
  durationSec: number;
  content: TutorialContent;
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: 'intro',
    title: 'Bem-vindo ao Arbitra',
    description: 'O que você vai aprender neste tutorial.',
    icon: BookOpenCheck,
    durationSec: 30,
    content: {
      type: 'intro',
      text: 'Em poucos minutos você vai entender o que é arbitragem de criptomoedas, como conectar suas exchanges, criar bots e acompanhar os resultados com segurança.',
      highlights: [
        'Conceitos de arbitragem e por que taxas importam',
        'Conexão segura das suas exchanges',
        'Criação e configuração de bots',
        'Estratégias, gestão de risco e análise de resultados',
      ],
    },
  },
  {
    id: 'concept',
    title: 'O que é arbitragem',
    description: 'Comprar onde está mais barato e vender onde está mais caro.',
    icon: Lightbulb,
    durationSec: 60,
    content: {
      type: 'concept',
      text: 'O mesmo ativo pode ter preços diferentes em exchanges diferentes ao mesmo tempo. A arbitragem compra na mais barata e vende na mais cara. Mas o lucro real só aparece depois de descontar as taxas de cada lado — e ele costuma ser bem menor que a diferença na tela.',
      example: {
        pair: 'BTC/USDT',
        buy: { exchange: 'Binance', price: '60000.00' },
        sell: { exchange: 'Gate.io', price: '60150.00' },
        takerFeePercent: '0.10',
      },
    },
  },
  {
    id: 'setup',
    title: 'Conectando suas exchanges',
    description: 'Crie chaves de API e adicione ao Arbitra.',
    icon: Settings2,
    durationSec: 90,
    content: {
      type: 'setup',
      text: 'Para que os bots operem por você, o Arbitra precisa de chaves de API de cada exchange onde você tem saldo.',
      steps: [
        'Acesse as configurações de API da sua exchange',
        'Crie uma chave com permissão de leitura e negociação',
        'Copie a API Key e o API Secret (e a passphrase, se houver)',
        'No painel do Arbitra, abra a aba Exchanges e adicione a chave',
        'Aguarde a validação das credenciais',
      ],
      securityNote:
        'Nunca habilite a permissão de saque. O segredo é guardado criptografado e não é exibido novamente depois de salvo.',
    },
  },
  {
    id: 'bot-creation',
    title: 'Criando seu primeiro bot',
    description: 'Os parâmetros que definem como o bot opera.',
    icon: Bot,
    durationSec: 75,
    content: {
      type: 'bot-creation',
      text: 'Um bot observa os pares e exchanges escolhidos e executa as oportunidades que atendem aos seus critérios. Comece sempre no modo simulado.',
      config: [
        { key: 'Estratégia', value: 'Arbitragem simples' },
        { key: 'Pares', value: 'BTC/USDT, ETH/USDT' },
        { key: 'Exchanges', value: 'Binance e Gate.io (mínimo duas)' },
        { key: 'Risco', value: 'Médio' },
        { key: 'Investimento máximo', value: 'R$ 1.000,00' },
        { key: 'Lucro mínimo', value: '1,5%' },
        { key: 'Modo', value: 'Simulado' },
      ],
    },
  },
  {
    id: 'strategies',
    title: 'Estratégias disponíveis',
    description: 'Simples, triangular e estatística.',
    icon: Layers,
    durationSec: 75,
    content: {
      type: 'strategies',
      text: 'Cada estratégia busca um tipo diferente de ineficiência de preço e tem um perfil de risco próprio.',
      strategies: [
        {
          name: 'Arbitragem simples',
          description: 'Compra em uma exchange e vende em outra, usando saldos que você já tem em cada uma.',
          risk: 'Baixo',
          profit: 'Margens pequenas e frequentes',
          timeframe: 'Segundos',
        },
        {
          name: 'Arbitragem triangular',
          description:
            'Três operações na mesma exchange aproveitando preços cruzados inconsistentes (ex.: BTC → ETH → USDT).',
          risk: 'Médio',
          profit: 'Depende da liquidez dos pares cruzados',
          timeframe: 'Milissegundos a segundos',
        },
        {
          name: 'Arbitragem estatística',
          description:
            'Entra quando o spread entre duas exchanges se afasta da média (z-score) e sai quando ele volta.',
          risk: 'Alto',
          profit: 'Maior por operação, com menos operações',
          timeframe: 'Minutos a horas',
        },
      ],
    },
  },
  {
    id: 'risk-management',
    title: 'Gestão de risco',
    description: 'Ferramentas para limitar perdas.',
    icon: ShieldAlert,
    durationSec: 60,
    content: {
      type: 'risk-management',
      text: 'Arbitragem tem riscos: execução parcial, variação de preço entre as pernas e falhas de exchange. O Arbitra oferece ferramentas para contê-los.',
      tools: [
        {
          title: 'Tamanho por operação',
          description: 'O nível de risco define quanto do investimento máximo cada operação usa.',
        },
        {
          title: 'Perda diária máxima',
          description: 'Atingido o limite do dia, o bot para sozinho e avisa o motivo.',
        },
        {
          title: 'Desfazimento imediato',
          description: 'Se uma perna falhar, a outra é desfeita na hora — nenhuma posição fica aberta.',
        },
        { title: 'Lucro mínimo', description: 'Oportunidades abaixo do lucro líquido mínimo são ignoradas.' },
      ],
    },
  },
  {
    id: 'analytics',
    title: 'Acompanhando resultados',
    description: 'Métricas para avaliar seus bots.',
    icon: BarChart3,
    durationSec: 45,
    content: {
      type: 'analytics',
      text: 'No histórico de trades você vê cada operação com o lucro esperado ao lado do realizado, e pode exportar tudo em CSV.',
      metrics: [
        { name: 'Lucro total', description: 'Soma do lucro realizado no período filtrado.' },
        { name: 'Taxa de sucesso', description: 'Percentual de operações concluídas sem falha.' },
        { name: 'Lucro médio', description: 'Lucro médio por operação.' },
        {
          name: 'Esperado x realizado',
          description: 'Quanto da oportunidade detectada virou lucro de fato.',
        },
      ],
    },
  },
  {
    id: 'next-steps',
    title: 'Próximos passos',
    description: 'Coloque em prática.',
    icon: Rocket,
    durationSec: 30,
    content: {
      type: 'next-steps',
      text: 'Você já conhece o essencial. Agora é hora de praticar — sem arriscar capital, no modo simulado.',
      actions: [
        'Crie sua conta e aproveite os 7 dias grátis',
        'Conecte ao menos duas exchanges',
        'Crie um bot no modo simulado',
        'Acompanhe os resultados e ajuste os parâmetros',
      ],
    },
  },
];
