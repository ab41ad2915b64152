import type { ClienteLoginResponse, ClienteResponse, StaffLoginResponse, UserResponse } from './api-types';
import type { StaffPermission } from './roles';
import {
  SESSION_KEYS,
  type SessionStore,
  bearerHeader,
  clearClienteLogout,
  clearRejectedSession,
  clearSession,
  enterPanel,
  forgetSimulatedUserType,
  afterSignIn,
  guardRoute,
  homeForRole,
  loginReturningTo,
  readClienteUser,
  readSession,
  readStaffUser,
  realUserType,
  saveClienteLogin,
  saveProfile,
  saveStaffLogin,
  sessionUserType,
  setSidebarOpen,
  setSimulatedUserType,
} from './session';

/** A Storage-like map, as window.localStorage behaves. */
class MemoryStorage implements SessionStore {
  private items = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(initial)) this.items.set(k, v);
  }
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  keys() {
    return [...this.items.keys()].sort();
  }
  toObject() {
    return Object.fromEntries(this.items);
  }
}

function aUser(overrides: Partial<UserResponse> = {}): UserResponse {
  return {
    _id: 'u1',
    username: 'ana.silva',
    nomeCompleto: 'Ana Silva',
    email: 'ana.silva@veritas.com.br',
    isAdmin: false,
    permissions: ['Associados'],
    createdAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

function aCliente(overrides: Partial<ClienteResponse> = {}): ClienteResponse {
  return {
    _id: 'c1',
    razaoSocial: 'Padaria Pão Quente Ltda',
    nomeFantasia: 'Pão Quente',
    cnpj: '11222333000181',
    cpf: null,
    cnes: null,
    nire: null,
    email: 'contato@paoquente.com.br',
    emailRF: null,
    telefone: null,
    celularWhatsApp: null,
    telefoneResponsavel: null,
    celularWhatsAppResponsavel: null,
    cep: null,
    endereco: null,
    numero: null,
    complemento: null,
    bairro: null,
    cidade: null,
    estado: null,
    pais: 'Brasil',
    nomeCompletoResponsavel: null,
    cargo: null,
    dataNascimento: null,
    nomeCompletoAssinanteDBE: null,
    cargoAssinanteDBE: null,
    dataNascimentoAssinanteDBE: null,
    status: 'ativo',
    tipoClienteId: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

const staffLogin = (permissions: StaffPermission[], token = 'staff-token'): StaffLoginResponse => ({
  token,
  user: aUser({ permissions }),
});

const clienteLogin = (overrides: Partial<ClienteResponse> = {}): ClienteLoginResponse => ({
  token: 'cliente-token',
  data: aCliente(overrides),
});

describe('SESSION_KEYS', () => {
  it('names the nine local-storage keys of §3.1', () => {
    expect(Object.values(SESSION_KEYS).sort()).toEqual(
      [
        'token', 'userRole', 'isAuthenticated', 'userData', 'userType',
        'simulatedUserType', 'sidebarIsOpen', 'userName', 'userEmail',
      ].sort(),
    );
  });
});

describe('saveStaffLogin', () => {
  it.each<[StaffPermission[], string]>([
    [['Master'], 'master'],
    [['Associados', 'Master'], 'master'],
    [['Diretoria'], 'diretoria'],
    [['Financeiro', 'Diretoria'], 'diretoria'],
    [['Associados'], 'associado'],
    [['Suporte'], 'associado'],
    [[], 'associado'],
  ])('stores the session of a staff member with permissions %j as %s', (permissions, userType) => {
    const storage = new MemoryStorage();
    const res = staffLogin(permissions);
    saveStaffLogin(storage, res);
    expect(storage.toObject()).toEqual({
      token: 'staff-token',
      userRole: 'user',
      isAuthenticated: 'true',
      userData: JSON.stringify(res.user),
      userType,
      userName: 'Ana Silva',
      userEmail: 'ana.silva@veritas.com.br',
    });
  });

  it('clears the items of an earlier session, keeping the sidebar preference', () => {
    const storage = new MemoryStorage({
      token: 'old',
      userRole: 'cliente',
      userData: '{"razaoSocial":"X"}',
      simulatedUserType: 'diretoria',
      userType: 'master',
      sidebarIsOpen: 'false',
      userName: 'X',
    });
    saveStaffLogin(storage, staffLogin(['Associados']));
    const session = readSession(storage);
    expect(session.token).toBe('staff-token');
    expect(session.role).toBe('user');
    expect(session.userType).toBe('associado');
    expect(session.simulatedUserType).toBeNull();
    expect(session.sidebarIsOpen).toBe(false);
  });

  it('falls back to the username when the full name is empty', () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, { token: 't', user: aUser({ nomeCompleto: '' }) });
    expect(storage.getItem('userName')).toBe('ana.silva');
  });
});

describe('saveClienteLogin', () => {
  it('stores a client session with the razão social as userName and no user type', () => {
    const storage = new MemoryStorage({ userType: 'master', simulatedUserType: 'associado' });
    const res = clienteLogin();
    saveClienteLogin(storage, res);
    expect(storage.toObject()).toEqual({
      token: 'cliente-token',
      userRole: 'cliente',
      isAuthenticated: 'true',
      userData: JSON.stringify(res.data),
      userName: 'Padaria Pão Quente Ltda',
      userEmail: 'contato@paoquente.com.br',
    });
  });

  it('uses the nome fantasia when there is no razão social', () => {
    const storage = new MemoryStorage();
    saveClienteLogin(storage, clienteLogin({ razaoSocial: '' }));
    expect(storage.getItem('userName')).toBe('Pão Quente');
  });
});

describe('readSession', () => {
  it('reads an empty storage as no session, with the sidebar open', () => {
    expect(readSession(new MemoryStorage())).toEqual({
      token: null,
      role: null,
      isAuthenticated: false,
      userData: null,
      userType: null,
      simulatedUserType: null,
      sidebarIsOpen: true,
      userName: null,
      userEmail: null,
    });
  });

  it.each([
    ['an unknown role', { userRole: 'admin' }, 'role', null],
    ['a flag other than "true"', { isAuthenticated: '1' }, 'isAuthenticated', false],
    ['userData that is not JSON', { userData: '{oops' }, 'userData', null],
    ['userData that is not an object', { userData: '[1,2]' }, 'userData', null],
    ['an unknown user type', { userType: 'lawyer' }, 'userType', null],
    ['an unknown simulated type', { simulatedUserType: 'root' }, 'simulatedUserType', null],
    ['a sidebar stored as "false"', { sidebarIsOpen: 'false' }, 'sidebarIsOpen', false],
    ['a sidebar stored as anything else', { sidebarIsOpen: 'no' }, 'sidebarIsOpen', true],
  ])('reads %s safely', (_label, items, field, expected) => {
    expect(readSession(new MemoryStorage(items as Record<string, string>))[field as 'role']).toEqual(expected);
  });

  it('gives the typed profile of the matching role only', () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, staffLogin(['Master']));
    expect(readStaffUser(storage)?.nomeCompleto).toBe('Ana Silva');
    expect(readClienteUser(storage)).toBeNull();
    saveClienteLogin(storage, clienteLogin());
    expect(readClienteUser(storage)?.razaoSocial).toBe('Padaria Pão Quente Ltda');
    expect(readStaffUser(storage)).toBeNull();
  });
});

describe('clearSession', () => {
  const full = () =>
    new MemoryStorage({
      token: 't',
      userRole: 'user',
      isAuthenticated: 'true',
      userData: '{}',
      userType: 'master',
      simulatedUserType: 'associado',
      userName: 'Ana',
      userEmail: 'a@b.com',
      sidebarIsOpen: 'false',
    });

  it('removes every session item but the sidebar preference', () => {
    const storage = full();
    clearSession(storage);
    expect(storage.keys()).toEqual(['sidebarIsOpen']);
  });

  it('keeps the user type only when asked', () => {
    const storage = full();
    clearSession(storage, { keepUserType: true });
    expect(storage.keys()).toEqual(['sidebarIsOpen', 'userType']);
  });

  it('forgets a rejected token with its role, flag, data and simulation (§4)', () => {
    const storage = full();
    clearRejectedSession(storage);
    expect(storage.keys()).toEqual(['sidebarIsOpen', 'userEmail', 'userName', 'userType']);
  });

  it("removes what the client area's Sair removes, and the token", () => {
    const storage = full();
    clearClienteLogout(storage);
    expect(storage.keys()).toEqual(['sidebarIsOpen', 'simulatedUserType', 'userEmail', 'userType']);
  });
});

describe('user type of a staff session', () => {
  it('prefers the stored type to the permissions', () => {
    const storage = new MemoryStorage({
      userRole: 'user',
      userType: 'diretoria',
      userData: JSON.stringify(aUser({ permissions: ['Master'] })),
    });
    expect(realUserType(storage)).toBe('diretoria');
  });

  it.each<[StaffPermission[], string]>([
    [['Master'], 'master'],
    [['Diretoria'], 'diretoria'],
    [['Financeiro'], 'associado'],
  ])('infers it from permissions %j when none is stored', (permissions, expected) => {
    const storage = new MemoryStorage({ userRole: 'user', userData: JSON.stringify(aUser({ permissions })) });
    expect(realUserType(storage)).toBe(expected);
  });

  it('cannot tell without a permissions list', () => {
    const storage = new MemoryStorage({ userRole: 'user', userData: '{"nomeCompleto":"Ana"}' });
    expect(realUserType(storage)).toBeNull();
    expect(sessionUserType(storage)).toBeNull();
  });

  it('is null for a client session', () => {
    const storage = new MemoryStorage();
    saveClienteLogin(storage, clienteLogin());
    expect(sessionUserType(storage)).toBeNull();
  });

  it("applies a master's simulation", () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, staffLogin(['Master']));
    expect(setSimulatedUserType(storage, 'associado')).toBe('associado');
    expect(sessionUserType(storage)).toBe('associado');
    expect(realUserType(storage)).toBe('master');
    expect(setSimulatedUserType(storage, null)).toBe('master');
    expect(storage.getItem('simulatedUserType')).toBeNull();
  });

  it('removes a stored simulation of a non-master and shows the real type', () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, staffLogin(['Diretoria']));
    storage.setItem('simulatedUserType', 'master');
    expect(sessionUserType(storage)).toBe('diretoria');
    expect(storage.getItem('simulatedUserType')).toBeNull();
  });

  it('does not let a non-master start a simulation', () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, staffLogin(['Associados']));
    expect(setSimulatedUserType(storage, 'master')).toBe('associado');
    expect(storage.getItem('simulatedUserType')).toBeNull();
  });

  it('drops an invalid simulated value of a master', () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, staffLogin(['Master']));
    storage.setItem('simulatedUserType', 'lawyer');
    expect(sessionUserType(storage)).toBe('master');
    expect(storage.getItem('simulatedUserType')).toBeNull();
  });

  it('the login page forgets the simulation', () => {
    const storage = new MemoryStorage({ simulatedUserType: 'diretoria' });
    forgetSimulatedUserType(storage);
    expect(storage.getItem('simulatedUserType')).toBeNull();
  });
});

describe('saveProfile', () => {
  it('refreshes a staff profile and its user type, keeping the token and a simulation', () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, staffLogin(['Master']));
    setSimulatedUserType(storage, 'diretoria');
    saveProfile(storage, 'user', aUser({ nomeCompleto: 'Ana Souza', permissions: ['Master', 'Diretoria'] }));
    expect(storage.getItem('token')).toBe('staff-token');
    expect(storage.getItem('userName')).toBe('Ana Souza');
    expect(storage.getItem('userType')).toBe('master');
    expect(sessionUserType(storage)).toBe('diretoria');
  });

  it('restores the flag and role of a client whose token was still stored', () => {
    const storage = new MemoryStorage({ token: 'cliente-token', userRole: 'cliente' });
    saveProfile(storage, 'cliente', aCliente());
    expect(readSession(storage)).toMatchObject({
      token: 'cliente-token',
      role: 'cliente',
      isAuthenticated: true,
      userName: 'Padaria Pão Quente Ltda',
    });
  });
});

describe('homeForRole', () => {
  it.each([
    ['user', '/painel'],
    ['cliente', '/cliente'],
    [null, '/login'],
    [undefined, '/login'],
  ] as const)('sends %s to %s', (role, home) => {
    expect(homeForRole(role)).toBe(home);
  });
});

describe('afterSignIn', () => {
  it.each([
    ['cliente', '/cliente/registros/3f6c', '/cliente/registros/3f6c'],
    ['cliente', '/cliente/registros?busca=marca&pagina=2', '/cliente/registros?busca=marca&pagina=2'],
    ['cliente', '/cliente', '/cliente'],
    ['user', '/painel/clientes/9#dados', '/painel/clientes/9#dados'],
  ] as const)('sends %s back to %s', (role, next, to) => {
    expect(afterSignIn(role, next)).toBe(to);
  });

  it.each([
    ['cliente', null],
    ['cliente', ''],
    ['cliente', 'https://evil.example/cliente/x'],
    ['cliente', '//evil.example/cliente/x'],
    ['cliente', '/\\evil.example/cliente'],
    ['cliente', '/cliente\\..\\painel'],
    ['cliente', 'javascript:alert(1)'],
    ['cliente', '/cliente/../painel/usuarios'],
    ['cliente', '/cliente/%2e%2e/painel'],
    ['cliente', '/clientes-falsos'],
    ['cliente', '/painel/registros'],
    ['cliente', '/cliente/\nx'],
    ['user', '/cliente/registros/1'],
    ['user', '/login'],
  ] as const)('sends %s home instead of %j', (role, next) => {
    expect(afterSignIn(role, next)).toBe(homeForRole(role));
  });
});

describe('loginReturningTo', () => {
  it('asks /login to come back to a deep address, encoded', () => {
    expect(loginReturningTo('/cliente/registros/a b?busca=ação')).toBe('/login?next=%2Fcliente%2Fregistros%2Fa%20b%3Fbusca%3Da%C3%A7%C3%A3o');
  });

  it.each(['/cliente', '/painel'])('leaves %s out: the sign-in goes there anyway', (home) => {
    expect(loginReturningTo(home)).toBe('/login');
  });
});

describe('guardRoute', () => {
  const sessionOf = (items: Record<string, string>) => readSession(new MemoryStorage(items));
  const signedIn = (role: string) => sessionOf({ token: 't', userRole: role, isAuthenticated: 'true' });

  it.each([
    ['no session', {}],
    ['no flag', { token: 't', userRole: 'cliente' }],
    ['no token', { userRole: 'cliente', isAuthenticated: 'true' }],
    ['an unknown role', { token: 't', userRole: 'admin', isAuthenticated: 'true' }],
  ])('sends a visitor with %s to /login', (_label, items) => {
    expect(guardRoute(sessionOf(items), ['cliente'])).toEqual({ allowed: false, redirectTo: '/login' });
  });

  it('admits a listed role', () => {
    expect(guardRoute(signedIn('cliente'), ['cliente'])).toEqual({ allowed: true, role: 'cliente' });
  });

  it('sends a role that is not listed to its own home', () => {
    expect(guardRoute(signedIn('user'), ['cliente'])).toEqual({ allowed: false, redirectTo: '/painel' });
    expect(guardRoute(signedIn('cliente'), ['user'])).toEqual({ allowed: false, redirectTo: '/cliente' });
  });

  it('admits any authenticated role when the list is empty', () => {
    expect(guardRoute(signedIn('user'))).toEqual({ allowed: true, role: 'user' });
    expect(guardRoute(signedIn('cliente'), [])).toEqual({ allowed: true, role: 'cliente' });
  });
});

describe('enterPanel (§2.2)', () => {
  it('admits a staff session with its effective type', () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, staffLogin(['Master']));
    setSimulatedUserType(storage, 'associado');
    expect(enterPanel(storage)).toEqual({ ok: true, userType: 'associado' });
  });

  it('infers a missing user type from the permissions', () => {
    const storage = new MemoryStorage();
    saveStaffLogin(storage, staffLogin(['Diretoria']));
    storage.removeItem('userType');
    expect(enterPanel(storage)).toEqual({ ok: true, userType: 'diretoria' });
  });

  it.each([
    ['the flag is missing', (s: MemoryStorage) => s.removeItem('isAuthenticated')],
    ['the role is cliente', (s: MemoryStorage) => s.setItem('userRole', 'cliente')],
    ['the token is missing', (s: MemoryStorage) => s.removeItem('token')],
    [
      'the type is neither stored nor inferable',
      (s: MemoryStorage) => {
        s.removeItem('userType');
        s.setItem('userData', '{"nomeCompleto":"Ana"}');
      },
    ],
  ])('clears the session when %s', (_label, spoil) => {
    const storage = new MemoryStorage({ sidebarIsOpen: 'false' });
    saveStaffLogin(storage, staffLogin(['Master']));
    spoil(storage);
    expect(enterPanel(storage)).toEqual({ ok: false });
    expect(storage.keys()).toEqual(['sidebarIsOpen']);
  });
});

describe('small helpers', () => {
  it('builds the bearer header from the stored token', () => {
    expect(bearerHeader(new MemoryStorage({ token: 'abc' }))).toEqual({ Authorization: 'Bearer abc' });
    expect(bearerHeader(new MemoryStorage())).toEqual({});
  });

  it('remembers the sidebar state', () => {
    const storage = new MemoryStorage();
    setSidebarOpen(storage, false);
    expect(readSession(storage).sidebarIsOpen).toBe(false);
    setSidebarOpen(storage, true);
    expect(readSession(storage).sidebarIsOpen).toBe(true);
  });
});
