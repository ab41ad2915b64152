import { isPortalPath, PORTAL_PATHS } from './portal';

describe('isPortalPath: where a client notice may lead (Novidades, ADR 0052)', () => {
  it.each([
    PORTAL_PATHS.dashboard,
    PORTAL_PATHS.registro('5f0c1e9a-3b2d-4c8e-9a7f-1d2e3f4a5b6c'),
    PORTAL_PATHS.cobranca('cb1'),
    PORTAL_PATHS.agenda,
    PORTAL_PATHS.meusDados,
    PORTAL_PATHS.novidades,
  ])('%s is a portal path', (path) => {
    expect(isPortalPath(path)).toBe(true);
  });

  it.each([undefined, '', '/', '/painel', '/clientes', 'https://evil.example/cliente', '//evil.example/cliente', '/cliente//evil.example', '/cliente/a b', '/cliente\\x', `/cliente/${'x'.repeat(200)}`, 42])(
    '%p is not',
    (path) => {
      expect(isPortalPath(path)).toBe(false);
    },
  );
});
