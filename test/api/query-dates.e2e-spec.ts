import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

/**
 * Issue 55: every date, instant, year and period in a query string goes through one reader
 * (platform/http/query-params.ts): a bad one is a 400 naming the parameter and the forms it accepts,
 * never a 500 and never a day rolled over (2026-02-30 is not 2 March).
 */
describe.each(databaseKinds())('date and period query parameters on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
  }, 120_000);
  afterAll(() => api.stop());

  const DAY = /use uma data real no formato AAAA-MM-DD \(por exemplo 2026-03-31\)\.$/;
  const INSTANT = /use uma data AAAA-MM-DD ou data e hora ISO 8601/;
  const PERIODO = 'Parâmetro periodo inválido: use 7d, 30d, mes ou ano.';
  const ANO = 'Parâmetro ano inválido: informe um ano entre 2000 e 2100 (por exemplo 2026).';
  const cobrancasFilter = (f: object) => `/api/cobrancas?filter=${encodeURIComponent(JSON.stringify(f))}`;

  it.each([
    ['/api/relatorios/registros-por-status?ate=x', 'ate', DAY],
    ['/api/relatorios/registros-por-status?ate=true', 'ate', DAY],
    ['/api/relatorios/registros-por-status?ate=', 'ate', DAY],
    ['/api/relatorios/registros-por-status?ate=2026-13-45', 'ate', DAY],
    ['/api/relatorios/registros-por-status?de=2026-02-30', 'de', DAY],
    ['/api/relatorios/registros-por-mes?ate=2026-1-5', 'ate', DAY],
    ['/api/agenda?inicio=2026-02-30&fim=2026-03-10', 'inicio', INSTANT],
    ['/api/agenda?inicio=2026-03-01&fim=true', 'fim', INSTANT],
    ['/api/agenda?inicio=2026-03-01T25:00&fim=2026-03-10', 'inicio', INSTANT],
    ['/api/agenda?inicio=2026-03-01&fim=', 'fim', INSTANT],
    ['/api/equipe/ausentes?data=2026-13-45', 'data', DAY],
    ['/api/equipe/ausentes?data=', 'data', DAY],
    [cobrancasFilter({ vencimentoDe: '2026-02-30' }), 'vencimentoDe', DAY],
    [cobrancasFilter({ vencimentoAte: 20260101 }), 'vencimentoAte', DAY],
  ])('GET %s → 400 naming %s and the accepted forms', async (url, name, forms) => {
    const r = await api.get(url, 'master');
    expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(new RegExp(`^Parâmetro ${name} inválido: `))]);
    expect(r.body.message).toMatch(forms);
  });

  it.each(['/api/dashboard?periodo=true', '/api/equipe?periodo=2026-01', '/api/financas/resumo?periodo=x'])('GET %s → 400 with the periods', async (url) => {
    const r = await api.get(url, 'master');
    expect([r.status, r.body.message]).toEqual([400, PERIODO]);
  });

  it.each(['/api/calendario/feriados?ano=2026x', '/api/calendario/feriados?ano=1999', '/api/juntas/SP/feriados?ano=true'])('GET %s → 400 with the years', async (url) => {
    const r = await api.get(url, 'master');
    expect([r.status, r.body.message]).toEqual([400, ANO]);
  });

  it('still answers the good forms and the defaults', async () => {
    for (const url of [
      '/api/relatorios/registros-por-status?de=2026-01-01&ate=2026-03-31',
      '/api/relatorios/registros-por-status',
      '/api/agenda?inicio=2026-03-01&fim=2026-03-10',
      '/api/agenda?inicio=2026-03-01T08:00:00-03:00&fim=2026-03-10T08:00:00Z',
      '/api/equipe/ausentes?data=2026-02-28',
      '/api/equipe/ausentes',
      '/api/dashboard?periodo=',
      '/api/calendario/feriados?ano=2026',
      '/api/juntas/SP/feriados',
      cobrancasFilter({ vencimentoDe: '2026-01-01', vencimentoAte: '2026-12-31' }),
    ]) {
      const r = await api.get(url, 'master');
      expect([url, r.status]).toEqual([url, 200]);
    }
    const rel = await api.get('/api/relatorios/registros-por-status?de=2026-01-01&ate=2026-03-31', 'master');
    expect([rel.body.data.de, rel.body.data.ate]).toEqual(['2026-01-01', '2026-03-31']);
  });
});
