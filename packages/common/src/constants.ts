/** The 19 cargo options of the client forms (spec §3.3), in the spec's order. */
export const CARGOS = [
  'Conselheiro Administrativo',
  'Conselheiro de Administração Independente',
  'Conselheiro Fiscal',
  'Diretor',
  'Diretor Adjunto',
  'Diretor Administrativo',
  'Diretor Administrativo e Financeiro',
  'Diretor Comercial',
  'Diretor de Informática',
  'Diretor de Produção',
  'Diretor Financeiro',
  'Diretor Gerente',
  'Diretor Operacional',
  'Diretor Presidente',
  'Diretor sem Designação',
  'Diretor Superintendente',
  'Diretor Técnico',
  'Presidente do Conselho Administrativo',
  'Procurador',
] as const;
export type Cargo = (typeof CARGOS)[number];

/** The 26 states and the Distrito Federal, alphabetical by code. */
export const ESTADOS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;
export type Estado = (typeof ESTADOS)[number];

export const DEFAULT_PAIS = 'Brasil';

/** Used only for filtering (§3.3). */
export const CLIENTE_STATUS = ['ativo', 'inativo'] as const;
export type ClienteStatus = (typeof CLIENTE_STATUS)[number];

export function isCargo(v: unknown): v is Cargo {
  return typeof v === 'string' && (CARGOS as readonly string[]).includes(v);
}

export function isEstado(v: unknown): v is Estado {
  return typeof v === 'string' && (ESTADOS as readonly string[]).includes(v);
}

/**
 * The pt-BR label of each client field (§3.3), one list for the panel's forms, the public
 * registration form and the server's messages.
 */
export const CLIENTE_FIELD_LABELS = {
  razaoSocial: 'Razão Social',
  nomeFantasia: 'Nome Fantasia',
  cnpj: 'CNPJ',
  /** Issue 54: the founder's CPF while the company is being opened. */
  cpf: 'CPF do fundador',
  cnes: 'CNES',
  nire: 'NIRE',
  email: 'E-mail',
  emailRF: 'E-mail do responsável',
  telefone: 'Telefone',
  celularWhatsApp: 'Celular/WhatsApp',
  telefoneResponsavel: 'Telefone do responsável',
  celularWhatsAppResponsavel: 'Celular/WhatsApp do responsável',
  cep: 'CEP',
  endereco: 'Endereço',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
  cidade: 'Cidade',
  estado: 'Estado',
  pais: 'País',
  nomeCompletoResponsavel: 'Nome completo do responsável',
  cargo: 'Cargo',
  dataNascimento: 'Data de nascimento',
  nomeCompletoAssinanteDBE: 'Nome completo do assinante do DBE',
  cargoAssinanteDBE: 'Cargo do assinante do DBE',
  dataNascimentoAssinanteDBE: 'Data de nascimento do assinante do DBE',
  password: 'Senha',
  confirmPassword: 'Confirmar senha',
} as const;
