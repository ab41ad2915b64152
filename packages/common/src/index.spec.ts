import * as common from './index';

describe('package entry point', () => {
  it.each([
    'onlyDigits', 'normalizeSearch',
    'cleanCnpj', 'cnpjCheckDigits', 'isValidCnpj', 'correctCnpj', 'maskCnpj', 'validateCnpjField', 'cnpjOfficeFields',
    'cleanCep', 'maskCep', 'isValidCep', 'validateCepField',
    'maskPhone', 'isValidPhone',
    'isValidEmail',
    'passwordPolicyErrors', 'checkPasswordPolicy',
    'deriveUserType', 'formRoleToAccess', 'accessToFormRole', 'displayedRole', 'matchesUserTab', 'userMatchesSearch',
    'groupsOf', 'can', 'canSeeRegistro', 'canSeeDocumento', 'canDeleteDocumento', 'registroScope', 'screenAction', 'canManageUser', 'menuFor',
    'formatBRL', 'formatDateBR', 'formatDateTimeBR', 'parseMoney', 'plural', 'withDefaultPermission',
  ])('exports the function %s', (name) => {
    expect(typeof (common as Record<string, unknown>)[name]).toBe('function');
  });

  it.each([
    'STAFF_PERMISSIONS', 'USER_TYPES', 'FORM_ROLES', 'DEFAULT_FORM_ROLE', 'PASSWORD_MIN_LENGTH',
    'ACCESS', 'SELF_DELETE_MESSAGE', 'LAST_MASTER_MESSAGE',
    'CARGOS', 'ESTADOS', 'DEFAULT_PAIS', 'CLIENTE_STATUS',
  ])('exports the constant %s', (name) => {
    expect((common as Record<string, unknown>)[name]).toBeDefined();
  });
});
