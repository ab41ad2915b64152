/*
 * The panel's side menu (§2.10): its entries by user type, each shown only to whoever the access
 * table (access.ts) lets open it. Moved out of access.ts, which keeps the rules themselves.
 */
import { can, type Action, type Principal } from './access';
import { isUserType, type UserType } from './roles';

export interface MenuItem {
  label: string;
  path: string;
}

export interface Menu {
  heading: 'Diretoria' | 'Associados';
  items: MenuItem[];
}

export const MENU_ITEMS = {
  dashboard: { label: 'Dashboard', path: '/painel' },
  email: { label: 'Email', path: '/painel/email' },
  registros: { label: 'Registros', path: '/painel/registros' },
  meusRegistros: { label: 'Meus Registros', path: '/painel/meu-registros' },
  processos: { label: 'Processos', path: '/painel/processos' },
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
  auditoria: { label: 'Auditoria', path: '/painel/auditoria' },
} as const satisfies Record<string, MenuItem>;

type MenuKey = keyof typeof MENU_ITEMS;

// The spec's lists, in the spec's order (§2.10), with Processos (issue 52) for everyone who works registros.
const MENUS: Readonly<Record<UserType, { heading: Menu['heading']; keys: readonly MenuKey[] }>> = {
  master: {
    heading: 'Diretoria',
    keys: [
      'dashboard', 'email', 'registros', 'meusRegistros', 'processos', 'financas', 'equipe', 'agenda',
      'prazos', 'documentos', 'clientes', 'tiposCliente', 'mensagens', 'relatorios', 'configuracoes', 'auditoria',
    ],
  },
  diretoria: {
    heading: 'Diretoria',
    keys: ['dashboard', 'email', 'registros', 'processos', 'financas', 'equipe', 'clientes', 'tiposCliente', 'relatorios', 'configuracoes', 'auditoria'],
  },
  associado: {
    heading: 'Associados',
    keys: ['dashboard', 'email', 'meusRegistros', 'processos', 'agenda', 'prazos', 'documentos', 'clientes', 'mensagens'],
  },
};

/** What opening each screen takes: the menu offers only these, and a screen reached by URL checks it. */
const SCREEN_ACTIONS: Readonly<Record<MenuKey, Action>> = {
  dashboard: 'staff',
  email: 'mail',
  registros: 'registros.readAll',
  meusRegistros: 'registros.work',
  // The stages' board (issue 11) moves registros: those who work them (not Financeiro or Suporte).
  processos: 'registros.work',
  financas: 'financas.read',
  equipe: 'users.list',
  agenda: 'staff',
  prazos: 'registros.read',
  documentos: 'documentos.read',
  clientes: 'clientes.read',
  tiposCliente: 'tiposCliente.read',
  mensagens: 'contato',
  relatorios: 'relatorios',
  configuracoes: 'settings',
  auditoria: 'auditoria.read',
};

/** What a permission adds to a menu (§3.4): the screens it grants that the user type's menu lacks. */
const PERMISSION_MENU: Readonly<Record<string, readonly MenuKey[]>> = {
  Financeiro: ['registros', 'financas', 'relatorios'],
  Suporte: ['registros', 'mensagens'],
};

/** The master's list is every entry in the spec's order; other menus follow it. */
const MENU_ORDER = MENUS.master.keys;

/**
 * The side menu of the staff panel. The (effective) user type decides the heading and the entries
 * (§2.10); a permission adds the screens it grants (Finanças for Financeiro, Mensagens for
 * Suporte) and an entry the person may not open is left out, so the menu never offers a screen
 * the server would refuse. Fresh objects on each call.
 */
export function menuFor(userType: UserType, permissions: readonly string[] = []): Menu {
  const menu = MENUS[userType] ?? MENUS.associado;
  const principal: Principal = { role: 'user', userType: isUserType(userType) ? userType : 'associado', permissions };
  const wanted = new Set<MenuKey>(menu.keys);
  for (const permission of permissions) {
    if (Object.prototype.hasOwnProperty.call(PERMISSION_MENU, permission)) for (const key of PERMISSION_MENU[permission]) wanted.add(key);
  }
  const keys = MENU_ORDER.filter((key) => wanted.has(key) && can(principal, SCREEN_ACTIONS[key]));
  return { heading: menu.heading, items: keys.map((key) => ({ ...MENU_ITEMS[key] })) };
}

/** Panel routes that are in no menu, and what they take. */
const OTHER_SCREENS: ReadonlyArray<[string, Action]> = [['/painel/solicitacoes-titulares', 'titulares'], ['/painel/configuracoes/tarefas', 'tarefas'], ['/painel/configuracoes/fila-saida', 'filaSaida']];

/**
 * What a panel path takes to open: the screen it belongs to (its own path or below it); any
 * other path shows the dashboard (§2.10). Paths are the browser's, under /painel.
 */
export function screenAction(pathname: string): Action {
  const path = pathname.replace(/\/+$/, '') || '/';
  const screens: Array<[string, Action]> = [
    ...(Object.keys(SCREEN_ACTIONS) as MenuKey[]).map((key): [string, Action] => [MENU_ITEMS[key].path, SCREEN_ACTIONS[key]]),
    ...OTHER_SCREENS,
  ];
  let best: [string, Action] | null = null;
  for (const screen of screens) {
    if (screen[0] === '/painel') continue;
    if ((path === screen[0] || path.startsWith(screen[0] + '/')) && (!best || screen[0].length > best[0].length)) best = screen;
  }
  return best ? best[1] : 'staff';
}

/** May this principal open the panel screen at `pathname`? */
export function canOpenScreen(p: Principal | null | undefined, pathname: string): boolean {
  return can(p, screenAction(pathname));
}

/**
 * Where this principal opens one registro (a card of the Processos board, issue 52): the firm's
 * list (/painel/registros/:id) for whoever may open it, else Meus Registros, the associado's own.
 */
export function registroScreenPath(p: Principal | null | undefined, id: string): string {
  const base = canOpenScreen(p, MENU_ITEMS.registros.path) ? MENU_ITEMS.registros.path : MENU_ITEMS.meusRegistros.path;
  return `${base}/${encodeURIComponent(id)}`;
}
