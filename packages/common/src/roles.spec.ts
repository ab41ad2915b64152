import {
  DEFAULT_FORM_ROLE,
  FORM_ROLES,
  FormRole,
  STAFF_PERMISSIONS,
  USER_TABS,
  USER_TYPES,
  UserTab,
  accessToFormRole,
  formAccess,
  formRoleExtras,
  withDefaultPermission,
  deriveUserType,
  displayedRole,
  displayedRoles,
  formRoleToAccess,
  isFormRole,
  isStaffPermission,
  isUserType,
  matchesUserTab,
  userMatchesSearch,
} from './roles';

const staff = (isAdmin: boolean, ...permissions: string[]) => ({ isAdmin, permissions });

describe('constants', () => {
  it('lists the staff permissions and user types of the spec', () => {
    expect(STAFF_PERMISSIONS).toEqual(['Master', 'Diretoria', 'Associados', 'Financeiro', 'Suporte']);
    expect(USER_TYPES).toEqual(['master', 'diretoria', 'associado']);
  });

  it('offers one form role per role with pt-BR labels, Associados (the permission) by default', () => {
    expect(FORM_ROLES.map((r) => [r.value, r.label])).toEqual([
      ['master', 'Master'],
      ['diretoria', 'Diretoria'],
      ['associado', 'Associados'],
      ['financeiro', 'Financeiro'],
      ['suporte', 'Suporte'],
    ]);
    expect(DEFAULT_FORM_ROLE).toBe('associado');
    expect(formRoleToAccess(DEFAULT_FORM_ROLE)).toEqual({ isAdmin: false, permissions: ['Associados'] });
  });

  it.each([
    [isStaffPermission, 'Master', true],
    [isStaffPermission, 'master', false],
    [isUserType, 'diretoria', true],
    [isUserType, 'Diretoria', false],
    [isFormRole, 'associado', true],
    [isFormRole, 'Associados', false],
    [isFormRole, 'toString', false],
  ])('%p(%j) = %s', (guard, value, expected) => {
    expect(guard(value)).toBe(expected);
  });
});

describe('deriveUserType', () => {
  it.each([
    [['Master'], 'master'],
    [['Diretoria', 'Master'], 'master'],
    [['Diretoria'], 'diretoria'],
    [['Diretoria', 'Financeiro'], 'diretoria'],
    [['Associados'], 'associado'],
    [['Financeiro'], 'associado'],
    [['Suporte'], 'associado'],
    [[], 'associado'],
    [null, null],
    [undefined, null],
    ['Master', null], // a string is not a permissions list
  ])('deriveUserType(%j) = %j', (permissions, expected) => {
    expect(deriveUserType(permissions as string[] | null | undefined)).toBe(expected);
  });
});

describe('formRoleToAccess', () => {
  it.each<[FormRole, boolean, string[]]>([
    ['master', true, ['Master']],
    ['diretoria', true, ['Diretoria']],
    ['associado', false, ['Associados']],
    ['financeiro', false, ['Financeiro']],
    ['suporte', false, ['Suporte']],
  ])('%s → isAdmin %s, permissions %j', (role, isAdmin, permissions) => {
    expect(formRoleToAccess(role)).toEqual({ isAdmin, permissions });
  });

  it('returns a copy the caller may change', () => {
    formRoleToAccess('master').permissions.push('Suporte');
    expect(formRoleToAccess('master').permissions).toEqual(['Master']);
  });

  it.each(FORM_ROLES.map((r) => r.value))('round-trips %s through accessToFormRole', (role) => {
    expect(accessToFormRole(formRoleToAccess(role))).toBe(role);
  });
});

describe('accessToFormRole', () => {
  it.each<[{ isAdmin: boolean; permissions: string[] }, FormRole]>([
    [staff(true, 'Master', 'Diretoria'), 'master'],
    [staff(false, 'Suporte', 'Financeiro'), 'suporte'],
    [staff(true), 'diretoria'], // legacy admin without permissions
    [staff(false), 'associado'],
  ])('accessToFormRole(%j) = %s', (user, expected) => {
    expect(accessToFormRole(user)).toBe(expected);
  });
});

describe('displayedRole', () => {
  it.each([
    [staff(true, 'Master'), 'Master'],
    [staff(false, 'Financeiro', 'Master'), 'Master'],
    [staff(true, 'Diretoria'), 'Diretoria'],
    [staff(false, 'Suporte', 'Diretoria'), 'Diretoria'],
    [staff(false, 'Associados'), 'Associados'],
    [staff(false, 'Financeiro', 'Associados'), 'Associados'],
    [staff(false, 'Financeiro', 'Suporte'), 'Suporte'],
    [staff(false, 'Financeiro'), 'Financeiro'],
    [staff(true), 'Diretoria'],
    [staff(false), 'Associados'],
    [staff(true, 'Desconhecida'), 'Diretoria'],
  ])('displayedRole(%j) = %s', (user, expected) => {
    expect(displayedRole(user)).toBe(expected);
  });
});

describe('matchesUserTab', () => {
  const users = {
    master: staff(true, 'Master'),
    diretoria: staff(true, 'Diretoria'),
    legacyAdmin: staff(true),
    associado: staff(false, 'Associados'),
    semPermissao: staff(false),
    financeiro: staff(false, 'Financeiro'),
    suporte: staff(false, 'Suporte'),
    financeiroESuporte: staff(false, 'Financeiro', 'Suporte'),
  };
  type Name = keyof typeof users;

  it.each<[UserTab, Name[]]>([
    ['todos', Object.keys(users) as Name[]],
    ['master', ['master']],
    ['diretoria', ['diretoria', 'legacyAdmin']],
    ['associados', ['associado']],
    ['financeiro', ['financeiro', 'financeiroESuporte']],
    ['suporte', ['suporte', 'financeiroESuporte']],
  ])('tab %s shows %j', (tab, expected) => {
    const shown = (Object.keys(users) as Name[]).filter((name) => matchesUserTab(users[name], tab));
    expect(shown).toEqual(expected);
  });

  it('shows an admin master under Master only, not Diretoria', () => {
    expect(matchesUserTab(staff(true, 'Master'), 'diretoria')).toBe(false);
  });

  it('has a tab for each value, labelled in pt-BR', () => {
    expect(USER_TABS.map((t) => t.label)).toEqual(['Todos', 'Master', 'Diretoria', 'Associados', 'Financeiro', 'Suporte']);
  });
});

describe('userMatchesSearch', () => {
  const user = { username: 'joao.silva', nomeCompleto: 'João da Silva', email: 'joao.silva@veritas.com.br' };
  it.each([
    ['JOAO', true],
    ['joão', true],
    ['da silva', true],
    ['veritas.com', true],
    ['', true],
    ['maria', false],
  ])('query %j → %s', (q, expected) => {
    expect(userMatchesSearch(user, q)).toBe(expected);
  });

  it('tolerates missing fields', () => {
    expect(userMatchesSearch({ username: 'ana', nomeCompleto: null, email: undefined }, 'ana')).toBe(true);
  });
});

describe('withDefaultPermission', () => {
  it('makes a non-admin sent without permissions an associado, and keeps every other choice', () => {
    expect(withDefaultPermission(false, [])).toEqual(['Associados']);
    expect(withDefaultPermission(true, [])).toEqual([]);
    expect(withDefaultPermission(false, ['Financeiro'])).toEqual(['Financeiro']);
  });
});

describe('formAccess and formRoleExtras (several team permissions, issue 52)', () => {
  it('adds the team permissions ticked to a team role, in a fixed order, without repeating its own', () => {
    expect(formAccess('associado', ['Suporte', 'Financeiro'])).toEqual({ isAdmin: false, permissions: ['Associados', 'Financeiro', 'Suporte'] });
    expect(formAccess('financeiro', ['Financeiro', 'Suporte'])).toEqual({ isAdmin: false, permissions: ['Financeiro', 'Suporte'] });
    expect(formAccess('suporte')).toEqual({ isAdmin: false, permissions: ['Suporte'] });
  });

  it('gives a board role nothing more, and ignores what is not a team permission', () => {
    expect(formAccess('diretoria', ['Financeiro'])).toEqual({ isAdmin: true, permissions: ['Diretoria'] });
    expect(formAccess('master', ['Suporte'])).toEqual({ isAdmin: true, permissions: ['Master'] });
    expect(formAccess('associado', ['Master', 'Diretoria', 'root'])).toEqual({ isAdmin: false, permissions: ['Associados'] });
  });

  it('reads back what the form stored: role plus extras round-trips', () => {
    for (const [role, extras] of [
      ['associado', ['Financeiro', 'Suporte']],
      ['associado', []],
      ['suporte', ['Financeiro']],
      ['financeiro', []],
    ] as const) {
      const stored = formAccess(role, extras);
      expect([accessToFormRole(stored), formRoleExtras(stored)]).toEqual([role, extras]);
    }
    expect(formRoleExtras({ isAdmin: true, permissions: ['Diretoria', 'Financeiro'] })).toEqual([]);
  });
});

describe('displayedRoles', () => {
  it('shows the displayed role first, then the other team permissions; the board one badge', () => {
    expect(displayedRoles(staff(false, 'Financeiro', 'Associados', 'Suporte'))).toEqual(['Associados', 'Financeiro', 'Suporte']);
    expect(displayedRoles(staff(false, 'Financeiro'))).toEqual(['Financeiro']);
    expect(displayedRoles(staff(false, 'Financeiro', 'Suporte'))).toEqual(['Suporte', 'Financeiro']);
    expect(displayedRoles(staff(true, 'Diretoria', 'Suporte'))).toEqual(['Diretoria']);
    expect(displayedRoles(staff(false))).toEqual(['Associados']);
  });
});
