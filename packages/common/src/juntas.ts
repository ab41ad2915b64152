/*
 * The 27 Juntas Comerciais (one per UF, Lei 8.934/1994 art. 3º), as reference data. A registro is
 * filed at one of them; its deadlines count on that Junta's calendar (national holidays, the state's
 * and its capital city's, and the firm's own days). Sites: each Junta's official address (gov.br
 * domains of the state), as published by the DREI's list of Juntas.
 */
export const UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;
export type Uf = (typeof UFS)[number];

export function isUf(v: unknown): v is Uf {
  return typeof v === 'string' && (UFS as readonly string[]).includes(v);
}

/** GET /api/juntas */
export interface JuntaResponse {
  uf: Uf;
  sigla: string;
  nome: string;
  /** The capital city, whose municipal holidays the Junta keeps. */
  capital: string;
  site: string;
}

export const JUNTAS: readonly JuntaResponse[] = [
  { uf: 'AC', sigla: 'JUCEAC', nome: 'Junta Comercial do Estado do Acre', capital: 'Rio Branco', site: 'https://juceac.ac.gov.br' },
  { uf: 'AL', sigla: 'JUCEAL', nome: 'Junta Comercial do Estado de Alagoas', capital: 'Maceió', site: 'https://www.juceal.al.gov.br' },
  { uf: 'AM', sigla: 'JUCEA', nome: 'Junta Comercial do Estado do Amazonas', capital: 'Manaus', site: 'https://www.jucea.am.gov.br' },
  { uf: 'AP', sigla: 'JUCAP', nome: 'Junta Comercial do Amapá', capital: 'Macapá', site: 'https://www.jucap.ap.gov.br' },
  { uf: 'BA', sigla: 'JUCEB', nome: 'Junta Comercial do Estado da Bahia', capital: 'Salvador', site: 'https://www.juceb.ba.gov.br' },
  { uf: 'CE', sigla: 'JUCEC', nome: 'Junta Comercial do Estado do Ceará', capital: 'Fortaleza', site: 'https://www.jucec.ce.gov.br' },
  { uf: 'DF', sigla: 'JUCIS-DF', nome: 'Junta Comercial, Industrial e Serviços do Distrito Federal', capital: 'Brasília', site: 'https://jucis.df.gov.br' },
  { uf: 'ES', sigla: 'JUCEES', nome: 'Junta Comercial do Estado do Espírito Santo', capital: 'Vitória', site: 'https://jucees.es.gov.br' },
  { uf: 'GO', sigla: 'JUCEG', nome: 'Junta Comercial do Estado de Goiás', capital: 'Goiânia', site: 'https://www.juceg.go.gov.br' },
  { uf: 'MA', sigla: 'JUCEMA', nome: 'Junta Comercial do Estado do Maranhão', capital: 'São Luís', site: 'https://www.jucema.ma.gov.br' },
  { uf: 'MG', sigla: 'JUCEMG', nome: 'Junta Comercial do Estado de Minas Gerais', capital: 'Belo Horizonte', site: 'https://www.jucemg.mg.gov.br' },
  { uf: 'MS', sigla: 'JUCEMS', nome: 'Junta Comercial do Estado de Mato Grosso do Sul', capital: 'Campo Grande', site: 'https://www.jucems.ms.gov.br' },
  { uf: 'MT', sigla: 'JUCEMAT', nome: 'Junta Comercial do Estado de Mato Grosso', capital: 'Cuiabá', site: 'https://www.jucemat.mt.gov.br' },
  { uf: 'PA', sigla: 'JUCEPA', nome: 'Junta Comercial do Estado do Pará', capital: 'Belém', site: 'https://www.jucepa.pa.gov.br' },
  { uf: 'PB', sigla: 'JUCEP', nome: 'Junta Comercial do Estado da Paraíba', capital: 'João Pessoa', site: 'https://jucep.pb.gov.br' },
  { uf: 'PE', sigla: 'JUCEPE', nome: 'Junta Comercial do Estado de Pernambuco', capital: 'Recife', site: 'https://portal.jucepe.pe.gov.br' },
  { uf: 'PI', sigla: 'JUCEPI', nome: 'Junta Comercial do Estado do Piauí', capital: 'Teresina', site: 'https://www.jucepi.pi.gov.br' },
  { uf: 'PR', sigla: 'JUCEPAR', nome: 'Junta Comercial do Paraná', capital: 'Curitiba', site: 'https://www.juntacomercial.pr.gov.br' },
  { uf: 'RJ', sigla: 'JUCERJA', nome: 'Junta Comercial do Estado do Rio de Janeiro', capital: 'Rio de Janeiro', site: 'https://www.jucerja.rj.gov.br' },
  { uf: 'RN', sigla: 'JUCERN', nome: 'Junta Comercial do Estado do Rio Grande do Norte', capital: 'Natal', site: 'https://www.jucern.rn.gov.br' },
  { uf: 'RO', sigla: 'JUCER', nome: 'Junta Comercial do Estado de Rondônia', capital: 'Porto Velho', site: 'https://rondonia.ro.gov.br/jucer' },
  { uf: 'RR', sigla: 'JUCERR', nome: 'Junta Comercial do Estado de Roraima', capital: 'Boa Vista', site: 'https://jucerr.rr.gov.br' },
  { uf: 'RS', sigla: 'JUCISRS', nome: 'Junta Comercial, Industrial e Serviços do Rio Grande do Sul', capital: 'Porto Alegre', site: 'https://jucisrs.rs.gov.br' },
  { uf: 'SC', sigla: 'JUCESC', nome: 'Junta Comercial do Estado de Santa Catarina', capital: 'Florianópolis', site: 'https://www.jucesc.sc.gov.br' },
  { uf: 'SE', sigla: 'JUCESE', nome: 'Junta Comercial do Estado de Sergipe', capital: 'Aracaju', site: 'https://www.jucese.se.gov.br' },
  { uf: 'SP', sigla: 'JUCESP', nome: 'Junta Comercial do Estado de São Paulo', capital: 'São Paulo', site: 'https://www.jucesp.sp.gov.br' },
  { uf: 'TO', sigla: 'JUCETINS', nome: 'Junta Comercial do Estado do Tocantins', capital: 'Palmas', site: 'https://www.jucetins.to.gov.br' },
];

export function juntaPorUf(uf: string): JuntaResponse | undefined {
  return JUNTAS.find((j) => j.uf === uf);
}

/** A non-working day on a Junta's calendar (GET /api/juntas/:uf/feriados). */
export interface JuntaFeriadoResponse {
  data: string;
  nome: string;
  tipo: 'nacional' | 'estadual' | 'municipal' | 'escritorio';
}

/**
 * The p-quantile (0..1) of a list of numbers, by the nearest-rank method on the sorted list (so
 * the answer is always one of the values: a whole number of business days). Null for an empty list.
 */
export function quantil(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}
