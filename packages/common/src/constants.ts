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
