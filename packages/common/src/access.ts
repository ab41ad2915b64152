/*
 * Who may do what, written once. The server's guards decide with `can`; the UI reads
 * the same table only to hide what would be refused anyway.
 */
import { UserType, isUserType } from './roles';

export type Role = 'user' | 'cliente';

/** The authenticated caller. Staff (role 'user') carry their derived user type. */
export interface Principal {
  role: Role;
  userType?: UserType;
}

export type AccessGroup = 'master' | 'diretoria' | 'associado' | 'cliente';

export type Action =
  | 'staff'
  | 'cliente'
  | 'users.list'
  | 'users.manage'
  | 'clientes.read'
  | 'clientes.write'
  | 'clientes.delete'
  | 'tiposCliente.read'
  | 'tiposCliente.write'
  | 'tiposCliente.delete'
  | 'registros.readAll'
  | 'registros.assign'
  | 'dashboard.firm'
  | 'mail'
  | 'settings'
  | 'simulate'
  | 'contato';

const ALL_STAFF: readonly AccessGroup[] = ['master', 'diretoria', 'associado'];
const BOARD: readonly AccessGroup[] = ['master', 'diretoria'];
const MASTER: readonly AccessGroup[] = ['master'];

/*
 * §6 fixes the visible rules (settings for master and diretoria, deletes and
 * simulation for master only, any staff edits clients). What it leaves open,
 * such as the firm-wide registros and dashboard, follows the settings menu: board only.
 */
export const ACCESS: Readonly<Record<Action, readonly AccessGroup[]>> = {
  staff: ALL_STAFF,
  cliente: ['cliente'],
  'users.list': BOARD,
  'users.manage': BOARD,
  'clientes.read': ALL_STAFF,
  'clientes.write': ALL_STAFF,
  'clientes.delete': MASTER,
  'tiposCliente.read': ALL_STAFF,
  'tiposCliente.write': ALL_STAFF,
  'tiposCliente.delete': MASTER,
  'registros.readAll': BOARD,
  'registros.assign': BOARD,
  'dashboard.firm': BOARD,
  mail: ALL_STAFF,
  settings: BOARD,
  simulate: MASTER,
  // The public site's contact messages: every staff member. The diretoria's menu (§2.10) has no
  // Mensagens entry, but the board may still read what reaches the firm: the menu hides, the server decides.
  contato: ALL_STAFF,
};

export const ACTIONS = Object.keys(ACCESS) as Action[];

/** Null for a staff principal without a known user type: it may do nothing. */
export function groupOf(p: Principal): AccessGroup | null {
  if (p.role === 'cliente') return 'cliente';
  if (p.role === 'user' && isUserType(p.userType)) return p.userType;
  return null;
}

/** Deny by default: no principal, an unknown group or an unknown action all say no. */
export function can(p: Principal | null | undefined, action: Action): boolean {
  if (!p) return false;
  const group = groupOf(p);
  if (!group) return false;
  const allowed = Object.prototype.hasOwnProperty.call(ACCESS, action) ? ACCESS[action] : undefined;
  return allowed?.includes(group) ?? false;
}

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

export interface MenuItem {
  label: string;
  path: string;
}

export interface Menu {
  heading: 'Diretoria' | 'Associados';
  items: MenuItem[];
}

const MENU_ITEMS = {
  dashboard: { label: 'Dashboard', path: '/painel' },
  email: { label: 'Email', path: '/painel/email' },
  registros: { label: 'Registros', path: '/painel/registros' },
  meusRegistros: { label: 'Meus Registros', path: '/painel/meu-registros' },
  financas: { label: 'Finanças', path: '/painel/financas' },
  equipe: { label: 'Equipe', path: '/painel/equipe' },
  agenda: { label: 'Agenda', path: '/painel/agenda' },
  prazos: { label: 'Prazos', path: '/painel/prazos' },
  documentos: { label: 'Documentos', path: '/painel/documentos' },
  clientes: { label: 'Clientes', path: '/painel/clientes' },
  tiposCliente: { label: 'Tipos de Cliente', path: '/painel/tipos-cliente' },
  mensagens: { label: 'Mensagens', path: '/painel/mensagens' },
  relatorios: { label: 'Relatórios', path: '/painel/relatorios' },
  configuracoes: { label: 'Configurações', path: '/painel/configuracoes' },
} as const satisfies Record<string, MenuItem>;

type MenuKey = keyof typeof MENU_ITEMS;

// The spec's lists, in the spec's order (§2.10).
const MENUS: Readonly<Record<UserType, { heading: Menu['heading']; keys: readonly MenuKey[] }>> = {
  master: {
    heading: 'Diretoria',
    keys: [
      'dashboard', 'email', 'registros', 'meusRegistros', 'financas', 'equipe', 'agenda',
      'prazos', 'documentos', 'clientes', 'tiposCliente', 'mensagens', 'relatorios', 'configuracoes',
    ],
  },
  diretoria: {
    heading: 'Diretoria',
    keys: ['dashboard', 'email', 'registros', 'financas', 'equipe', 'clientes', 'tiposCliente', 'relatorios', 'configuracoes'],
  },
  associado: {
    heading: 'Associados',
    keys: ['dashboard', 'email', 'meusRegistros', 'agenda', 'prazos', 'documentos', 'clientes', 'mensagens'],
  },
};

/** The side menu of the staff panel for an effective user type. Fresh objects on each call. */
export function menuFor(userType: UserType): Menu {
  const menu = MENUS[userType] ?? MENUS.associado;
  return { heading: menu.heading, items: menu.keys.map((key) => ({ ...MENU_ITEMS[key] })) };
}
