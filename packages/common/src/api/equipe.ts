/*
 * Equipe's API shapes (issue 13): the team's load, absences and bulk reassignment, written once for
 * the server that answers them and the panel that draws them.
 */

export const AUSENCIA_TIPOS = ['ferias', 'licenca', 'outro'] as const;
export type AusenciaTipo = (typeof AUSENCIA_TIPOS)[number];

/** An absence (GET /api/equipe/ausentes, /api/equipe/:userId/ausencias): both days included, São Paulo calendar. */
export interface AusenciaResponse {
  id: string;
  userId: string;
  tipo: AusenciaTipo;
  /** 'YYYY-MM-DD'. */
  de: string;
  ate: string;
  nota: string | null;
}

/** POST /api/equipe/:userId/ausencias. */
export interface AusenciaInput {
  tipo: AusenciaTipo;
  de: string;
  ate: string;
  nota?: string | null;
}

/** One staff member's load in a period (GET /api/equipe → data.pessoas[]). */
export interface PessoaCargaResponse {
  id: string;
  nomeCompleto: string;
  username: string;
  email: string;
  permissions: string[];
  userType: string;
  abertos: number;
  vencidos: number;
  venceEm5DiasUteis: number;
  concluidosNoPeriodo: number;
  leadTimeMedianoDiasUteis: number | null;
  /** Stages in progress that the firm itself must act on (responsavelTipo 'escritorio'), on their registros. */
  etapasAguardando: number;
  /** Exigências still open on their registros. */
  exigenciasAbertas: number;
  ausencia: AusenciaResponse | null;
}

/** GET /api/equipe?periodo=7d|30d|mes|ano. */
export interface EquipeResponse {
  periodo: string;
  inicio: string;
  fim: string;
  pessoas: PessoaCargaResponse[];
}

/** POST /api/registros/reatribuir: the open registros of `de` (all, or `ids`) go to `para`. */
export interface ReatribuicaoInput {
  de: string;
  para: string;
  ids?: string[];
}

export interface ReatribuicaoResponse {
  movidos: number;
}
