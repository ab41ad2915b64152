/*
 * Who may do what, written once. The server's guards decide with `can`; the UI reads
 * the same table only to hide what would be refused anyway.
 */
import { UserType, deriveUserType, isUserType } from './roles';

export type Role = 'user' | 'cliente';

/**
 * The authenticated caller. Staff (role 'user') carry their user type (which menu, which
 * dashboard) and their permissions list (§3.4), read from the database on every request.
 */
export interface Principal {
  role: Role;
  userType?: UserType;
  permissions?: readonly string[];
}

/**
 * Who holds an action. A staff member belongs to its user type's group (master, diretoria) or,
 * below the board, to one group per permission it carries: Associados → associado, Financeiro →
 * financeiro, Suporte → suporte. A staff member with none of these is a plain associado (the
 * form's default role, §3.4).
 */
export type AccessGroup = 'master' | 'diretoria' | 'associado' | 'financeiro' | 'suporte' | 'cliente';

export const ACCESS_GROUPS: readonly AccessGroup[] = ['master', 'diretoria', 'associado', 'financeiro', 'suporte', 'cliente'];

/** What each group is called in the docs and on screen. */
export const ACCESS_GROUP_LABELS: Readonly<Record<AccessGroup, string>> = {
  master: 'Master',
  diretoria: 'Diretoria',
  associado: 'Associado',
  financeiro: 'Financeiro',
  suporte: 'Suporte',
  cliente: 'Cliente',
};

export type Action =
  | 'staff'
  | 'cliente'
  | 'users.list'
  | 'users.manage'
  | 'users.sendReset'
  | 'clientes.read'
  | 'clientes.write'
  | 'clientes.credentials'
  | 'clientes.sendReset'
  | 'clientes.delete'
  | 'tiposCliente.read'
  | 'tiposCliente.write'
  | 'tiposCliente.delete'
  | 'registros.read'
  | 'registros.readAll'
  | 'registros.work'
  | 'registros.assign'
  | 'documentos.read'
  | 'documentos.upload'
  | 'documentos.deleteAny'
  | 'dashboard.firm'
  | 'relatorios'
  | 'financas.read'
  | 'financas.write'
  | 'mail'
  | 'settings'
  | 'simulate'
  | 'contato'
  | 'agenda'
  | 'agenda.all'
  | 'equipe'
  | 'auditoria.read'
  | 'auditoria.verify'
  | 'titulares'
  | 'tarefas'
  | 'filaSaida'
  | 'avisos';

const ALL_STAFF: readonly AccessGroup[] = ['master', 'diretoria', 'associado', 'financeiro', 'suporte'];
/** Staff who work registros: take them, move them, attach files. */
const WORKERS: readonly AccessGroup[] = ['master', 'diretoria', 'associado'];
/** Staff who read every registro of the firm without working them. */
const FIRM_READERS: readonly AccessGroup[] = ['master', 'diretoria', 'financeiro', 'suporte'];
const BOARD: readonly AccessGroup[] = ['master', 'diretoria'];
const MASTER: readonly AccessGroup[] = ['master'];

/*
 * §6 fixes the visible rules (settings for master and diretoria, deletes and simulation for
 * master only, staff edit clients). The rest is the firm's access policy (docs/adr/, 0007), described
 * in docs/ARCHITECTURE.md ("Access") and printed, action by action with its routes, in docs/permissions.md.
 */
export const ACCESS: Readonly<Record<Action, readonly AccessGroup[]>> = {
  staff: ALL_STAFF,
  cliente: ['cliente'],
  'users.list': BOARD,
  'users.manage': BOARD,
  // "Enviar link de redefinição" to a staff member's confirmed recovery e-mail (issue 53): the board's, audited.
  'users.sendReset': BOARD,
  'clientes.read': ALL_STAFF,
  // Edit a client's data (§6 "any staff type listed can edit clients": the types, not the read-only permissions).
  'clientes.write': WORKERS,
  // Set a client's login e-mail or password directly: whoever does can sign in as the client.
  'clientes.credentials': BOARD,
  // The link reaches only the client's own login address, so it grants the sender nothing.
  'clientes.sendReset': ALL_STAFF,
  'clientes.delete': MASTER,
  'tiposCliente.read': ALL_STAFF,
  // Prices are the board's: they are copied into every registro requested.
  'tiposCliente.write': BOARD,
  'tiposCliente.delete': MASTER,
  // Which registros: see registroScope (an associado only its own and the unassigned ones).
  'registros.read': ALL_STAFF,
  'registros.readAll': FIRM_READERS,
  'registros.work': WORKERS,
  'registros.assign': BOARD,
  // Documents follow their registro (see canSeeDocumento).
  'documentos.read': ALL_STAFF,
  'documentos.upload': WORKERS,
  'documentos.deleteAny': BOARD,
  'dashboard.firm': BOARD,
  // The Relatórios screen and list: the board (every report) and Finanças holders (those with money figures).
  relatorios: ['master', 'diretoria', 'financeiro'],
  // Finanças (issue 12): charges, payments, statements, the summary. A client reaches its own charges through 'cliente'.
  'financas.read': ['master', 'diretoria', 'financeiro'],
  'financas.write': ['master', 'diretoria', 'financeiro'],
  // Every staff member has a mailbox of their own.
  mail: ALL_STAFF,
  settings: BOARD,
  simulate: MASTER,
  // The public site's contact messages. Suporte holds them; associados have Mensagens in their
  // menu (§2.10); the diretoria's menu has none, but the board may read what reaches the firm.
  contato: ['master', 'diretoria', 'associado', 'suporte'],
  // Agenda (issue 13): everyone has their own; the board sees (and edits) everyone's.
  agenda: ALL_STAFF,
  'agenda.all': BOARD,
  // Equipe (issue 13): the team's load, absences and bulk reassignment.
  equipe: BOARD,
  // The audit trail (issue 16): the board reads it; only the master checks the chain.
  'auditoria.read': BOARD,
  'auditoria.verify': MASTER,
  // LGPD data-subject requests (issue 16): the board answers them (an erasure cannot be undone).
  titulares: BOARD,
  tarefas: MASTER,
  // The outgoing mail (issue 53): the Fila de saída, Reenviar, Cancelar and the banner when mail cannot go out.
  filaSaida: BOARD,
  // The panel's bell (issue 53): every staff member reads and marks their own notices, never another's.
  avisos: ALL_STAFF,
};

export const ACTIONS = Object.keys(ACCESS) as Action[];

const PERMISSION_GROUPS: ReadonlyArray<[string, AccessGroup]> = [
  ['Associados', 'associado'],
  ['Financeiro', 'financeiro'],
  ['Suporte', 'suporte'],
];

/**
 * The groups a principal belongs to; empty for a staff principal without a known user type (it may
 * do nothing). Master and diretoria are their type alone: the board already holds what a
 * Financeiro or Suporte permission grants.
 */
export function groupsOf(p: Principal): AccessGroup[] {
  if (p.role === 'cliente') return ['cliente'];
  if (p.role !== 'user' || !isUserType(p.userType)) return [];
  if (p.userType === 'master' || p.userType === 'diretoria') return [p.userType];
  const permissions = Array.isArray(p.permissions) ? p.permissions : [];
  const groups = PERMISSION_GROUPS.filter(([permission]) => permissions.includes(permission)).map(([, group]) => group);
  return groups.length ? groups : ['associado'];
}

/** Deny by default: no principal, an unknown group or an unknown action all say no. */
export function can(p: Principal | null | undefined, action: Action): boolean {
  if (!p) return false;
  const allowed = Object.prototype.hasOwnProperty.call(ACCESS, action) ? ACCESS[action] : undefined;
  if (!allowed) return false;
  return groupsOf(p).some((group) => allowed.includes(group));
}

/** The principal of a staff member as stored (§3.4): user type derived from the permissions. */
export function staffPrincipal(permissions: readonly string[] | null | undefined): Principal {
  const list = Array.isArray(permissions) ? permissions : [];
  return { role: 'user', userType: deriveUserType(list) ?? 'associado', permissions: list };
}

/**
 * Whether a staff member with these stored permissions works registros (may be responsible for
 * them, receive them in a reassignment): the access table's registros.work, not Financeiro or
 * Suporte alone.
 */
export function worksRegistros(permissions: readonly string[] | null | undefined): boolean {
  return can(staffPrincipal(permissions), 'registros.work');
}

// ---------------------------------------------------------------- records

/** A principal with its id, as record-level rules need it. */
export type RecordPrincipal = Principal & { id: string };

/**
 * Which registros a caller may see, as data: the service turns it into SQL (list, by client,
 * documents) and `canSeeRegistro` into a test on one row, so the two cannot disagree.
 *  - all: the board, Financeiro and Suporte (the firm's registros).
 *  - cliente: a client company, its own.
 *  - responsavel: an associado, those assigned to it and the unassigned ones (which it may take).
 *  - none: anyone else.
 */
export type RegistroScope =
  | { kind: 'all' }
  | { kind: 'cliente'; clienteId: string }
  | { kind: 'responsavel'; userId: string }
  | { kind: 'none' };

export function registroScope(p: RecordPrincipal | null | undefined): RegistroScope {
  if (!p) return { kind: 'none' };
  if (p.role === 'cliente') return { kind: 'cliente', clienteId: p.id };
  if (can(p, 'registros.readAll')) return { kind: 'all' };
  if (can(p, 'registros.read')) return { kind: 'responsavel', userId: p.id };
  return { kind: 'none' };
}

export interface RegistroAccessFields {
  clienteId: string;
  responsavelId: string | null;
}

export function inRegistroScope(scope: RegistroScope, r: RegistroAccessFields): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'cliente':
      return r.clienteId === scope.clienteId;
    case 'responsavel':
      return r.responsavelId === null || r.responsavelId === scope.userId;
    default:
      return false;
  }
}

/** The one record-access rule of registros: list, detail, by client and documents all use it. */
export function canSeeRegistro(p: RecordPrincipal | null | undefined, r: RegistroAccessFields): boolean {
  return inRegistroScope(registroScope(p), r);
}

export interface DocumentoAccessFields {
  clienteId: string;
  registroId: string | null;
  enviadoPor: 'cliente' | 'equipe';
  enviadoPorId: string | null;
  baixadoClienteEm: unknown;
  lidoEquipeEm: unknown;
}

/**
 * A document is seen by whoever sees its registro; one not attached to a registro is the
 * client's (its own) and every staff member's who reads clients.
 */
export function canSeeDocumento(
  p: RecordPrincipal | null | undefined,
  d: Pick<DocumentoAccessFields, 'clienteId' | 'registroId'>,
  registro: RegistroAccessFields | null,
): boolean {
  if (!p) return false;
  if (p.role === 'cliente') return d.clienteId === p.id;
  if (!can(p, 'documentos.read')) return false;
  if (!d.registroId) return true;
  return !!registro && canSeeRegistro(p, registro);
}

export const DOCUMENTO_NOT_YOURS = 'Apenas quem enviou o documento, a Diretoria ou o Master podem excluí-lo.';
export const DOCUMENTO_NOT_YOURS_CLIENTE = 'Apenas documentos enviados por você podem ser excluídos.';
export const DOCUMENTO_ALREADY_OPENED_BY_STAFF = 'O escritório já abriu este documento; ele não pode mais ser excluído. Fale com o escritório.';
export const DOCUMENTO_ALREADY_DELIVERED =
  'O cliente já baixou este documento (comprovante de entrega); apenas a Diretoria ou o Master podem excluí-lo.';

export type DeleteDecision = { ok: true } | { ok: false; status: 403 | 409; reason: string };

/**
 * A document is deleted by the board, or by its uploader before the other side has opened it: a
 * client's upload until staff open it, a staff member's until the client downloads it (its proof
 * of delivery). Visibility is checked before (an unseen document is "not found").
 */
export function canDeleteDocumento(p: RecordPrincipal, d: DocumentoAccessFields): DeleteDecision {
  if (p.role === 'user' && can(p, 'documentos.deleteAny')) return { ok: true };
  // A client company has one login: its uploads are its own; a staff upload is its sender's.
  const own = p.role === 'cliente' ? d.enviadoPor === 'cliente' && d.clienteId === p.id : d.enviadoPor === 'equipe' && d.enviadoPorId === p.id;
  if (!own) {
    return { ok: false, status: 403, reason: p.role === 'cliente' ? DOCUMENTO_NOT_YOURS_CLIENTE : DOCUMENTO_NOT_YOURS };
  }
  if (p.role === 'cliente' && d.lidoEquipeEm) return { ok: false, status: 409, reason: DOCUMENTO_ALREADY_OPENED_BY_STAFF };
  if (p.role === 'user' && d.baixadoClienteEm) return { ok: false, status: 409, reason: DOCUMENTO_ALREADY_DELIVERED };
  return { ok: true };
}

export const CLIENTE_CREDENTIALS_MESSAGE =
  'Apenas a Diretoria e o Master podem alterar o e-mail de acesso ou a senha de um cliente. Envie ao cliente um link de redefinição de senha.';

/** The view a master chose to simulate; anyone else always sees their own type (§4). */
export function effectiveUserType(real: UserType, simulated?: string | null): UserType {
  return real === 'master' && isUserType(simulated) ? simulated : real;
}

export const MASTER_ONLY_MESSAGE = 'Apenas usuários Master podem gerenciar usuários Master.';
export const NO_USER_PERMISSION_MESSAGE = 'Você não tem permissão para gerenciar usuários.';
export const SELF_DELETE_MESSAGE = 'Você não pode excluir o seu próprio usuário.';
export const LAST_MASTER_MESSAGE = 'Não é possível remover ou rebaixar o último usuário Master.';

export type ManageUserDecision = { ok: true } | { ok: false; reason: string };

/**
 * May `actor` create (target null), edit or delete (next absent) a user? Master
 * manages everyone. Diretoria manages everyone but masters: it may not touch a
 * master, nor make anyone one. Self-deletion and the last master need the
 * database, so the server checks them.
 */
export function canManageUser(
  actor: { userType: UserType; id: string },
  target: { permissions: readonly string[]; id?: string } | null,
  next?: { permissions: readonly string[] },
): ManageUserDecision {
  if (actor.userType === 'master') return { ok: true };
  if (actor.userType !== 'diretoria') return { ok: false, reason: NO_USER_PERMISSION_MESSAGE };
  const touchesMaster =
    (target?.permissions ?? []).includes('Master') || (next?.permissions ?? []).includes('Master');
  return touchesMaster ? { ok: false, reason: MASTER_ONLY_MESSAGE } : { ok: true };
}

