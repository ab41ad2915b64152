import type { CsvColumn } from './csv';
import { formatDateTimeBR } from './format';

/** The audit trail (issue 16): one entry as the API answers it. */
export interface AuditoriaResponse {
  _id: string;
  seq: number;
  em: string;
  atorTipo: 'user' | 'cliente' | 'sistema';
  atorId: string | null;
  atorEmail: string | null;
  atorNome: string | null;
  ip: string | null;
  requestId: string | null;
  acao: string;
  entidade: string;
  entidadeId: string | null;
  /** The client and the registro the entry belongs to (their trails), when there is one. */
  clienteId: string | null;
  registroId: string | null;
  /** field → [before, after]; passwords, hashes and tokens never appear (shown as "[oculto]"). */
  diff: Record<string, unknown> | null;
}

export interface AuditoriaVerificacao {
  ok: boolean;
  checked: number;
  firstBroken: { id: string; seq: number; reason: string } | null;
}

export const AUDITORIA_ATOR_LABELS: Readonly<Record<AuditoriaResponse['atorTipo'], string>> = {
  user: 'Equipe',
  cliente: 'Cliente',
  sistema: 'Sistema',
};

/** What the entities are called on screen (the table names the trail files entries under). */
export const AUDITORIA_ENTIDADE_LABELS: Readonly<Record<string, string>> = {
  users: 'Usuários',
  clientes: 'Clientes',
  tipos_cliente: 'Tipos de cliente',
  registros: 'Registros',
  documentos: 'Documentos',
  cobrancas: 'Cobranças',
  processo_modelos: 'Modelos de processo',
  checklist_modelos: 'Modelos de checklist',
  feriados: 'Feriados',
  agenda_eventos: 'Agenda',
  equipe_ausencias: 'Ausências',
  contato_mensagens: 'Mensagens de contato',
  emails: 'E-mails',
  sessao: 'Acesso',
  auditoria: 'Trilha de auditoria',
};

/** "Quem": the name, else the e-mail, else the kind (Sistema). */
export function auditoriaAtor(a: Pick<AuditoriaResponse, 'atorTipo' | 'atorNome' | 'atorEmail'>): string {
  return a.atorNome || a.atorEmail || AUDITORIA_ATOR_LABELS[a.atorTipo] || a.atorTipo;
}

const cellValue = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The change as one line of text: "campo: antes → depois; ...". */
export function auditoriaDiffText(diff: AuditoriaResponse['diff']): string {
  if (!diff) return '';
  return Object.entries(diff)
    .map(([k, v]) => (Array.isArray(v) && v.length === 2 ? `${k}: ${cellValue(v[0])} → ${cellValue(v[1])}` : `${k}: ${cellValue(v)}`))
    .join('; ');
}

export const AUDITORIA_CSV: readonly CsvColumn<AuditoriaResponse>[] = [
  { header: 'Seq', value: (a) => a.seq },
  { header: 'Quando', value: (a) => formatDateTimeBR(a.em) },
  { header: 'Quem', value: (a) => auditoriaAtor(a) },
  { header: 'Tipo', value: (a) => AUDITORIA_ATOR_LABELS[a.atorTipo] ?? a.atorTipo },
  { header: 'E-mail', value: (a) => a.atorEmail },
  { header: 'IP', value: (a) => a.ip },
  { header: 'Ação', value: (a) => a.acao },
  { header: 'Entidade', value: (a) => AUDITORIA_ENTIDADE_LABELS[a.entidade] ?? a.entidade },
  { header: 'ID', value: (a) => a.entidadeId },
  { header: 'Alteração', value: (a) => auditoriaDiffText(a.diff) },
  { header: 'Requisição', value: (a) => a.requestId },
];

