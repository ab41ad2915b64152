import { DataSource } from 'typeorm';
import { ClientesService } from '../../backend/src/clientes/clientes.service';
import { databaseKinds } from '../support/db';
import { clienteFixture, TestApi } from '../support/api';

/**
 * Issue 14: the clients' list keeps its count while the clients' version is unchanged, and its deep
 * pages (newest first and by name) seek from rows noted by earlier pages. Here "deep" starts at offset
 * 3; every page of every variant (both orders of both columns, the Ativos tab, a search) must be the
 * same rows as the same slice of the whole list read at once, before and after writes that move rows
 * (ties in createdAt and in the name broken by id; a new client, a rename, an inactivation by a bare
 * UPDATE of the status, a deletion), and every count must equal a COUNT in SQL after each write.
 */
describe.each(databaseKinds())('the clients list, kept counts and deep pages, on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  let service: ClientesService;
  const ids: string[] = [];

  const novo = async (razaoSocial: string) => {
    const r = await api.post('/api/clientes', { ...clienteFixture(), razaoSocial }, 'master');
    expect(r.status).toBe(201);
    return r.body.data._id as string;
  };

  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
    db = api.app.get(DataSource);
    service = api.app.get(ClientesService);
    service.lista.anchorFrom = 3;
    // Names repeat every 4 clients (ties in the by-name order); "Quimera" in every other one.
    for (let i = 0; i < 24; i++) ids.push(await novo(`${['Alfa', 'Beta', 'Gama', 'Delta'][i % 4]}${i % 2 ? ' Quimera' : ''} Comércio Ltda`));
    // Three clients a second (ties), every third one inativo.
    for (const [i, id] of ids.entries()) {
      await db.query('UPDATE clientes SET createdAt = ?, status = ? WHERE id = ?', [`2026-03-01 10:00:${String(Math.floor(i / 3)).padStart(2, '0')}`, i % 3 ? 'ativo' : 'inativo', id]);
    }
  }, 120_000);
  afterAll(() => api.stop());

  const url = (filter: object, sort: string, from: number, to: number) =>
    `/api/clientes?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(sort)}&range=[${from},${to}]`;
  const variants: [string, object, string][] = [
    ['newest first', {}, '["createdAt","DESC"]'],
    ['oldest first', {}, '["createdAt","ASC"]'],
    ['by name', {}, '["razaoSocial","ASC"]'],
    ['by name, descending', {}, '["razaoSocial","DESC"]'],
    ['ativos', { status: 'ativos' }, '["createdAt","DESC"]'],
    ['a search by name', { q: 'quimera' }, '["razaoSocial","ASC"]'],
  ];

  async function everyPageMatches() {
    for (const [name, filter, sort] of variants) {
      const all = await api.get(url(filter, sort, 0, 199), 'master');
      expect(all.status).toBe(200);
      const whole: string[] = all.body.data.map((c: any) => c._id);
      expect(whole.length).toBeGreaterThan(6);
      // Twice: the first pass notes rows, the second seeks from them.
      for (let pass = 0; pass < 2; pass++) {
        for (let from = 3; from < whole.length; from++) {
          const page = await api.get(url(filter, sort, from, from + 3), 'master');
          expect([name, pass, from, page.status]).toEqual([name, pass, from, 200]);
          expect([name, pass, from, page.body.data.map((c: any) => c._id)]).toEqual([name, pass, from, whole.slice(from, from + 4)]);
        }
      }
    }
  }

  const totals = async () => {
    const out: number[] = [];
    for (const [, filter, sort] of variants) {
      const r = await api.get(url(filter, sort, 0, 2), 'master');
      expect(r.status).toBe(200);
      out.push(r.body.total);
    }
    return out;
  };
  const expected = async () => {
    const n = async (where: string) => Number((await db.query(`SELECT COUNT(*) AS n FROM clientes WHERE ${where}`))[0].n);
    const all = await n('1 = 1');
    return [all, all, all, all, await n("status = 'ativo'"), await n("razaoSocial LIKE '%Quimera%'")];
  };

  it('gives every deep page the rows of the same slice of the whole list, seeking from noted rows', async () => {
    await everyPageMatches();
    expect(service.lista.anchors.size).toBeGreaterThanOrEqual(variants.length);
  });

  it('after writes that move rows, the rows noted at the old version are not used', async () => {
    await everyPageMatches();
    await novo('Beta Quimera Comércio Ltda'); // newest, and among the Betas by name
    await db.query("UPDATE clientes SET createdAt = '2026-03-01 10:00:01' WHERE id = ?", [ids[20]]);
    const renamed = await api.put(`/api/clientes/${ids[5]}`, { razaoSocial: 'Aaa Quimera Comércio Ltda' }, 'master');
    expect(renamed.status).toBe(200);
    await db.query("UPDATE clientes SET status = 'inativo' WHERE id = ?", [ids[7]]);
    await db.query('DELETE FROM clientes WHERE id = ?', [ids[11]]);
    await everyPageMatches();
  });

  it("keeps each list's count while nothing moved, and counts again after each kind of write", async () => {
    expect(await totals()).toEqual(await expected());
    const kept = service.lista.counts.size;
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(await totals()).toEqual(await expected());
    expect(service.lista.counts.size).toBe(kept);
    await novo('Gama Quimera Comércio Ltda');
    expect(await totals()).toEqual(await expected());
    // A bare status change (no inativadoEm): the Ativos tab must move.
    await db.query("UPDATE clientes SET status = 'inativo' WHERE id = ?", [ids[1]]);
    expect(await totals()).toEqual(await expected());
    await db.query("UPDATE clientes SET status = 'ativo' WHERE id = ?", [ids[0]]);
    expect(await totals()).toEqual(await expected());
    const renamed = await api.put(`/api/clientes/${ids[2]}`, { razaoSocial: 'Gama Quimera Serviços Ltda' }, 'master');
    expect(renamed.status).toBe(200);
    expect(await totals()).toEqual(await expected());
    await db.query('DELETE FROM clientes WHERE id = ?', [ids[4]]);
    expect(await totals()).toEqual(await expected());
  });
  it('gives a repeated page again while nothing it shows changed, and follows every change to what it shows', async () => {
    const page = async (filter: object = {}, who = 'master') => {
      // Pages of up to 100 are kept whole (the screen's), larger ones (the export's) are not.
      const r = await api.get(url(filter, '["createdAt","DESC"]', 0, 99), who);
      expect(r.status).toBe(200);
      expect(r.body.total).toBeLessThan(100);
      return r.body.data as any[];
    };
    const first = await page();
    const alvo = first[first.length - 1]._id;
    const made = service.lista.made;
    expect(await page()).toEqual(first);
    // Another staff member who may list clients is given the same answer.
    expect(await page({}, 'diretoria')).toEqual(first);
    expect(service.lista.made).toBe(made);
    const linha = async () => (await page()).find((c) => c._id === alvo);
    // Each column the response shows, changed without the API (no process could forget it): shown at once.
    const changes: [string, string, string][] = [
      ['nomeFantasia', 'Fantasia do Banco', 'Fantasia do Banco'],
      ['cnes', '7654321', '7654321'],
      ['nire', '35300012345', '35300012345'],
      ['email', 'mudado@exemplo.com.br', 'mudado@exemplo.com.br'],
      ['emailRF', 'rf@exemplo.com.br', 'rf@exemplo.com.br'],
      ['telefone', '1133334444', '(11) 3333-4444'],
      ['celularWhatsApp', '11988887777', '(11) 98888-7777'],
      ['telefoneResponsavel', '2133334444', '(21) 3333-4444'],
      ['celularWhatsAppResponsavel', '21988887777', '(21) 98888-7777'],
      ['cep', '01310100', '01310-100'],
      ['endereco', 'Avenida Paulista', 'Avenida Paulista'],
      ['numero', '1578', '1578'],
      ['complemento', 'Sala 2', 'Sala 2'],
      ['bairro', 'Bela Vista', 'Bela Vista'],
      ['cidade', 'São Paulo', 'São Paulo'],
      ['estado', 'SP', 'SP'],
      ['pais', 'Brasil (BR)', 'Brasil (BR)'],
      ['nomeCompletoResponsavel', 'Responsável do Banco', 'Responsável do Banco'],
      ['cargo', 'Sócia', 'Sócia'],
      ['dataNascimento', '1980-02-03', '1980-02-03'],
      ['nomeCompletoAssinanteDBE', 'Assinante do Banco', 'Assinante do Banco'],
      ['cargoAssinanteDBE', 'Administradora', 'Administradora'],
      ['dataNascimentoAssinanteDBE', '1979-04-05', '1979-04-05'],
    ];
    for (const [column, value, shown] of changes) {
      await db.query(`UPDATE clientes SET ${column} = ? WHERE id = ?`, [value, alvo]);
      expect([column, (await linha())[column]]).toEqual([column, shown]);
    }
    await db.query("UPDATE clientes SET updatedAt = '2026-04-05 06:07:08' WHERE id = ?", [alvo]);
    expect(String((await linha()).updatedAt).slice(0, 10)).toBe('2026-04-05');
    expect(service.lista.made).toBeGreaterThan(made + changes.length / 2);
  });

  it('makes a page once for the requests that ask for it together after a write, and shows the write to each', async () => {
    const id = await novo('Zircônia Concorrente Ltda');
    const made = service.lista.made;
    const all = await Promise.all(Array.from({ length: 12 }, () => api.get(url({}, '["createdAt","DESC"]', 0, 24), 'master')));
    for (const r of all) expect([r.status, r.body.data.some((c: any) => c._id === id)]).toEqual([200, true]);
    expect(service.lista.made).toBe(made + 1);
  });

  it('keeps a search that finds nothing, and finds the client created after it', async () => {
    const busca = async () => {
      const r = await api.get(url({ q: 'Xylofonia' }, '["createdAt","DESC"]', 0, 24), 'master');
      expect(r.status).toBe(200);
      return r.body;
    };
    expect(await busca()).toEqual({ data: [], total: 0 });
    const made = service.lista.made;
    expect(await busca()).toEqual({ data: [], total: 0 });
    expect(service.lista.made).toBe(made);
    const id = await novo('Xylofonia Instrumentos Ltda');
    const depois = await busca();
    expect([depois.total, depois.data.map((c: any) => c._id)]).toEqual([1, [id]]);
  });
});
