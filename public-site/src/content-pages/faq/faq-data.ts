import { faixaDiasUteis, prazoServico } from '@veritas/common';

/*
 * The FAQ of §2.7: six categories, 24 questions. The services' times come from the one table of
 * service levels (SERVICOS_CATALOGO in @veritas/common: opening 5–15 business days, simple
 * amendments 3–7, simple certificate 1–3, full-text certificate 2–5); certificate validity (30–90
 * days) and balance filing (within 30 days of approval) are rules, not the firm's times. The same list feeds the page and its FAQPage structured data.
 */
export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqCategory {
  /** The anchor of the category on /faq. */
  id: 'geral' | 'abertura' | 'alteracoes' | 'certidoes' | 'balancos' | 'avancadas';
  title: string;
  items: FaqItem[];
}

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'geral',
    title: 'Perguntas gerais',
    items: [
      {
        question: 'O que faz uma assessoria de registro empresarial?',
        answer:
          'Cuidamos dos atos que a empresa precisa registrar na Junta Comercial e nos demais órgãos: abertura, alterações do contrato social, certidões, arquivamento de balanços, transformação e baixa. Preparamos os documentos, protocolamos os pedidos, respondemos às exigências e entregamos tudo registrado.',
      },
      {
        question: 'Preciso ir pessoalmente à Junta Comercial?',
        answer:
          'Não. Hoje quase todos os atos são feitos pela internet, com assinatura digital. Quando algum documento precisa de assinatura física ou de reconhecimento de firma, orientamos você passo a passo.',
      },
      {
        question: 'Vocês atendem empresas de outros estados?',
        answer:
          'Sim. Cada estado tem a sua Junta Comercial e seus procedimentos; trabalhamos com as Juntas de todo o país pelos sistemas eletrônicos de registro.',
      },
      {
        question: 'Como acompanho o andamento do meu pedido?',
        answer:
          'Pela área do cliente: depois de cadastrar a sua empresa, você entra com seu e-mail e senha e vê cada registro e solicitação, o protocolo, o status e os documentos. Também avisamos por e-mail a cada etapa importante.',
      },
    ],
  },
  {
    id: 'abertura',
    title: 'Abertura de empresas',
    items: [
      {
        question: 'Quanto tempo leva para abrir uma empresa?',
        answer:
          `Em geral ${prazoServico('abertura-empresas')}, desde a consulta de viabilidade até o CNPJ. O prazo depende da Junta Comercial do estado, do município e de eventuais exigências.`,
      },
      {
        question: 'Quais documentos preciso para abrir uma empresa?',
        answer:
          'RG e CPF e comprovante de residência de cada sócio, a certidão de casamento de quem for casado, a inscrição imobiliária (IPTU) do endereço da empresa, a descrição das atividades e a definição do capital social e da participação de cada sócio.',
      },
      {
        question: 'Qual tipo de empresa devo abrir?',
        answer:
          'Depende de quantos sócios haverá, do risco da atividade e dos planos de crescimento. A sociedade limitada, com um ou mais sócios, é a escolha mais comum; a sociedade anônima convém a quem pretende receber investidores. Na consultoria comparamos as opções para o seu caso.',
      },
      {
        question: 'Posso usar o endereço da minha casa como sede?',
        answer:
          'Muitos municípios permitem, conforme a atividade e o zoneamento. A consulta de viabilidade, feita antes do registro, responde exatamente a essa pergunta para o seu endereço.',
      },
    ],
  },
  {
    id: 'alteracoes',
    title: 'Alterações contratuais',
    items: [
      {
        question: 'Quanto tempo leva uma alteração contratual?',
        answer:
          `Alterações simples, como mudança de endereço dentro do mesmo município ou de capital social, levam ${prazoServico('alteracoes-contratuais')}. Mudanças que dependem de outros órgãos podem levar mais.`,
      },
      {
        question: 'Quando preciso alterar o contrato social?',
        answer:
          'Sempre que mudar o endereço, o nome empresarial, as atividades, o capital social, o quadro de sócios ou a administração da empresa. A mudança só vale perante terceiros depois de registrada na Junta Comercial.',
      },
      {
        question: 'Como faço para incluir ou retirar um sócio?',
        answer:
          'Por uma alteração contratual com a cessão das quotas, assinada pelos sócios que entram e que saem. Conferimos o que o contrato social diz sobre a cessão e preparamos a alteração e a consolidação do contrato.',
      },
      {
        question: 'Preciso atualizar o CNPJ depois da alteração?',
        answer:
          'Sim, e cuidamos disso: depois do registro na Junta Comercial, os dados são atualizados na Receita Federal e, quando necessário, nas inscrições estadual e municipal.',
      },
    ],
  },
  {
    id: 'certidoes',
    title: 'Certidões',
    items: [
      {
        question: 'Quanto tempo leva para emitir uma certidão?',
        answer:
          `A certidão simplificada fica pronta em ${faixaDiasUteis('certidao-simplificada')}; a certidão de inteiro teor, em ${faixaDiasUteis('certidao-inteiro-teor')}.`,
      },
      {
        question: 'Qual a diferença entre certidão simplificada e de inteiro teor?',
        answer:
          'A simplificada resume a situação atual da empresa: nome, sócios, capital, atividades e endereço. A de inteiro teor reproduz por completo um ato arquivado, como o contrato social ou uma alteração.',
      },
      {
        question: 'Qual a validade de uma certidão?',
        answer:
          'Em geral de 30 a 90 dias, conforme a exigência de quem a pede: bancos, órgãos públicos e editais de licitação definem o prazo que aceitam.',
      },
      {
        question: 'Para que serve a certidão específica?',
        answer:
          'Para comprovar um fato determinado do histórico da empresa, como quem foram os sócios em certa data ou todas as mudanças de endereço. É comum em processos judiciais e em auditorias.',
      },
    ],
  },
  {
    id: 'balancos',
    title: 'Balanços',
    items: [
      {
        question: 'Qual o prazo para arquivar o balanço?',
        answer:
          'O arquivamento deve ser feito em até 30 dias da aprovação das contas pela assembleia ou reunião de sócios. Dentro desse prazo, os efeitos do registro contam desde a data da aprovação.',
      },
      {
        question: 'Minha empresa é obrigada a arquivar o balanço?',
        answer:
          'As sociedades anônimas, sim: a ata que aprova as demonstrações financeiras deve ser arquivada. Para as limitadas o arquivamento é recomendado e muitas vezes exigido por bancos e em licitações para comprovar a situação financeira.',
      },
      {
        question: 'Quais documentos são necessários para arquivar o balanço?',
        answer:
          'O balanço patrimonial e a demonstração do resultado assinados pelo contador e pelo administrador, a ata de aprovação das contas e, no caso das sociedades anônimas, os comprovantes das publicações legais.',
      },
      {
        question: 'Vocês substituem o meu contador?',
        answer:
          'Não. O contador elabora as demonstrações financeiras; nós cuidamos da parte societária e do registro: a ata, a conferência dos documentos e o arquivamento na Junta Comercial.',
      },
    ],
  },
  {
    id: 'avancadas',
    title: 'Questões avançadas',
    items: [
      {
        question: 'O que é a transformação de tipo societário?',
        answer:
          'É a mudança do tipo jurídico da empresa sem extingui-la, por exemplo de empresário individual para sociedade limitada, ou de limitada para sociedade anônima. O CNPJ e o histórico da empresa continuam os mesmos.',
      },
      {
        question: 'Posso fechar uma empresa que tem dívidas?',
        answer:
          'A lei permite registrar a baixa mesmo com débitos, mas eles não desaparecem: passam a ser cobrados dos sócios e administradores. Por isso levantamos as pendências antes do encerramento e orientamos sobre cada uma.',
      },
      {
        question: 'O registro na Junta Comercial protege a minha marca?',
        answer:
          'Não. A Junta protege o nome empresarial no estado; a marca só fica protegida em todo o país com o registro no INPI, que vale por 10 anos e pode ser renovado.',
      },
      {
        question: 'O que é o NIRE?',
        answer:
          'O Número de Identificação do Registro de Empresas é o número que a Junta Comercial dá à empresa no seu registro. Ele aparece nas certidões e identifica a empresa em todos os atos arquivados depois.',
      },
    ],
  },
];

export const FAQ_QUESTION_COUNT = FAQ_CATEGORIES.reduce((total, category) => total + category.items.length, 0);

/** schema.org FAQPage for /faq, from the same questions the page shows. */
export function faqStructuredData(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ_CATEGORIES.flatMap((category) =>
      category.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    ),
  };
}
