/*
 * The firm's own words for /about-us (§2.6): team, differentiators and testimonials. This is
 * content, kept apart from the page's markup so the firm can replace it with its real people
 * and real clients' words without touching the layout.
 */
export const TEAM = [
  {
    name: 'Helena Duarte',
    role: 'Sócia-diretora',
    bio: 'Advogada com atuação em direito societário; coordena os atos mais complexos, como transformações e reorganizações.',
  },
  {
    name: 'Ricardo Almeida',
    role: 'Diretor de operações',
    bio: 'Responsável pelos protocolos nas Juntas Comerciais e pelo controle de prazos de cada pedido.',
  },
  {
    name: 'Mariana Costa',
    role: 'Coordenadora de registros',
    bio: 'Prepara contratos sociais, alterações e distratos e responde às exigências das Juntas.',
  },
  {
    name: 'Felipe Nogueira',
    role: 'Consultor empresarial',
    bio: 'Orienta a escolha do tipo societário, o enquadramento e os pedidos de marca no INPI.',
  },
];

export const DIFFERENTIATORS = [
  { title: 'Foco em registro empresarial', text: 'Um só assunto, feito com profundidade: conhecemos as regras de cada Junta Comercial.' },
  { title: 'Prazos claros', text: 'Antes de começar você sabe o prazo típico de cada etapa e o que pode alterá-lo.' },
  { title: 'Área do cliente', text: 'Protocolos, status e documentos de cada pedido disponíveis a qualquer hora.' },
  { title: 'Atendimento em todo o Brasil', text: 'Trabalhamos pelos sistemas eletrônicos das Juntas de todos os estados.' },
  { title: 'Documentos conferidos', text: 'Cada ato é revisado antes do protocolo, para evitar exigências e retrabalho.' },
  { title: 'Dados protegidos', text: 'Tratamos seus dados conforme a LGPD, só para prestar o serviço contratado.' },
];

export const TESTIMONIALS = [
  {
    quote: 'Abrimos a empresa em poucos dias, sem sair do escritório. Cada etapa foi explicada antes de acontecer.',
    author: 'Carla Menezes',
    company: 'Menezes Arquitetura Ltda.',
  },
  {
    quote: 'A alteração com a entrada de dois sócios saiu sem nenhuma exigência da Junta. Trabalho impecável.',
    author: 'Paulo Henrique Souza',
    company: 'PHS Tecnologia Ltda.',
  },
  {
    quote: 'Precisávamos de certidões para uma licitação com prazo curto e recebemos tudo a tempo, com orientação sobre a validade.',
    author: 'Luciana Ribeiro',
    company: 'Ribeiro & Filhos Engenharia',
  },
];
