import { CSV_BOM, csvHeaderLine, DOCUMENTOS_CSV, MENSAGENS_CSV, REGISTROS_CSV } from '@veritas/common';
import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

/**
 * Issue 10: a list longer than the browser exports (200 rows) is exported by the server, streamed,
 * through the same query, filters, sort and record-access rule as the list itself.
 */
describe.each(databaseKinds())('CSV export on %s', (kind) => {
  let api: TestApi;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;
  let clienteA: any;
  const N = 450;

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    clienteA = await api.withCliente('clienteA', { razaoSocial: '+Mais Serviços; "Aspas" Ltda' });
    for (let i = 0; i < N; i++) {
      const body: Record<string, unknown> = { clienteId: clienteA._id, servico: 'certidao-simplificada', descricao: `Pedido ${i}` };
      // A third is the associado's own; the rest stay without a responsible person or go to the board.
      if (i % 3 === 0) body.responsavelId = staff.associado._id;
      else if (i % 3 === 1) body.responsavelId = staff.diretoria._id;
      const r = await api.post('/api/registros', body, 'master');
      if (r.status !== 201) throw new Error(`registro ${i}: ${r.status} ${JSON.stringify(r.body)}`);
    }
  }, 120_000);
  afterAll(() => api.stop());

  async function csv(url: string, as: string) {
    const res = await fetch(api.baseUrl + url, { headers: { authorization: `Bearer ${api.token[as]}` } });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), total: res.headers.get('x-total-count'), text: await res.text() };
  }

  /** Every row of a list, paged the way the panel pages it. */
  async function listAll(path: string, filter: object, sort: [string, string], as: string) {
    const rows: any[] = [];
    for (let start = 0; ; start += 200) {
      const q = `filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(JSON.stringify([start, start + 199]))}`;
      const r = await api.get(`${path}?${q}`, as);
      expect(r.status).toBe(200);
      rows.push(...r.body.data);
      if (rows.length >= r.body.total) return rows;
    }
  }

  const lines = (text: string) => text.split('\r\n').filter((l) => l !== '');

  it('streams the whole sorted list past the page limit, with the BOM and the pt-BR headers', async () => {
    const sort = encodeURIComponent(JSON.stringify(['numero', 'DESC']));
    const r = await csv(`/api/registros/exportar?sort=${sort}`, 'master');
    expect(r.status).toBe(200);
    expect(r.type).toBe('text/csv; charset=utf-8');
    expect(r.disposition).toMatch(/^attachment; filename="registros-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(r.total).toBe(String(N));
    // fetch's text() drops a leading BOM; the raw bytes are checked below.
    const [head, ...rows] = lines(r.text.startsWith(CSV_BOM) ? r.text.slice(1) : r.text);
    expect(head).toBe(csvHeaderLine(REGISTROS_CSV));
    expect(rows).toHaveLength(N);
    // As the browser writes it (toCsv): CRLF between lines, none after the last.
    expect(r.text.endsWith('\r\n')).toBe(false);
    const numeros = rows.map((l) => l.split(';')[0]);
    expect(new Set(numeros).size).toBe(N);
    expect([...numeros].sort().reverse()).toEqual(numeros);
  });

  it('starts with the UTF-8 byte-order mark, so Excel reads the accents', async () => {
    const res = await fetch(`${api.baseUrl}/api/registros/exportar`, { headers: { authorization: `Bearer ${api.token.master}` } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Serviço;Status;Responsável');
  });

  it('writes the same rows as the list for the same filter, and the associado only what it may see', async () => {
    for (const [as, filter] of [
      ['master', { responsavelId: staff.diretoria._id }],
      ['associado', {}],
      ['master', { q: 'Aspas' }],
    ] as const) {
      const f = encodeURIComponent(JSON.stringify(filter));
      const r = await csv(`/api/registros/exportar?filter=${f}&sort=${encodeURIComponent('["numero","ASC"]')}`, as);
      expect(r.status).toBe(200);
      const listed = await listAll('/api/registros', filter, ['numero', 'ASC'], as);
      expect(lines(r.text).slice(1).map((l) => l.split(';')[0])).toEqual(listed.map((x) => x.numero));
    }
    const own = await listAll('/api/registros', {}, ['numero', 'ASC'], 'associado');
    // Its own third and the unassigned third: never the diretoria's.
    expect(own.length).toBe(N - Math.floor((N + 1) / 3));
  });

  it('quotes separators and quotes, and keeps a spreadsheet from running a client name as a formula', async () => {
    const r = await csv('/api/registros/exportar', 'master');
    expect(r.text).toContain(`;"'+Mais Serviços; ""Aspas"" Ltda";`);
    const c = await csv(`/api/clientes/exportar?filter=${encodeURIComponent(JSON.stringify({ q: 'Aspas' }))}`, 'master');
    expect(c.status).toBe(200);
    const [, row] = lines(c.text);
    expect(row.startsWith(`"'+Mais Serviços; ""Aspas"" Ltda";`)).toBe(true);
  });

  it('answers a bad filter or sort with a pt-BR 400 before sending anything', async () => {
    const bad = await api.get(`/api/registros/exportar?filter=${encodeURIComponent('{"nada":1}')}`, 'master');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Filtro "nada" desconhecido/);
    const sort = await api.get(`/api/clientes/exportar?sort=${encodeURIComponent('["__proto__","ASC"]')}`, 'master');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/Não é possível ordenar/);
  });

  it('exports documents and contact messages with their own headers, and refuses who may not see them', async () => {
    const d = await csv('/api/documentos/exportar', 'master');
    expect(d.status).toBe(200);
    expect(lines(d.text)).toEqual([csvHeaderLine(DOCUMENTOS_CSV)]);
    const m = await csv('/api/contato/exportar', 'diretoria');
    expect(m.status).toBe(200);
    expect(lines(m.text)[0]).toBe(csvHeaderLine(MENSAGENS_CSV));
    expect((await csv('/api/registros/exportar', 'clienteA')).status).toBe(403);
    const anon = await fetch(`${api.baseUrl}/api/clientes/exportar`);
    expect(anon.status).toBe(401);
  });
});
