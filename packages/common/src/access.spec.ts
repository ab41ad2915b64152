import {
  ACCESS,
  ACTIONS,
  Action,
  AccessGroup,
  LAST_MASTER_MESSAGE,
  MASTER_ONLY_MESSAGE,
  NO_USER_PERMISSION_MESSAGE,
  Principal,
  SELF_DELETE_MESSAGE,
  can,
  canManageUser,
  effectiveUserType,
  groupOf,
  menuFor,
} from './access';
import { UserType } from './roles';

const master: Principal = { role: 'user', userType: 'master' };
const diretoria: Principal = { role: 'user', userType: 'diretoria' };
const associado: Principal = { role: 'user', userType: 'associado' };
const cliente: Principal = { role: 'cliente' };

const PRINCIPALS: Record<AccessGroup, Principal> = { master, diretoria, associado, cliente };

// The whole matrix, written out again on purpose: a change to ACCESS must be made twice.
const EXPECTED: Record<Action, AccessGroup[]> = {
  staff: ['master', 'diretoria', 'associado'],
  cliente: ['cliente'],
  'users.list': ['master', 'diretoria'],
  'users.manage': ['master', 'diretoria'],
  'clientes.read': ['master', 'diretoria', 'associado'],
  'clientes.write': ['master', 'diretoria', 'associado'],
  'clientes.delete': ['master'],
  'tiposCliente.read': ['master', 'diretoria', 'associado'],
  'tiposCliente.write': ['master', 'diretoria', 'associado'],
  'tiposCliente.delete': ['master'],
  'registros.readAll': ['master', 'diretoria'],
  'registros.assign': ['master', 'diretoria'],
  'dashboard.firm': ['master', 'diretoria'],
  mail: ['master', 'diretoria', 'associado'],
  settings: ['master', 'diretoria'],
  simulate: ['master'],
  contato: ['master', 'diretoria', 'associado'],
};

describe('ACCESS', () => {
  it('covers exactly the known actions', () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED) as [Action, AccessGroup[]][])('%s is allowed to %j', (action, groups) => {
    expect([...ACCESS[action]].sort()).toEqual([...groups].sort());
    for (const [group, principal] of Object.entries(PRINCIPALS)) {
      expect([group, can(principal, action)]).toEqual([group, groups.includes(group as AccessGroup)]);
    }
  });

  it('names the §6 rules plainly', () => {
    expect(can(diretoria, 'clientes.delete')).toBe(false); // diretoria cannot delete a client
    expect(can(associado, 'clientes.write')).toBe(true); // any staff may edit clients
    expect(can(associado, 'settings')).toBe(false);
    expect(can(diretoria, 'simulate')).toBe(false);
    expect(can(cliente, 'staff')).toBe(false);
    expect(can(master, 'cliente')).toBe(false);
  });
});

describe('groupOf and can with incomplete principals', () => {
  it.each<[string, Principal | null | undefined, AccessGroup | null]>([
    ['staff without a user type', { role: 'user' }, null],
    ['staff with an unknown user type', { role: 'user', userType: 'admin' as UserType }, null],
    ['cliente with a stray user type', { role: 'cliente', userType: 'master' }, 'cliente'],
    ['an unknown role', { role: 'root' as Principal['role'], userType: 'master' }, null],
  ])('%s', (_label, principal, group) => {
    expect(groupOf(principal as Principal)).toBe(group);
    expect(can(principal, 'staff')).toBe(group !== null && group !== 'cliente');
  });

  it.each([null, undefined])('denies everything to %p', (principal) => {
    for (const action of ACTIONS) expect(can(principal, action)).toBe(false);
  });

  it('denies an unknown action', () => {
    expect(can(master, 'toString' as Action)).toBe(false);
    expect(can(master, 'nuke' as Action)).toBe(false);
  });
});

describe('effectiveUserType', () => {
  it.each<[UserType, string | null | undefined, UserType]>([
    ['master', 'associado', 'associado'],
    ['master', 'diretoria', 'diretoria'],
    ['master', null, 'master'],
    ['master', 'root', 'master'],
    ['diretoria', 'master', 'diretoria'], // only a master may simulate
    ['associado', 'master', 'associado'],
  ])('real %s simulating %j sees %s', (real, simulated, expected) => {
    expect(effectiveUserType(real, simulated)).toBe(expected);
  });
});

describe('canManageUser', () => {
  const masterActor = { userType: 'master' as const, id: 'm1' };
  const diretoriaActor = { userType: 'diretoria' as const, id: 'd1' };
  const associadoActor = { userType: 'associado' as const, id: 'a1' };
  const masterUser = { id: 'm2', permissions: ['Master'] };
  const boardUser = { id: 'd2', permissions: ['Diretoria'] };
  const plainUser = { id: 'a2', permissions: [] };
  const denied = (reason: string) => ({ ok: false, reason });
  const ok = { ok: true };

  it.each([
    ['master creates a master', masterActor, null, { permissions: ['Master'] }, ok],
    ['master edits a master', masterActor, masterUser, { permissions: ['Master'] }, ok],
    ['master demotes a master', masterActor, masterUser, { permissions: ['Diretoria'] }, ok],
    ['master deletes a master', masterActor, masterUser, undefined, ok],
    ['diretoria creates an associado', diretoriaActor, null, { permissions: ['Associados'] }, ok],
    ['diretoria creates a user without permissions', diretoriaActor, null, { permissions: [] }, ok],
    ['diretoria edits a board member', diretoriaActor, boardUser, { permissions: ['Diretoria', 'Financeiro'] }, ok],
    ['diretoria deletes an associado', diretoriaActor, plainUser, undefined, ok],
    ['diretoria cannot create a master', diretoriaActor, null, { permissions: ['Master'] }, denied(MASTER_ONLY_MESSAGE)],
    ['diretoria cannot edit a master', diretoriaActor, masterUser, { permissions: ['Master'] }, denied(MASTER_ONLY_MESSAGE)],
    ['diretoria cannot demote a master', diretoriaActor, masterUser, { permissions: ['Diretoria'] }, denied(MASTER_ONLY_MESSAGE)],
    ['diretoria cannot promote to master', diretoriaActor, boardUser, { permissions: ['Master'] }, denied(MASTER_ONLY_MESSAGE)],
    ['diretoria cannot delete a master', diretoriaActor, masterUser, undefined, denied(MASTER_ONLY_MESSAGE)],
    ['associado cannot create anyone', associadoActor, null, { permissions: [] }, denied(NO_USER_PERMISSION_MESSAGE)],
    ['associado cannot edit anyone', associadoActor, plainUser, { permissions: [] }, denied(NO_USER_PERMISSION_MESSAGE)],
    ['associado cannot delete anyone', associadoActor, plainUser, undefined, denied(NO_USER_PERMISSION_MESSAGE)],
  ])('%s', (_label, actor, target, next, expected) => {
    expect(canManageUser(actor, target, next)).toEqual(expected);
  });

  it('agrees with ACCESS on who may manage users at all', () => {
    for (const userType of ['master', 'diretoria', 'associado'] as const) {
      const decision = canManageUser({ userType, id: 'x' }, null, { permissions: [] });
      expect(decision.ok).toBe(can({ role: 'user', userType }, 'users.manage'));
    }
  });

  it('words its messages in pt-BR', () => {
    expect([MASTER_ONLY_MESSAGE, NO_USER_PERMISSION_MESSAGE, SELF_DELETE_MESSAGE, LAST_MASTER_MESSAGE]).toEqual([
      'Apenas usuários Master podem gerenciar usuários Master.',
      'Você não tem permissão para gerenciar usuários.',
      'Você não pode excluir o seu próprio usuário.',
      'Não é possível remover ou rebaixar o último usuário Master.',
    ]);
  });
});

describe('menuFor', () => {
  it('gives master the full Diretoria menu', () => {
    expect(menuFor('master')).toEqual({
      heading: 'Diretoria',
      items: [
        { label: 'Dashboard', path: '/painel' },
        { label: 'Email', path: '/painel/email' },
        { label: 'Registros', path: '/painel/registros' },
        { label: 'Meus Registros', path: '/painel/meu-registros' },
        { label: 'Finanças', path: '/painel/financas' },
        { label: 'Equipe', path: '/painel/equipe' },
        { label: 'Agenda', path: '/painel/agenda' },
        { label: 'Prazos', path: '/painel/prazos' },
        { label: 'Documentos', path: '/painel/documentos' },
        { label: 'Clientes', path: '/painel/clientes' },
        { label: 'Tipos de Cliente', path: '/painel/tipos-cliente' },
        { label: 'Mensagens', path: '/painel/mensagens' },
        { label: 'Relatórios', path: '/painel/relatorios' },
        { label: 'Configurações', path: '/painel/configuracoes' },
      ],
    });
  });

  it.each<[UserType, string, string[]]>([
    [
      'diretoria',
      'Diretoria',
      ['Dashboard', 'Email', 'Registros', 'Finanças', 'Equipe', 'Clientes', 'Tipos de Cliente', 'Relatórios', 'Configurações'],
    ],
    [
      'associado',
      'Associados',
      ['Dashboard', 'Email', 'Meus Registros', 'Agenda', 'Prazos', 'Documentos', 'Clientes', 'Mensagens'],
    ],
  ])('gives %s the %s heading and its entries in order', (userType, heading, labels) => {
    const menu = menuFor(userType);
    expect(menu.heading).toBe(heading);
    expect(menu.items.map((i) => i.label)).toEqual(labels);
    const masterPaths = new Map(menuFor('master').items.map((i) => [i.label, i.path]));
    for (const item of menu.items) expect(item.path).toBe(masterPaths.get(item.label));
  });

  it('falls back to the Associados menu for an unknown type', () => {
    expect(menuFor('estagiario' as UserType)).toEqual(menuFor('associado'));
  });

  it('returns fresh objects', () => {
    const menu = menuFor('master');
    menu.items[0].label = 'Mudado';
    menu.items.pop();
    expect(menuFor('master').items[0].label).toBe('Dashboard');
    expect(menuFor('master').items).toHaveLength(14);
  });

  // The menu must never offer a screen the server would refuse.
  const GUARDED: Record<string, Action> = {
    '/painel': 'staff',
    '/painel/email': 'mail',
    '/painel/registros': 'registros.readAll',
    '/painel/clientes': 'clientes.read',
    '/painel/tipos-cliente': 'tiposCliente.read',
    '/painel/configuracoes': 'settings',
  };
  it.each<UserType>(['master', 'diretoria', 'associado'])('offers %s only screens it may open', (userType) => {
    for (const { path } of menuFor(userType).items) {
      const action = GUARDED[path];
      if (action) expect([path, can({ role: 'user', userType }, action)]).toEqual([path, true]);
    }
  });

  it('shows Configurações to master and diretoria only (§6)', () => {
    const hasSettings = (t: UserType) => menuFor(t).items.some((i) => i.path === '/painel/configuracoes');
    expect([hasSettings('master'), hasSettings('diretoria'), hasSettings('associado')]).toEqual([true, true, false]);
  });
});
