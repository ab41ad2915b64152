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
  DOCUMENTO_ALREADY_DELIVERED,
  DOCUMENTO_ALREADY_OPENED_BY_STAFF,
  DOCUMENTO_NOT_YOURS,
  DOCUMENTO_NOT_YOURS_CLIENTE,
  DocumentoAccessFields,
  RecordPrincipal,
  can,
  canDeleteDocumento,
  canManageUser,
  canSeeDocumento,
  canSeeRegistro,
  effectiveUserType,
  groupsOf,
  inRegistroScope,
  registroScope,
  staffPrincipal,
  worksRegistros,
} from './access';
import { canOpenScreen, menuFor, registroScreenPath, screenAction } from './menu';
import { UserType } from './roles';

const master: Principal = { role: 'user', userType: 'master', permissions: ['Master'] };
const diretoria: Principal = { role: 'user', userType: 'diretoria', permissions: ['Diretoria'] };
const associado: Principal = { role: 'user', userType: 'associado', permissions: ['Associados'] };
const financeiro: Principal = { role: 'user', userType: 'associado', permissions: ['Financeiro'] };
const suporte: Principal = { role: 'user', userType: 'associado', permissions: ['Suporte'] };
const cliente: Principal = { role: 'cliente' };

const PRINCIPALS: Record<AccessGroup, Principal> = { master, diretoria, associado, financeiro, suporte, cliente };

const STAFF: AccessGroup[] = ['master', 'diretoria', 'associado', 'financeiro', 'suporte'];
const WORKERS: AccessGroup[] = ['master', 'diretoria', 'associado'];
const BOARD: AccessGroup[] = ['master', 'diretoria'];

// The whole matrix, written out again on purpose: a change to ACCESS must be made twice.
const EXPECTED: Record<Action, AccessGroup[]> = {
  staff: STAFF,
  cliente: ['cliente'],
  'users.list': BOARD,
  'users.manage': BOARD,
  'users.sendReset': BOARD,
  'clientes.read': STAFF,
  'clientes.write': WORKERS,
  'clientes.credentials': BOARD,
  'clientes.sendReset': STAFF,
  'clientes.delete': ['master'],
  'tiposCliente.read': STAFF,
  'tiposCliente.write': BOARD,
  'tiposCliente.delete': ['master'],
  'registros.read': STAFF,
  'registros.readAll': ['master', 'diretoria', 'financeiro', 'suporte'],
  'registros.work': WORKERS,
  'registros.assign': BOARD,
  'documentos.read': STAFF,
  'documentos.upload': WORKERS,
  'documentos.deleteAny': BOARD,
  'dashboard.firm': BOARD,
  relatorios: ['master', 'diretoria', 'financeiro'],
  'financas.read': ['master', 'diretoria', 'financeiro'],
  'financas.write': ['master', 'diretoria', 'financeiro'],
  mail: STAFF,
  settings: BOARD,
  simulate: ['master'],
  contato: ['master', 'diretoria', 'associado', 'suporte'],
  agenda: STAFF,
  'agenda.all': BOARD,
  equipe: BOARD,
  'auditoria.read': BOARD,
  'auditoria.verify': ['master'],
  titulares: BOARD,
  tarefas: ['master'],
  filaSaida: ['master', 'diretoria'],
  avisos: STAFF,
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
    expect(can(associado, 'clientes.write')).toBe(true); // any staff type may edit clients
    expect(can(associado, 'settings')).toBe(false);
    expect(can(diretoria, 'simulate')).toBe(false);
    expect(can(cliente, 'staff')).toBe(false);
    expect(can(master, 'cliente')).toBe(false);
  });

  it('gives Financeiro and Suporte only their share (issue 9)', () => {
    for (const p of [associado, financeiro, suporte]) {
      expect(can(p, 'clientes.credentials')).toBe(false); // nobody below the board takes over a client's login
      expect(can(p, 'tiposCliente.write')).toBe(false); // prices are the board's
      expect(can(p, 'documentos.deleteAny')).toBe(false);
      expect(can(p, 'clientes.sendReset')).toBe(true); // but anyone may send the client a reset link
    }
    expect([can(financeiro, 'financas.write'), can(suporte, 'financas.read'), can(associado, 'financas.read')]).toEqual([true, false, false]);
    expect([can(suporte, 'contato'), can(financeiro, 'contato')]).toEqual([true, false]);
    expect([can(financeiro, 'registros.readAll'), can(financeiro, 'registros.work'), can(financeiro, 'clientes.write')]).toEqual([true, false, false]);
  });
});

describe('groupsOf and can with incomplete or combined principals', () => {
  it.each<[string, Principal, AccessGroup[]]>([
    ['staff without a user type', { role: 'user' }, []],
    ['staff with an unknown user type', { role: 'user', userType: 'admin' as UserType }, []],
    ['cliente with a stray user type', { role: 'cliente', userType: 'master' }, ['cliente']],
    ['an unknown role', { role: 'root' as Principal['role'], userType: 'master' }, []],
    ['associado without a permissions list', { role: 'user', userType: 'associado' }, ['associado']],
    ['associado with no permissions (the form default)', { role: 'user', userType: 'associado', permissions: [] }, ['associado']],
    ['associado with an unknown permission', { role: 'user', userType: 'associado', permissions: ['Estagiário'] }, ['associado']],
    ['financeiro', financeiro, ['financeiro']],
    ['associado and suporte', { role: 'user', userType: 'associado', permissions: ['Associados', 'Suporte'] }, ['associado', 'suporte']],
    ['diretoria with Financeiro', { role: 'user', userType: 'diretoria', permissions: ['Diretoria', 'Financeiro'] }, ['diretoria']],
    ['master', master, ['master']],
  ])('%s', (_label, principal, groups) => {
    expect(groupsOf(principal)).toEqual(groups);
    expect(can(principal, 'staff')).toBe(groups.length > 0 && !groups.includes('cliente'));
  });

  it('adds what each permission grants', () => {
    const both: Principal = { role: 'user', userType: 'associado', permissions: ['Associados', 'Financeiro'] };
    expect([can(both, 'registros.work'), can(both, 'financas.read'), can(both, 'contato')]).toEqual([true, true, true]);
  });

  it('a user type the permissions do not support decides nothing beyond its group', () => {
    // A principal claiming "master" is a master: the server derives the type from the database itself.
    expect(staffPrincipal(['Financeiro'])).toEqual({ role: 'user', userType: 'associado', permissions: ['Financeiro'] });
    expect(staffPrincipal(['Diretoria', 'Suporte']).userType).toBe('diretoria');
    expect(staffPrincipal(null)).toEqual({ role: 'user', userType: 'associado', permissions: [] });
  });

  it.each([null, undefined])('denies everything to %p', (principal) => {
    for (const action of ACTIONS) expect(can(principal, action)).toBe(false);
  });

  it('denies an unknown action', () => {
    expect(can(master, 'toString' as Action)).toBe(false);
    expect(can(master, 'nuke' as Action)).toBe(false);
  });
});

describe('record access: registros and documentos', () => {
  const me = 'u-me';
  const other = 'u-other';
  const as = (p: Principal, id: string): RecordPrincipal => ({ ...p, id });
  const rows = [
    { clienteId: 'c-a', responsavelId: me },
    { clienteId: 'c-a', responsavelId: other },
    { clienteId: 'c-b', responsavelId: null },
  ];

  it.each<[string, RecordPrincipal, boolean[]]>([
    ['master sees all', as(master, me), [true, true, true]],
    ['diretoria sees all', as(diretoria, me), [true, true, true]],
    ['financeiro reads all', as(financeiro, me), [true, true, true]],
    ['suporte reads all', as(suporte, me), [true, true, true]],
    ['an associado sees its own and the unassigned', as(associado, me), [true, false, true]],
    ['a client sees its own company only', as(cliente, 'c-a'), [true, true, false]],
    ['staff without a type sees nothing', as({ role: 'user' }, me), [false, false, false]],
  ])('%s', (_label, principal, expected) => {
    expect(rows.map((r) => canSeeRegistro(principal, r))).toEqual(expected);
    // The SQL scope is the same rule as data.
    const scope = registroScope(principal);
    expect(rows.map((r) => inRegistroScope(scope, r))).toEqual(expected);
  });

  it('nobody sees anything without a principal', () => {
    expect(registroScope(null)).toEqual({ kind: 'none' });
    expect(canSeeRegistro(undefined, rows[0])).toBe(false);
  });

  it('a document follows its registro; one without a registro is every staff member\'s and its client\'s', () => {
    const doc = (registroId: string | null, clienteId = 'c-a') => ({ clienteId, registroId });
    const assoc = as(associado, me);
    expect(canSeeDocumento(assoc, doc('r1'), rows[0])).toBe(true);
    expect(canSeeDocumento(assoc, doc('r2'), rows[1])).toBe(false);
    expect(canSeeDocumento(assoc, doc(null), null)).toBe(true);
    expect(canSeeDocumento(assoc, doc('r-gone'), null)).toBe(false);
    expect(canSeeDocumento(as(suporte, me), doc('r2'), rows[1])).toBe(true);
    expect(canSeeDocumento(as(cliente, 'c-a'), doc('r2'), rows[1])).toBe(true);
    expect(canSeeDocumento(as(cliente, 'c-b'), doc(null), null)).toBe(false);
    expect(canSeeDocumento(null, doc(null), null)).toBe(false);
  });

  describe('canDeleteDocumento', () => {
    const base = { clienteId: 'c-a', registroId: null, baixadoClienteEm: null, lidoEquipeEm: null };
    const staffUpload = { ...base, enviadoPor: 'equipe' as const, enviadoPorId: me };
    const clientUpload = { ...base, enviadoPor: 'cliente' as const, enviadoPorId: 'c-a' };
    const ok = { ok: true };
    it.each<[string, RecordPrincipal, DocumentoAccessFields, object]>([
      ['the board deletes any, even a proof of delivery', as(diretoria, other), { ...staffUpload, baixadoClienteEm: '2026-01-01' }, ok],
      ['master deletes a client upload staff opened', as(master, other), { ...clientUpload, lidoEquipeEm: '2026-01-01' }, ok],
      ['an associado deletes its own upload before the client downloads it', as(associado, me), staffUpload, ok],
      [
        'an associado never deletes the proof of delivery',
        as(associado, me),
        { ...staffUpload, baixadoClienteEm: '2026-01-01' },
        { ok: false, status: 409, reason: DOCUMENTO_ALREADY_DELIVERED },
      ],
      ['an associado does not delete a colleague\'s upload', as(associado, other), staffUpload, { ok: false, status: 403, reason: DOCUMENTO_NOT_YOURS }],
      ['an associado does not delete a client upload', as(associado, me), clientUpload, { ok: false, status: 403, reason: DOCUMENTO_NOT_YOURS }],
      ['suporte does not delete', as(suporte, other), staffUpload, { ok: false, status: 403, reason: DOCUMENTO_NOT_YOURS }],
      ['a client deletes its upload before staff open it', as(cliente, 'c-a'), clientUpload, ok],
      [
        'a client keeps its upload once staff opened it',
        as(cliente, 'c-a'),
        { ...clientUpload, lidoEquipeEm: '2026-01-01' },
        { ok: false, status: 409, reason: DOCUMENTO_ALREADY_OPENED_BY_STAFF },
      ],
      ['a client does not delete the firm\'s document', as(cliente, 'c-a'), staffUpload, { ok: false, status: 403, reason: DOCUMENTO_NOT_YOURS_CLIENTE }],
      ['an id of a staff member is not a client upload', as(cliente, me), { ...staffUpload }, { ok: false, status: 403, reason: DOCUMENTO_NOT_YOURS_CLIENTE }],
    ])('%s', (_label, principal, doc, expected) => {
      expect(canDeleteDocumento(principal, doc)).toEqual(expected);
    });
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

describe('worksRegistros', () => {
  it.each<[string[], boolean]>([
    [['Master'], true],
    [['Diretoria'], true],
    [['Associados'], true],
    [[], true],
    [['Associados', 'Financeiro'], true],
    [['Financeiro'], false],
    [['Suporte'], false],
    [['Financeiro', 'Suporte'], false],
  ])('%j → %s, as registros.work says', (permissions, works) => {
    expect(worksRegistros(permissions)).toBe(works);
    expect(worksRegistros(permissions)).toBe(can(staffPrincipal(permissions), 'registros.work'));
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
        { label: 'Processos', path: '/painel/processos' },
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
        { label: 'Auditoria', path: '/painel/auditoria' },
      ],
    });
  });

  it.each<[UserType, string, string[]]>([
    [
      'diretoria',
      'Diretoria',
      ['Dashboard', 'Email', 'Registros', 'Processos', 'Finanças', 'Equipe', 'Clientes', 'Tipos de Cliente', 'Relatórios', 'Configurações', 'Auditoria'],
    ],
    [
      'associado',
      'Associados',
      ['Dashboard', 'Email', 'Meus Registros', 'Processos', 'Agenda', 'Prazos', 'Documentos', 'Clientes', 'Mensagens'],
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
    expect(menuFor('master').items).toHaveLength(16);
  });

  it.each<[string, UserType, string[], string[]]>([
    ['a financeiro gets Registros, Finanças and Relatórios, loses what it cannot open', 'associado', ['Financeiro'],
      ['Dashboard', 'Email', 'Registros', 'Finanças', 'Agenda', 'Prazos', 'Documentos', 'Clientes', 'Relatórios']],
    ['a suporte gets Registros and keeps Mensagens', 'associado', ['Suporte'],
      ['Dashboard', 'Email', 'Registros', 'Agenda', 'Prazos', 'Documentos', 'Clientes', 'Mensagens']],
    ['an associado who is also financeiro gets both shares', 'associado', ['Associados', 'Financeiro'],
      ['Dashboard', 'Email', 'Registros', 'Meus Registros', 'Processos', 'Finanças', 'Agenda', 'Prazos', 'Documentos', 'Clientes', 'Mensagens', 'Relatórios']],
    ['a diretoria with Suporte gets Mensagens', 'diretoria', ['Diretoria', 'Suporte'],
      ['Dashboard', 'Email', 'Registros', 'Processos', 'Finanças', 'Equipe', 'Clientes', 'Tipos de Cliente', 'Mensagens', 'Relatórios', 'Configurações', 'Auditoria']],
    ['the Associados permission changes nothing', 'associado', ['Associados'],
      ['Dashboard', 'Email', 'Meus Registros', 'Processos', 'Agenda', 'Prazos', 'Documentos', 'Clientes', 'Mensagens']],
  ])('%s', (_label, userType, permissions, labels) => {
    const menu = menuFor(userType, permissions);
    expect(menu.heading).toBe(userType === 'associado' ? 'Associados' : 'Diretoria'); // the type decides the heading
    expect(menu.items.map((i) => i.label)).toEqual(labels);
  });

  // The menu must never offer a screen the server would refuse, nor hide one it would allow.
  const people: Array<[UserType, string[]]> = [
    ['master', ['Master']], ['diretoria', ['Diretoria']], ['associado', []], ['associado', ['Associados']],
    ['associado', ['Financeiro']], ['associado', ['Suporte']], ['associado', ['Associados', 'Suporte']],
  ];
  it.each(people)('offers %s %j only screens it may open', (userType, permissions) => {
    const principal = { role: 'user' as const, userType, permissions };
    for (const { path } of menuFor(userType, permissions).items) expect([path, canOpenScreen(principal, path)]).toEqual([path, true]);
  });

  it.each<[string, Action]>([
    ['/painel', 'staff'],
    ['/painel/', 'staff'],
    ['/painel/email', 'mail'],
    ['/painel/registros', 'registros.readAll'],
    ['/painel/registros/0b6c3a2e-1111-4222-8333-444455556666', 'registros.readAll'],
    ['/painel/meu-registros/abc', 'registros.work'],
    ['/painel/financas', 'financas.read'],
    ['/painel/equipe', 'users.list'],
    ['/painel/clientes', 'clientes.read'],
    ['/painel/tipos-cliente', 'tiposCliente.read'],
    ['/painel/mensagens', 'contato'],
    ['/painel/relatorios', 'relatorios'],
    ['/painel/configuracoes', 'settings'],
    ['/painel/processos', 'registros.work'],
    ['/painel/solicitacoes-titulares', 'titulares'],
    ['/painel/configuracoes/tarefas', 'tarefas'],
    ['/painel/configuracoes/fila-saida', 'filaSaida'],
    ['/painel/configuracoes/processos', 'settings'],
    ['/painel/qualquer-coisa', 'staff'], // unknown paths show the dashboard (§2.10)
    ['/painel/registros-falsos', 'staff'], // a prefix of a word is not the screen
  ])('screen %s takes %s', (path, action) => {
    expect(screenAction(path)).toBe(action);
  });

  it('says who may open a screen reached by URL', () => {
    expect(canOpenScreen({ role: 'user', userType: 'associado', permissions: [] }, '/painel/financas')).toBe(false);
    expect(canOpenScreen({ role: 'user', userType: 'associado', permissions: ['Financeiro'] }, '/painel/financas')).toBe(true);
    expect(canOpenScreen({ role: 'user', userType: 'associado', permissions: ['Financeiro'] }, '/painel/mensagens')).toBe(false);
    expect(canOpenScreen({ role: 'cliente' }, '/painel')).toBe(false);
  });

  // Issue 52: the board was in no menu. Everyone who works registros has it; who only reads them has not.
  it.each<[UserType, string[], boolean]>([
    ['master', ['Master'], true],
    ['diretoria', ['Diretoria'], true],
    ['associado', [], true],
    ['associado', ['Associados', 'Suporte'], true],
    ['associado', ['Financeiro'], false],
    ['associado', ['Suporte'], false],
  ])('Processos is in the menu of %s %j: %s, as the access table says who works registros', (userType, permissions, shown) => {
    const principal = { role: 'user' as const, userType, permissions };
    expect(menuFor(userType, permissions).items.some((i) => i.path === '/painel/processos')).toBe(shown);
    expect(can(principal, 'registros.work')).toBe(shown);
    expect(canOpenScreen(principal, '/painel/processos')).toBe(shown);
  });

  it.each<[string, UserType, string[], string]>([
    ['the master opens it in Registros', 'master', ['Master'], '/painel/registros/r-1'],
    ['the diretoria opens it in Registros', 'diretoria', ['Diretoria'], '/painel/registros/r-1'],
    ['an associado opens it in Meus Registros (Registros would refuse it)', 'associado', ['Associados'], '/painel/meu-registros/r-1'],
    ['an associado who is also Financeiro may open Registros', 'associado', ['Associados', 'Financeiro'], '/painel/registros/r-1'],
  ])('a board card: %s', (_label, userType, permissions, path) => {
    const principal = { role: 'user' as const, userType, permissions };
    expect(registroScreenPath(principal, 'r-1')).toBe(path);
    expect(canOpenScreen(principal, path)).toBe(true);
  });

  it('shows Configurações to master and diretoria only (§6)', () => {
    const hasSettings = (t: UserType) => menuFor(t).items.some((i) => i.path === '/painel/configuracoes');
    expect([hasSettings('master'), hasSettings('diretoria'), hasSettings('associado')]).toEqual([true, true, false]);
  });
});
