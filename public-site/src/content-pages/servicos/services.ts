import { prazoServico } from '@veritas/common';

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/*
 * The firm's services (§1, §2.4), written once: the home cards, the blocks of /nossos-servicos
 * (each block's anchor is its slug), the pages /servicos/{slug} and the footer all read this list.
 * The times come from the one table of service levels (SERVICOS_CATALOGO in @veritas/common).
 */
export interface Service {
  /** The anchor on /nossos-servicos and the address /servicos/{slug}. */
  slug: string;
  title: string;
  /** One sentence, for the cards. */
  short: string;
  /** What the service is, a paragraph or two. */
  about: string[];
  /** What the firm does for the client. */
  includes: string[];
  /** Documents usually needed. */
  documents: string[];
  /** Typical time, as the FAQ states it. */
  time: string;
  /** Whether the home page shows it among its six cards. */
  onHome: boolean;
}

export const SERVICES: Service[] = [
  {
    slug: 'abertura-empresas',
    title: 'Abertura de Empresas',
    short: 'Do contrato social ao CNPJ: registramos sua empresa na Junta Comercial e nos demais órgãos.',
    about: [
      'Abrir uma empresa envolve várias etapas e vários órgãos: a consulta de viabilidade do nome e do endereço, o Documento Básico de Entrada (DBE) na Receita Federal, o contrato social, o registro na Junta Comercial, que gera o NIRE, e as inscrições estadual e municipal.',
      'Nós conduzimos todo esse caminho por você. Antes de começar, ajudamos a escolher o tipo jurídico (sociedade limitada, sociedade limitada unipessoal, empresário individual ou sociedade anônima), as atividades (CNAE) e o enquadramento mais adequado ao seu negócio.',
    ],
    includes: [
      'Consulta de viabilidade do nome empresarial e do endereço',
      'Elaboração do contrato social ou do requerimento de empresário',
      'Preenchimento e acompanhamento do DBE na Receita Federal',
      'Registro na Junta Comercial e obtenção do NIRE e do CNPJ',
      'Inscrições estadual e municipal e orientação sobre o alvará',
    ],
    documents: [
      'RG e CPF de cada sócio e do administrador',
      'Comprovante de residência de cada sócio',
      'Certidão de casamento, quando o sócio for casado',
      'Inscrição imobiliária (IPTU) do endereço da empresa',
      'Descrição das atividades, capital social e participação de cada sócio',
    ],
    time: `${capitalize(prazoServico('abertura-empresas'))}, conforme a Junta Comercial e o município.`,
    onHome: true,
  },
  {
    slug: 'alteracoes-contratuais',
    title: 'Alterações Contratuais',
    short: 'Mudança de endereço, de sócios, de capital ou de atividade, registrada com segurança.',
    about: [
      'Sempre que algo muda na empresa — endereço, quadro de sócios, capital social, nome empresarial, atividades ou administração — o contrato social precisa ser alterado e a alteração registrada na Junta Comercial. Só depois disso a mudança vale perante terceiros.',
      'Redigimos a alteração contratual, consolidamos o contrato quando convém e cuidamos das atualizações que a mudança exige na Receita Federal, no estado e no município.',
    ],
    includes: [
      'Análise do contrato social vigente e das alterações necessárias',
      'Redação da alteração contratual e da consolidação do contrato',
      'Consulta de viabilidade, quando muda o endereço ou a atividade',
      'Registro na Junta Comercial e atualização do CNPJ (DBE)',
      'Atualização das inscrições estadual e municipal',
    ],
    documents: [
      'Contrato social consolidado e última alteração registrada',
      'RG e CPF dos sócios que entram ou do novo administrador',
      'Inscrição imobiliária (IPTU) do novo endereço, se houver mudança',
      'Dados da mudança: novo capital, nova atividade ou nova divisão de quotas',
    ],
    time: `Alterações simples levam ${prazoServico('alteracoes-contratuais')}.`,
    onHome: true,
  },
  {
    slug: 'certidoes',
    title: 'Certidões e Documentos',
    short: 'Certidões simplificadas, específicas e de inteiro teor, e cópias dos atos arquivados.',
    about: [
      'As certidões da Junta Comercial comprovam a situação da empresa e o conteúdo dos atos arquivados. São pedidas por bancos, em licitações, em contratos e em processos judiciais.',
      'A certidão simplificada resume os dados atuais da empresa; a certidão específica responde a uma pergunta determinada; a certidão de inteiro teor reproduz um ato arquivado. Dizemos qual delas atende ao seu caso e a entregamos em formato digital.',
    ],
    includes: [
      'Orientação sobre a certidão adequada a cada finalidade',
      'Pedido, pagamento das taxas e acompanhamento na Junta Comercial',
      'Cópias autenticadas digitalmente de atos arquivados',
      'Aviso antes do fim da validade das certidões que você usa com frequência',
    ],
    documents: ['CNPJ ou NIRE da empresa', 'Nome empresarial', 'Finalidade da certidão (para indicar o tipo certo)'],
    time: `Certidão simplificada: ${prazoServico('certidao-simplificada')}. Inteiro teor: ${prazoServico('certidao-inteiro-teor')}. A validade aceita costuma ser de 30 a 90 dias, conforme quem a pede.`,
    onHome: true,
  },
  {
    slug: 'arquivamento-balancos',
    title: 'Arquivamento de Balanços',
    short: 'Balanços e atas de aprovação arquivados na Junta Comercial dentro do prazo.',
    about: [
      'As sociedades anônimas devem arquivar na Junta Comercial a ata da assembleia que aprovou as demonstrações financeiras, e muitas sociedades limitadas arquivam o balanço para comprovar sua situação perante bancos, fornecedores e licitações.',
      'Preparamos a documentação com o seu contador, conferimos as assinaturas e as publicações exigidas e fazemos o arquivamento dentro de 30 dias da aprovação, para que os efeitos do ato contem desde a data da assembleia ou da reunião.',
    ],
    includes: [
      'Conferência do balanço patrimonial e da demonstração do resultado',
      'Redação da ata de aprovação das contas',
      'Verificação das publicações legais, quando exigidas',
      'Arquivamento na Junta Comercial e entrega dos documentos registrados',
    ],
    documents: [
      'Balanço patrimonial e demonstração do resultado assinados pelo contador e pelo administrador',
      'Ata da assembleia ou reunião que aprovou as contas',
      'Comprovantes de publicação, no caso de sociedade anônima',
    ],
    time: 'O arquivamento deve ser feito em até 30 dias da aprovação das contas.',
    onHome: true,
  },
  {
    slug: 'consultoria',
    title: 'Consultoria Empresarial',
    short: 'Orientação sobre tipo societário, enquadramento e os passos de cada registro.',
    about: [
      'Antes de um registro há decisões: qual tipo jurídico escolher, como dividir as quotas, que atividades declarar, como preparar a entrada de um investidor ou a saída de um sócio, como regularizar uma empresa com pendências antigas.',
      'Nossa consultoria analisa a situação da sua empresa nos registros públicos, aponta os riscos e propõe o caminho mais simples e seguro, com prazos e custos claros antes de qualquer protocolo.',
    ],
    includes: [
      'Diagnóstico da empresa na Junta Comercial e na Receita Federal',
      'Escolha do tipo societário e do enquadramento (ME, EPP)',
      'Planejamento de alterações, reorganizações e sucessões',
      'Regularização de empresas com atos pendentes ou desatualizados',
    ],
    documents: ['CNPJ da empresa, quando já existir', 'Contrato social e últimas alterações', 'Um resumo do que você pretende fazer'],
    time: 'O primeiro atendimento é marcado em até 2 dias úteis; o diagnóstico é entregue em seguida, conforme o caso.',
    onHome: true,
  },
  {
    slug: 'baixa-empresas',
    title: 'Baixa de Empresas',
    short: 'Encerramento regular da empresa, sem pendências esquecidas nos órgãos de registro.',
    about: [
      'Encerrar uma empresa exige mais do que parar de trabalhar: é preciso registrar o distrato ou a extinção na Junta Comercial e dar baixa no CNPJ e nas inscrições estadual e municipal. Uma empresa parada e não baixada continua obrigada a entregar declarações.',
      'Levantamos as pendências, preparamos o distrato com o balanço de encerramento feito pelo seu contador e acompanhamos a baixa em cada órgão até o último comprovante.',
    ],
    includes: [
      'Levantamento das pendências nos órgãos de registro e fiscais',
      'Redação do distrato social ou do pedido de extinção',
      'Registro na Junta Comercial e baixa do CNPJ',
      'Baixa das inscrições estadual e municipal',
    ],
    documents: [
      'Contrato social consolidado e última alteração',
      'RG e CPF dos sócios',
      'Balanço de encerramento, preparado pelo contador',
    ],
    time: `Em geral ${prazoServico('baixa-empresas')}, depois de resolvidas as pendências.`,
    onHome: true,
  },
  {
    slug: 'marca-patentes',
    title: 'Registro de Marcas e Patentes',
    short: 'Proteção da sua marca e das suas criações com o pedido de registro no INPI.',
    about: [
      'O nome empresarial registrado na Junta Comercial não protege a marca: a proteção da marca em todo o país vem do registro no Instituto Nacional da Propriedade Industrial (INPI). O registro de marca vale por 10 anos e pode ser renovado.',
      'Fazemos a busca de marcas anteriores, indicamos as classes de produtos e serviços, depositamos o pedido e acompanhamos as publicações do INPI até a concessão. Para invenções e modelos de utilidade, orientamos o pedido de patente.',
    ],
    includes: [
      'Busca de anterioridade da marca',
      'Indicação das classes de produtos e serviços',
      'Depósito do pedido no INPI e acompanhamento das publicações',
      'Respostas a exigências e oposições',
    ],
    documents: ['Nome ou logotipo da marca', 'CNPJ ou CPF do titular', 'Descrição dos produtos ou serviços que a marca identifica'],
    time: 'O pedido é depositado em até 5 dias úteis; o exame do INPI leva meses e acompanhamos cada etapa.',
    onHome: false,
  },
  {
    slug: 'transformacao-empresarial',
    title: 'Transformação Empresarial',
    short: 'Mudança do tipo jurídico da empresa, com todos os atos registrados.',
    about: [
      'A transformação muda o tipo jurídico da empresa sem extingui-la: um empresário individual que passa a sociedade limitada, uma limitada que se torna sociedade anônima, uma sociedade com um só sócio que passa a unipessoal. O CNPJ e o histórico continuam os mesmos.',
      'Analisamos se a transformação é o melhor caminho, redigimos o instrumento com o novo contrato ou estatuto e registramos tudo na Junta Comercial e na Receita Federal.',
    ],
    includes: [
      'Análise da mudança de tipo jurídico e de seus efeitos',
      'Redação do instrumento de transformação e do novo contrato ou estatuto',
      'Registro na Junta Comercial e atualização do CNPJ',
      'Atualização das inscrições estadual e municipal',
    ],
    documents: ['Contrato social ou requerimento de empresário vigente', 'RG e CPF dos sócios e administradores', 'Definição do novo tipo jurídico e do capital'],
    time: `Em geral ${prazoServico('transformacao-empresarial')}.`,
    onHome: false,
  },
];

/** The request buttons of the services page and the blocks' anchors (§2.4), in the spec's order. */
export const SERVICES_PAGE_ORDER = [
  'abertura-empresas',
  'alteracoes-contratuais',
  'certidoes',
  'arquivamento-balancos',
  'consultoria',
  'baixa-empresas',
  'marca-patentes',
  'transformacao-empresarial',
] as const;

/** Slugs the spec also uses for a service: /servicos/consultorias shows the consultancy page. */
export const SERVICE_ALIASES: Record<string, string> = { consultorias: 'consultoria' };

export function serviceBySlug(slug: string): Service {
  const service = SERVICES.find((s) => s.slug === slug);
  if (!service) throw new Error(`Serviço desconhecido: ${slug}`);
  return service;
}

export const servicesInPageOrder = (): Service[] => SERVICES_PAGE_ORDER.map(serviceBySlug);
export const homeServices = (): Service[] => SERVICES.filter((s) => s.onHome);
