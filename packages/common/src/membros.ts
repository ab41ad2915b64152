/*
 * Members of a client company (issue 54, ADR 0058): each has a login, a role and what it may do. The
 * server's guard (@Capacidade) and the portal (which tabs and buttons it shows) read these same rules.
 */

export type PapelMembro = 'responsavel' | 'socio' | 'contador' | 'colaborador';
export const PAPEIS_MEMBRO: readonly PapelMembro[] = ['responsavel', 'socio', 'contador', 'colaborador'];
export const PAPEL_MEMBRO_LABELS: Readonly<Record<PapelMembro, string>> = {
  responsavel: 'Responsável',
  socio: 'Sócio',
  contador: 'Contador',
  colaborador: 'Colaborador',
};

/**
 * What a member may do. The first four are toggled per member; `membros` (invite, change roles, remove)
 * is the Responsável's alone and follows the role.
 */
export type Capacidade = 'solicitar' | 'cobrancas' | 'enviar_documentos' | 'ver_documentos' | 'membros';
export const CAPACIDADES_AJUSTAVEIS: readonly Exclude<Capacidade, 'membros'>[] = ['solicitar', 'cobrancas', 'enviar_documentos', 'ver_documentos'];
export const CAPACIDADE_LABELS: Readonly<Record<Capacidade, string>> = {
  solicitar: 'Abrir solicitações',
  cobrancas: 'Ver e pagar cobranças',
  enviar_documentos: 'Enviar documentos',
  ver_documentos: 'Ver documentos',
  membros: 'Gerenciar membros',
};

/** A role's capacities when the Responsável toggles none (ADR 0058: a Contador sees charges; the Responsável may turn it off). */
export const CAPACIDADES_PADRAO: Readonly<Record<PapelMembro, readonly Capacidade[]>> = {
  responsavel: ['solicitar', 'cobrancas', 'enviar_documentos', 'ver_documentos', 'membros'],
  socio: ['solicitar', 'cobrancas', 'enviar_documentos', 'ver_documentos'],
  contador: ['cobrancas', 'enviar_documentos', 'ver_documentos'],
  colaborador: ['enviar_documentos', 'ver_documentos'],
};

export type StatusMembro = 'convidado' | 'ativo' | 'removido';

export const isPapelMembro = (v: unknown): v is PapelMembro => typeof v === 'string' && (PAPEIS_MEMBRO as readonly string[]).includes(v);

/**
 * What a member may do now: a Responsável everything; anyone else the toggled list (the role's defaults when
 * none was chosen), never `membros`. Unknown entries of a stored list are dropped.
 */
export function capacidadesDe(papel: PapelMembro, escolhidas?: readonly string[] | null): Capacidade[] {
  if (papel === 'responsavel') return [...CAPACIDADES_PADRAO.responsavel];
  const base = Array.isArray(escolhidas) ? escolhidas : CAPACIDADES_PADRAO[papel] ?? [];
  return CAPACIDADES_AJUSTAVEIS.filter((c) => base.includes(c));
}

/** A member as a principal carries it. */
export interface MembroPrincipal {
  id: string;
  nome: string;
  papel: PapelMembro;
  capacidades: readonly Capacidade[];
}

/** Whether a signed-in member may do `c`; a principal without a member (staff) is not asked. */
export function temCapacidade(membro: Pick<MembroPrincipal, 'capacidades'> | null | undefined, c: Capacidade): boolean {
  return !!membro && membro.capacidades.includes(c);
}

/** How histories, documents and the audit trail name a member: "Ana Souza (Contador)". */
export function autorMembro(m: Pick<MembroPrincipal, 'nome' | 'papel'>): string {
  return `${m.nome} (${PAPEL_MEMBRO_LABELS[m.papel] ?? m.papel})`;
}

export const SEM_CAPACIDADE: Readonly<Record<Capacidade, string>> = {
  solicitar: 'Seu perfil nesta empresa não permite abrir solicitações. Fale com o Responsável da empresa.',
  cobrancas: 'Seu perfil nesta empresa não permite ver ou pagar cobranças. Fale com o Responsável da empresa.',
  enviar_documentos: 'Seu perfil nesta empresa não permite enviar documentos. Fale com o Responsável da empresa.',
  ver_documentos: 'Seu perfil nesta empresa não permite ver documentos. Fale com o Responsável da empresa.',
  membros: 'Apenas o Responsável da empresa gerencia os membros.',
};

export const ULTIMO_RESPONSAVEL = 'A empresa precisa de ao menos um Responsável ativo: promova outro membro antes de remover ou rebaixar este.';
export const CONVITE_EXPIRADO = 'Este convite expirou ou já foi usado. Peça ao Responsável da empresa um novo convite.';
export const CONVITE_DIAS = 7;

/** A role the form may choose (the shared rule of the invite and edit forms). */
export function papelProblem(v: unknown): string | null {
  return isPapelMembro(v) ? null : `Papel inválido: use ${PAPEIS_MEMBRO.join(', ')}.`;
}

/** A list of toggled capacities (the shared rule of the invite and edit forms). */
export function capacidadesProblem(v: unknown): string | null {
  if (!Array.isArray(v) || v.length > CAPACIDADES_AJUSTAVEIS.length) return 'Capacidades inválidas.';
  const bad = v.find((c) => !(CAPACIDADES_AJUSTAVEIS as readonly unknown[]).includes(c));
  return bad === undefined ? null : `Capacidade inválida: use ${CAPACIDADES_AJUSTAVEIS.join(', ')}.`;
}

/** A member as the API answers it (GET …/membros; the signed-in member in GET /api/clientes/me). */
export interface MembroResponse {
  _id: string;
  nome: string;
  email: string;
  cpf: string | null;
  papel: PapelMembro;
  papelLabel: string;
  /** What it may do now (the role's defaults or the toggled list). */
  capacidades: Capacidade[];
  status: StatusMembro;
  /** While invited: when the invitation's link stops working. */
  conviteExpiraEm: string | null;
  createdAt: string;
}

/** GET /api/convites/:token: what the acceptance page shows. */
export interface ConviteResponse {
  nome: string;
  email: string;
  papel: PapelMembro;
  papelLabel: string;
  empresa: string;
  convidadoPor: string | null;
  expiraEm: string;
}

/**
 * The one name a client's action is signed with (histories, documents' "enviado por", checklist items, the
 * trail): its member, "Ana Souza (Contador)"; the company's name when no member acted (a registration's own request).
 */
export function autorCliente(membro: Pick<MembroPrincipal, 'nome' | 'papel'> | null | undefined, razaoSocial: string | null | undefined): string {
  return membro ? autorMembro(membro) : razaoSocial || 'Cliente';
}
