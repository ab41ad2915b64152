import { apiFetch } from './httpClient';

/** GET /api/equipe → data.pessoas[] (issue 13). */
export interface AusenciaView {
  id: string;
  userId: string;
  tipo: 'ferias' | 'licenca' | 'outro';
  de: string;
  ate: string;
  nota: string | null;
}

export interface PessoaCargaView {
  id: string;
  nomeCompleto: string;
  username: string;
  email: string;
  permissions: string[];
  userType: string;
  abertos: number;
  vencidos: number;
  venceEm5DiasUteis: number;
  etapasAguardando: number;
  exigenciasAbertas: number;
  concluidosNoPeriodo: number;
  leadTimeMedianoDiasUteis: number | null;
  ausencia: AusenciaView | null;
}

export interface EquipeView {
  periodo: string;
  inicio: string;
  fim: string;
  pessoas: PessoaCargaView[];
}

export interface NovaAusencia {
  tipo: AusenciaView['tipo'];
  de: string;
  ate: string;
  nota?: string | null;
}

const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

/** Equipe's calls, spread into the panel's dataProvider. */
export const equipeMethods = {
  /** The team's load in a period (7d, 30d, mes, ano). */
  async equipe(periodo: string): Promise<EquipeView> {
    const { json: body } = await apiFetch(`/api/equipe?periodo=${encodeURIComponent(periodo)}`);
    return (body as { data: EquipeView }).data;
  },
  /** Who is away on a day ('YYYY-MM-DD'; today in São Paulo when omitted). */
  async ausentes(data?: string): Promise<AusenciaView[]> {
    const { json: body } = await apiFetch(`/api/equipe/ausentes${data ? `?data=${encodeURIComponent(data)}` : ''}`);
    return (body as { data: AusenciaView[] }).data;
  },
  async ausencias(userId: string): Promise<AusenciaView[]> {
    const { json: body } = await apiFetch(`/api/equipe/${encodeURIComponent(userId)}/ausencias`);
    return (body as { data: AusenciaView[] }).data;
  },
  async criarAusencia(userId: string, ausencia: NovaAusencia): Promise<AusenciaView> {
    const { json: body } = await apiFetch(`/api/equipe/${encodeURIComponent(userId)}/ausencias`, json(ausencia));
    return (body as { data: AusenciaView }).data;
  },
  async excluirAusencia(userId: string, id: string): Promise<AusenciaView> {
    const { json: body } = await apiFetch(`/api/equipe/${encodeURIComponent(userId)}/ausencias/${encodeURIComponent(id)}`, { method: 'DELETE' });
    return (body as { data: AusenciaView }).data;
  },
  /** Moves the open registros of "de" (all, or the ids) to "para"; answers how many moved. */
  async reatribuir(de: string, para: string, ids?: string[]): Promise<{ movidos: number }> {
    const { json: body } = await apiFetch('/api/registros/reatribuir', json({ de, para, ...(ids && ids.length ? { ids } : {}) }));
    return (body as { data: { movidos: number } }).data;
  },
};
