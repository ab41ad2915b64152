/**
 * Counts that stop (issue 14): the clients list's search counts up to 1,000 matches and beyond
 * says "more than" (`totalExato: false`, `Content-Range: clientes a-b/*`), still paging every
 * match in order; counts under the limit and the CSV export stay exact. Filtered lists stop at the
 * limit too; the whole list is exact on SQLite (a b-tree count) and stops on MySQL/MariaDB (InnoDB
 * walks an index).
 */
import { DataSource } from 'typeorm';
import { cnpjCheckDigits } from '@veritas/common';
import { clienteBusca } from '../../backend/src/clientes/cliente.mapper';
import { Cliente } from '../../backend/src/clientes/entities/cliente.entity';
import { withTransaction } from '../../backend/src/platform/database/transaction';
import { Registro } from '../../backend/src/registros/entities/registro.entity';
import { insertRows } from '../../backend/src/platform/database/insert-rows';
import { TestApi } from '../support/api';
import { databaseKinds, mergeFulltextCaches } from '../support/db';

const N = 1100;

describe.each(databaseKinds())('clients and registros list counts on %s', (kind) => {
  let api: TestApi;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    const ds = api.app.get(DataSource);
    const now = Date.now();
    const rows = Array.from({ length: N }, (_, i) => {
      const base = `${String(70000000 + i)}0001`;
      const c = ds.manager.create(Cliente, {
        createdAt: new Date(now - i * 60_000),
        razaoSocial: `Comércio Contado ${String(i).padStart(4, '0')} Ltda`,
        nomeFantasia: null,
        cnpj: base + cnpjCheckDigits(base),
        cnes: null,
        nire: null,
        email: `contado${i}@exemplo.com.br`,
        emailRF: null,
        telefone: '1133334444',
        celularWhatsApp: '11999990000',
        telefoneResponsavel: null,
        celularWhatsAppResponsavel: null,
        cep: '01310100',
        endereco: 'Avenida Paulista',
        numero: String(i + 1),
        complemento: null,
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        estado: 'SP',
        pais: 'Brasil',
        nomeCompletoResponsavel: 'Ana Souza',
        cargo: 'Sócia',
        dataNascimento: null,
        nomeCompletoAssinanteDBE: 'Ana Souza',
        cargoAssinanteDBE: 'Sócia',
        dataNascimentoAssinanteDBE: null,
        passwordHash: 'x',
        passwordChangedAt: null,
        status: 'ativo',
        inativadoEm: null,
        tipoClienteId: null,
      });
      c.busca = clienteBusca(c);
      return c;
    });
    await withTransaction(ds, (m) => insertRows(m, Cliente, rows));
    // One registro per client, numbered apart from any the API makes.
    const registros = rows.map((c, i) =>
      ds.manager.create(Registro, {
        createdAt: new Date(now - i * 60_000),
        numero: `2020-${String(i + 1).padStart(6, '0')}`,
        clienteId: c.id,
        servico: 'certidao-simplificada',
        tipo: 'Certidão Simplificada',
        descricao: 'Contagem',
        valor: null,
        status: 'pendente',
        responsavelId: null,
        slaDiasUteis: 3,
        prazo: '2027-01-10',
        pausadoEm: null,
        diasUteisRestantes: null,
        encerradoEm: null,
        juntaUf: 'SP',
        etapaAtual: null,
        etapaDesde: null,
      }),
    );
    await withTransaction(ds, (m) => insertRows(m, Registro, registros));
    await mergeFulltextCaches(ds);
  }, 120_000);
  afterAll(() => api.stop());

  const list = (filter: Record<string, unknown>, range: [number, number], sort = '["razaoSocial","ASC"]') =>
    api.get(`/api/clientes?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${JSON.stringify(range)}&sort=${encodeURIComponent(sort)}`, 'master');
  const nome = (i: number) => `Comércio Contado ${String(i).padStart(4, '0')} Ltda`;

  it('stops counting a common search past 1,000 matches and says so, in the body and in Content-Range', async () => {
    const r = await list({ q: 'contado' }, [0, 24]);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1000);
    expect(r.body.totalExato).toBe(false);
    expect(r.headers.get('content-range')).toBe('clientes 0-24/*');
    expect(r.body.data.map((c: any) => c.razaoSocial)).toEqual(Array.from({ length: 25 }, (_, i) => nome(i)));
  });

  it('still pages every match in order, past the counted ones', async () => {
    const r = await list({ q: 'contado' }, [1050, 1074]);
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: any) => c.razaoSocial)).toEqual(Array.from({ length: 25 }, (_, i) => nome(1050 + i)));
    expect(r.headers.get('content-range')).toBe('clientes 1050-1074/*');
    const last = await list({ q: 'contado' }, [1075, 1099]);
    expect(last.body.data).toHaveLength(25);
    expect((await list({ q: 'contado' }, [1100, 1124])).body.data).toEqual([]);
  });

  it('counts exactly under the limit, without a search, and in the CSV export', async () => {
    // "contado10" is in the e-mails contado10, contado100–109 and contado1000–1099: 111 clients.
    const some = await list({ q: 'contado10' }, [0, 9]);
    expect(some.body.total).toBe(111);
    expect(some.body.totalExato).toBeUndefined();
    expect(some.headers.get('content-range')).toBe('clientes 0-9/111');
    const all = await list({}, [0, 9], '["createdAt","DESC"]');
    if (kind === 'sqlite') {
      expect(all.body.total).toBeGreaterThanOrEqual(N);
      expect(all.body.totalExato).toBeUndefined();
      expect(all.headers.get('content-range')).toBe(`clientes 0-9/${all.body.total}`);
    } else {
      expect(all.body).toMatchObject({ total: 1000, totalExato: false });
      expect(all.headers.get('content-range')).toBe('clientes 0-9/*');
    }
    // Filtered past the limit, it stops on both (an index range is walked entry by entry): all 1,100 are active.
    const ativos = await list({ status: 'ativos' }, [0, 9]);
    expect(ativos.body).toMatchObject({ total: 1000, totalExato: false });
    expect(ativos.headers.get('content-range')).toBe('clientes 0-9/*');
    // Under the limit a list without a search is exact on both: the inactive tab holds none of them.
    const inativos = await list({ status: 'inativos' }, [0, 9]);
    expect(inativos.body.totalExato).toBeUndefined();
    expect(inativos.body.total).toBeLessThan(1000);
    expect(inativos.headers.get('content-range')).toMatch(new RegExp(`^clientes \\d+-\\d+/${inativos.body.total}$`));
    const res = await fetch(`${api.baseUrl}/api/clientes/exportar?filter=${encodeURIComponent(JSON.stringify({ q: 'contado' }))}`, {
      headers: { authorization: `Bearer ${api.token.master}` },
    });
    expect(res.headers.get('x-total-count')).toBe(String(N));
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(N + 1);
  });

  it("counts the staff registros list's search the same way, and its export exactly", async () => {
    const url = (filter: Record<string, unknown>, range: [number, number]) =>
      `/api/registros?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${JSON.stringify(range)}&sort=${encodeURIComponent('["numero","ASC"]')}`;
    const many = await api.get(url({ q: 'contado' }, [0, 24]), 'master');
    expect(many.status).toBe(200);
    expect(many.body).toMatchObject({ total: 1000, totalExato: false });
    expect(many.headers.get('content-range')).toBe('registros 0-24/*');
    expect(many.body.data.map((r: any) => r.numero)).toEqual(Array.from({ length: 25 }, (_, i) => `2020-${String(i + 1).padStart(6, '0')}`));
    const deep = await api.get(url({ q: 'contado' }, [1090, 1114]), 'master');
    expect(deep.body.data).toHaveLength(10);
    const few = await api.get(url({ q: 'contado10' }, [0, 9]), 'master');
    expect(few.body.total).toBe(111);
    expect(few.body.totalExato).toBeUndefined();
    const pendentes = await api.get(url({ status: 'pendente' }, [0, 0]), 'master');
    expect(pendentes.body).toMatchObject({ total: 1000, totalExato: false });
    const unfiltered = await api.get(url({}, [0, 0]), 'master');
    if (kind === 'sqlite') {
      expect(unfiltered.body.total).toBeGreaterThanOrEqual(N);
      expect(unfiltered.body.totalExato).toBeUndefined();
    } else {
      expect(unfiltered.body).toMatchObject({ total: 1000, totalExato: false });
    }
    const res = await fetch(`${api.baseUrl}/api/registros/exportar?filter=${encodeURIComponent(JSON.stringify({ q: 'contado' }))}`, {
      headers: { authorization: `Bearer ${api.token.master}` },
    });
    expect(res.headers.get('x-total-count')).toBe(String(N));
  });

  it("pages an associado's list (its own and the unassigned, merged from two index ranges) as the one-query form orders it", async () => {
    const db = api.app.get(DataSource);
    const me = staff.associado.id ?? staff.associado._id;
    const other = staff.diretoria.id ?? staff.diretoria._id;
    const all: { id: string }[] = await db.query('SELECT id FROM registros ORDER BY numero');
    // Every 7th is the associado's, every 11th someone else's; every 13th paused (no due date), others spread over dates.
    for (const [i, r] of all.entries()) {
      const resp = i % 7 === 0 ? me : i % 11 === 0 ? other : null;
      const prazo = i % 13 === 0 ? null : `2027-0${1 + (i % 9)}-1${i % 10}`;
      await db.query('UPDATE registros SET responsavelId = ?, prazo = ? WHERE id = ?', [resp, prazo, r.id]);
    }
    const oracle = async (order: string) =>
      (await db.query(`SELECT id FROM registros r WHERE (r.responsavelId = ? OR r.responsavelId IS NULL) ORDER BY ${order}`, [me])).map((r: any) => r.id);
    const sorts: [string, string][] = [
      ['["createdAt","DESC"]', 'r.createdAt DESC, r.id DESC'],
      ['["numero","ASC"]', 'r.numero ASC, r.id ASC'],
      ['["prazo","ASC"]', 'CASE WHEN r.prazo IS NULL THEN 1 ELSE 0 END ASC, r.prazo ASC, r.id ASC'],
      ['["prazo","DESC"]', 'CASE WHEN r.prazo IS NULL THEN 1 ELSE 0 END ASC, r.prazo DESC, r.id DESC'],
    ];
    for (const [sort, order] of sorts) {
      const expected = await oracle(order);
      // The first pages are merged from the two ranges; past 250 rows the single query serves them.
      for (const range of [[0, 24], [25, 49], [230, 259], [300, 324]] as [number, number][]) {
        const r = await api.get(`/api/registros?range=${JSON.stringify(range)}&sort=${encodeURIComponent(sort)}`, 'associado');
        expect(r.status).toBe(200);
        expect([sort, range, r.body.data.map((x: any) => x._id ?? x.id)]).toEqual([sort, range, expected.slice(range[0], range[1] + 1)]);
        // Each range counted under 1,000 (also where counts stop at the limit): their sum is exact, past 1,000 too.
        expect([r.body.total, r.body.totalExato]).toEqual([expected.length, undefined]);
      }
    }
    // Narrowed to its own: the unassigned range is empty, the count exact on both.
    const mine = await api.get(`/api/registros?filter=${encodeURIComponent(JSON.stringify({ responsavelId: 'me' }))}&range=[0,9]`, 'associado');
    expect(mine.body.total).toBe(all.filter((_, i) => i % 7 === 0).length);
    expect(mine.body.totalExato).toBeUndefined();
  }, 120_000);
  it('pages "vencidos", "vencem em N dias úteis" and the open ones (one index range per open status, and the exigências) as the one-query form orders them', async () => {
    const db = api.app.get(DataSource);
    const me = staff.associado.id ?? staff.associado._id;
    const all: { id: string }[] = await db.query('SELECT id FROM registros ORDER BY numero');
    // Due dates far before or far after any "today" this test meets, so the window is known without the calendar.
    for (const [i, r] of all.entries()) {
      const status = ['concluido', 'pendente', 'andamento', 'pendente', 'andamento'][i % 5];
      const prazo = i % 13 === 0 ? null : i % 2 ? `2025-0${1 + (i % 9)}-1${i % 10}` : `2031-0${1 + (i % 9)}-1${i % 10}`;
      const exigenciaPrazo = i % 17 === 0 ? '2025-06-01' : null;
      await db.query('UPDATE registros SET status = ?, prazo = ?, exigenciaPrazo = ? WHERE id = ?', [status, prazo, exigenciaPrazo, r.id]);
    }
    const filters: [Record<string, unknown>, string][] = [
      [{ venceEmDiasUteis: 3 }, "r.status IN ('pendente', 'andamento') AND (r.prazo < '2030-01-01' OR r.exigenciaPrazo IS NOT NULL)"],
      [{ vencido: true }, "r.status IN ('pendente', 'andamento') AND r.prazo < '2030-01-01'"],
      [{ vencido: true, venceEmDiasUteis: 3 }, "r.status IN ('pendente', 'andamento') AND r.prazo < '2030-01-01'"],
      [{ aberto: true }, "r.status IN ('pendente', 'andamento')"],
      [{ aberto: true, vencido: true }, "r.status IN ('pendente', 'andamento') AND r.prazo < '2030-01-01'"],
    ];
    const sorts: [string, string][] = [
      ['["prazo","ASC"]', 'CASE WHEN r.prazo IS NULL THEN 1 ELSE 0 END ASC, r.prazo ASC, r.id ASC'],
      ['["prazo","DESC"]', 'CASE WHEN r.prazo IS NULL THEN 1 ELSE 0 END ASC, r.prazo DESC, r.id DESC'],
      ['["createdAt","DESC"]', 'r.createdAt DESC, r.id DESC'],
    ];
    for (const [filter, due] of filters) {
      for (const who of ['master', 'associado'] as const) {
        const scope = who === 'associado' ? ' AND (r.responsavelId = ? OR r.responsavelId IS NULL)' : '';
        for (const [sort, order] of sorts) {
          const expected = (await db.query(`SELECT id FROM registros r WHERE ${due}${scope} ORDER BY ${order}`, who === 'associado' ? [me] : [])).map((r: any) => r.id);
          expect(expected.length).toBeGreaterThan(240);
          for (const range of [[0, 24], [25, 49], [230, 259], [300, 324], [975, 999], [1000, 1024]].filter(([a]) => a < expected.length) as [number, number][]) {
            const url = `/api/registros?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${JSON.stringify(range)}&sort=${encodeURIComponent(sort)}`;
            const r = await api.get(url, who);
            expect(r.status).toBe(200);
            const got = r.body.data.map((x: any) => x._id ?? x.id);
            expect([filter, who, sort, range, got]).toEqual([filter, who, sort, range, expected.slice(range[0], range[1] + 1)]);
            expect(r.body.total).toBe(expected.length);
          }
        }
      }
    }
  }, 120_000);
});
