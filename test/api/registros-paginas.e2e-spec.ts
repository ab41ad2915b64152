import * as http from 'node:http';
import * as zlib from 'node:zlib';
import { DataSource } from 'typeorm';
import { RegistrosQueryService } from '../../backend/src/registros/registros-query.service';
import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

/**
 * Issue 14: deep pages of the registros list seek from a row noted by an earlier page instead of
 * walking every row before them. Here "deep" starts at offset 3, and every page of every variant
 * (both orders, a filter, an associado's two-part rule) must be the same rows as the same slice of
 * the whole list read at once, before and after writes that move rows — registros created in the
 * same second (ties broken by id), a new one, one moved in time, one deleted.
 */
describe.each(databaseKinds())('deep pages of the registros list on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  let service: RegistrosQueryService;
  let staff: Record<string, any>;
  let cliente: any;
  const ids: string[] = [];

  const novo = async () => {
    const r = await api.post('/api/registros', { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Página' }, 'master');
    expect(r.status).toBe(201);
    return r.body.data._id as string;
  };

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    cliente = await api.withCliente('clienteP');
    db = api.app.get(DataSource);
    service = api.app.get(RegistrosQueryService);
    service.lista.anchorFrom = 3;
    for (let i = 0; i < 30; i++) ids.push(await novo());
    // Three registros a second (ties), every other one pendente, every fifth concluído, a third of them the
    // associado's; three deadlines (ties) and every fourth without one.
    for (const [i, id] of ids.entries()) {
      const second = String(Math.floor(i / 3)).padStart(2, '0');
      await db.query('UPDATE registros SET createdAt = ?, status = ?, responsavelId = ?, prazo = ? WHERE id = ?', [
        `2026-03-01 10:00:${second}`,
        i % 5 === 4 ? 'concluido' : i % 2 ? 'pendente' : 'andamento',
        i % 3 === 0 ? staff.associado._id : null,
        i % 4 === 0 ? null : `2027-02-0${(i % 3) + 1}`,
        id,
      ]);
    }
  }, 120_000);
  afterAll(() => api.stop());

  const url = (filter: object, sort: string, from: number, to: number) =>
    `/api/registros?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(sort)}&range=[${from},${to}]`;
  const variants: [string, object, string, string][] = [
    ['newest first', {}, '["createdAt","DESC"]', 'master'],
    ['oldest first', {}, '["createdAt","ASC"]', 'master'],
    ['pendentes', { status: 'pendente' }, '["createdAt","DESC"]', 'master'],
    ["an associado's", {}, '["createdAt","DESC"]', 'associado'],
    // Split into one part per open status (pageOfParts): in an order with noted rows, and in one without.
    ['abertos', { aberto: true }, '["createdAt","DESC"]', 'master'],
    ['abertos by prazo', { aberto: true }, '["prazo","ASC"]', 'master'],
    ["an associado's abertos, oldest first", { aberto: true }, '["createdAt","ASC"]', 'associado'],
  ];

  async function everyPageMatches() {
    for (const [name, filter, sort, who] of variants) {
      const all = await api.get(url(filter, sort, 0, 199), who);
      expect(all.status).toBe(200);
      const whole: string[] = all.body.data.map((r: any) => r._id);
      expect(whole.length).toBeGreaterThan(6);
      // Twice: the first pass notes rows, the second seeks from them (and from its neighbours').
      for (let pass = 0; pass < 2; pass++) {
        for (let from = 3; from < whole.length; from++) {
          const page = await api.get(url(filter, sort, from, from + 3), who);
          expect([name, pass, from, page.status]).toEqual([name, pass, from, 200]);
          expect([name, pass, from, page.body.data.map((r: any) => r._id)]).toEqual([name, pass, from, whole.slice(from, from + 4)]);
        }
      }
    }
  }

  it('gives every deep page the rows of the same slice of the whole list, seeking from noted rows', async () => {
    await everyPageMatches();
    expect(service.lista.anchors.size).toBeGreaterThanOrEqual(variants.filter(([, , sort]) => sort.includes('createdAt')).length);
  });

  it('after writes that move rows, the noted rows of the old version are not used', async () => {
    await everyPageMatches();
    await novo(); // first in the newest-first order: every deep page moves by one
    await db.query("UPDATE registros SET createdAt = '2026-03-01 10:00:04' WHERE id = ?", [ids[27]]);
    await db.query("UPDATE registros SET status = 'pendente' WHERE id = ?", [ids[10]]);
    await db.query('DELETE FROM registros WHERE id = ?', [ids[13]]);
    await everyPageMatches();
  });

  it("keeps a list's count while nothing moved, and counts again after a write, on every list", async () => {
    const totals = async () => {
      const out: number[] = [];
      for (const [, filter, sort, who] of variants) {
        const r = await api.get(url(filter, sort, 0, 4), who);
        expect(r.status).toBe(200);
        out.push(r.body.total);
      }
      return out;
    };
    const expected = async () => {
      const n = async (where: string, params: unknown[] = []) => Number((await db.query(`SELECT COUNT(*) AS n FROM registros WHERE ${where}`, params))[0].n);
      const all = await n('1 = 1');
      const abertos = "status IN ('pendente', 'andamento')";
      return [
        all,
        all,
        await n("status = 'pendente'"),
        await n('responsavelId = ? OR responsavelId IS NULL', [staff.associado._id]),
        await n(abertos),
        await n(abertos),
        await n(`${abertos} AND (responsavelId = ? OR responsavelId IS NULL)`, [staff.associado._id]),
      ];
    };
    expect(await totals()).toEqual(await expected());
    const kept = service.lista.counts.size;
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(await totals()).toEqual(await expected());
    await novo();
    await db.query("UPDATE registros SET status = 'pendente', responsavelId = NULL WHERE id = ?", [ids[0]]);
    expect(await totals()).toEqual(await expected());
    await db.query('DELETE FROM registros WHERE id = ?', [ids[1]]);
    expect(await totals()).toEqual(await expected());
  });

  it('keeps the count of a stage and of the overdue ones until a stage moves or an exigência opens', async () => {
    const total = async (filter: object) => {
      const r = await api.get(url(filter, '["createdAt","DESC"]', 0, 4), 'master');
      expect(r.status).toBe(200);
      return r.body.total;
    };
    const n = async (where: string) => Number((await db.query(`SELECT COUNT(*) AS n FROM registros WHERE ${where}`))[0].n);
    await db.query("UPDATE registros SET etapaAtual = 'Etapa de Teste', prazo = '2020-01-01' WHERE id IN (?, ?)", [ids[3], ids[4]]);
    expect(await total({ etapa: 'Etapa de Teste' })).toBe(2);
    const vencidos = await total({ vencido: true });
    expect(vencidos).toBe(await n("status IN ('pendente', 'andamento') AND prazo < '2026-01-01'"));
    expect(await total({ etapa: 'Etapa de Teste' })).toBe(2);
    await db.query("UPDATE registros SET etapaAtual = 'Etapa de Teste' WHERE id = ?", [ids[5]]);
    expect(await total({ etapa: 'Etapa de Teste' })).toBe(3);
    await db.query("UPDATE registros SET prazo = '2099-01-01' WHERE id = ?", [ids[3]]);
    expect(await total({ vencido: true })).toBe(vencidos - 1);
    const emExigencia = await total({ emExigencia: true });
    await db.query("UPDATE registros SET exigenciaPrazo = '2099-01-01' WHERE id = ?", [ids[6]]);
    expect(await total({ emExigencia: true })).toBe(emExigencia + 1);
  });

  it("keeps a search's count until a matching client is renamed or gets a registro", async () => {
    const zebra = await api.withCliente('clienteZ', { razaoSocial: 'Zebra Xilografia Ltda', nomeFantasia: 'Zebra Xilografia' });
    const total = async (q: string) => {
      const r = await api.get(url({ q }, '["createdAt","DESC"]', 0, 4), 'master');
      expect(r.status).toBe(200);
      return r.body.total;
    };
    const doZebra = async () => {
      const r = await api.post('/api/registros', { clienteId: zebra._id, servico: 'certidao-simplificada', descricao: 'Zebra' }, 'master');
      expect(r.status).toBe(201);
    };
    await doZebra();
    await doZebra();
    expect(await total('xilografia')).toBe(2);
    const counts = service.lista.counts.size;
    expect(await total('xilografia')).toBe(2);
    expect(service.lista.counts.size).toBe(counts);
    await doZebra();
    expect(await total('xilografia')).toBe(3);
    const renamed = await api.put(`/api/clientes/${zebra._id}`, { razaoSocial: 'Zebra Marcenaria Ltda', nomeFantasia: 'Zebra Marcenaria' }, 'master');
    expect(renamed.status).toBe(200);
    expect(await total('xilografia')).toBe(0);
    expect(await total('marcenaria')).toBe(3);
  });

  it("narrows a search to the clients it matches, in any order, and follows a new client", async () => {
    const regs = async (clienteId: string, n: number) => {
      for (let i = 0; i < n; i++) {
        const r = await api.post('/api/registros', { clienteId, servico: 'certidao-simplificada', descricao: 'Quiosque' }, 'master');
        expect(r.status).toBe(201);
      }
    };
    // 14 clients "Quiosque", 3 of them also "Litoral".
    for (let i = 0; i < 14; i++) {
      const c = await api.withCliente(`quiosque${i}`, { razaoSocial: `Quiosque ${i < 3 ? 'Litoral' : 'Serra'} ${i} Ltda` });
      await regs(c._id, 1 + (i % 2));
    }
    const n = async (termo: string) =>
      Number((await db.query(`SELECT COUNT(*) AS n FROM registros r JOIN clientes c ON c.id = r.clienteId WHERE c.razaoSocial LIKE ?`, [`%${termo}%`]))[0].n);
    for (const [termo, sort] of [
      ['quiosque', '["createdAt","DESC"]'],
      ['quiosque litoral', '["createdAt","DESC"]'],
      ['quiosque litoral', '["prazo","ASC"]'],
    ]) {
      const all = await api.get(url({ q: termo }, sort, 0, 199), 'master');
      expect([termo, all.status, all.body.total]).toEqual([termo, 200, await n(termo.replace(' ', '%'))]);
      const whole = all.body.data.map((r: any) => r._id);
      for (let from = 0; from < whole.length; from += 2) {
        const page = await api.get(url({ q: termo }, sort, from, from + 1), 'master');
        expect([termo, sort, from, page.body.data.map((r: any) => r._id)]).toEqual([termo, sort, from, whole.slice(from, from + 2)]);
      }
    }
    // A client created after the terms were looked up: the kept set of clients is not used any more.
    const novo = await api.withCliente('quiosqueNovo', { razaoSocial: 'Quiosque Litoral Novo Ltda' });
    await regs(novo._id, 2);
    for (const termo of ['quiosque', 'quiosque litoral']) {
      const r = await api.get(url({ q: termo }, '["createdAt","DESC"]', 0, 4), 'master');
      expect([termo, r.body.total]).toEqual([termo, await n(termo.replace(' ', '%'))]);
      expect(r.body.data.length).toBeGreaterThan(0);
    }
  });
  it("shows the client's and the staff member's current names, kept between pages until either is renamed", async () => {
    const page = async () => {
      const r = await api.get(url({}, '["createdAt","DESC"]', 0, 199), 'master');
      expect(r.status).toBe(200);
      return r.body.data as any[];
    };
    const alvo = (await page()).find((x) => x.clienteId === cliente._id && x.responsavelId === staff.associado._id && x.status === 'pendente')._id;
    // A due date further than the calendar counts (written outside the app) has no count of days, and the
    // page still answers (it answered 500).
    await db.query("UPDATE registros SET prazo = '2099-01-01' WHERE id = ?", [alvo]);
    const longe = (await page()).find((x) => x._id === alvo);
    expect([longe.prazo, longe.diasUteisRestantes]).toEqual(['2099-01-01', null]);
    const nomes = async (id: string) => {
      const r = (await page()).find((x) => x._id === id);
      return [r.clienteNome, r.responsavelNome];
    };
    const [cli] = await db.query('SELECT razaoSocial AS n FROM clientes WHERE id = ?', [cliente._id]);
    const [assoc] = await db.query('SELECT nomeCompleto AS n FROM users WHERE id = ?', [staff.associado._id]);
    expect(await nomes(alvo)).toEqual([cli.n, assoc.n]);
    // Kept: a second read of the same pages asks for no name.
    const fetched: string[] = [];
    const names = (service.lista as any).shown;
    const of = names.of.bind(names);
    names.of = (table: string, idList: string[], version: string | null, fetch: (ids: string[]) => Promise<Map<string, string>>) =>
      of(table, idList, version, (missing: string[]) => (fetched.push(table), fetch(missing)));
    try {
      await page();
      expect(fetched).toEqual([]);
      // Renamed without the API (no process could forget): the next page shows the new names.
      await db.query('UPDATE clientes SET razaoSocial = ? WHERE id = ?', ['Renomeada Pelo Banco Ltda', cliente._id]);
      expect(await nomes(alvo)).toEqual(['Renomeada Pelo Banco Ltda', assoc.n]);
      await db.query('UPDATE users SET nomeCompleto = ? WHERE id = ?', ['Nome Novo da Equipe', staff.associado._id]);
      expect(await nomes(alvo)).toEqual(['Renomeada Pelo Banco Ltda', 'Nome Novo da Equipe']);
      expect(fetched.sort()).toEqual(['clientes', 'clientes', 'users', 'users']);
    } finally {
      names.of = of;
      await db.query('UPDATE clientes SET razaoSocial = ? WHERE id = ?', [cli.n, cliente._id]);
      await db.query('UPDATE users SET nomeCompleto = ? WHERE id = ?', [assoc.n, staff.associado._id]);
    }
  });
  it('sends a kept page to a browser compressed once: the same bytes each time, the same JSON as uncompressed, headers and all', async () => {
    const path = url({}, '["createdAt","DESC"]', 0, 24);
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const target = new URL(api.baseUrl + path);
        http
          .get(target, { headers: { authorization: `Bearer ${api.token.master}`, 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => (res.statusCode === 200 ? resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }) : reject(new Error(`HTTP ${res.statusCode}`))));
          })
          .on('error', reject);
      });
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.bytes.toString('utf8'));
    expect(json.data.length).toBeGreaterThan(5);
    const made = service.lista.made;
    for (const [asked, sent, open] of [
      ['br', 'br', zlib.brotliDecompressSync],
      // Equal ratings pick brotli (the smaller bytes, made once); a lower rating for br picks gzip.
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip, br;q=0.5', 'gzip', zlib.gunzipSync],
      ['gzip;q=0.5, br', 'br', zlib.brotliDecompressSync],
    ] as const) {
      const a = await raw(asked);
      const b = await raw(asked);
      expect([asked, a.headers['content-encoding'], a.headers.vary, a.headers['content-type']]).toEqual([asked, sent, 'Accept-Encoding', 'application/json; charset=utf-8']);
      expect(a.headers['content-range']).toBe(plain.headers['content-range']);
      expect(Number(a.headers['content-length'])).toBe(a.bytes.length);
      expect(b.bytes.equals(a.bytes)).toBe(true);
      expect(JSON.parse(open(a.bytes).toString('utf8'))).toEqual(json);
    }
    // All of them one kept answer: nothing made again.
    expect(service.lista.made).toBe(made);
    // A deflate-only client is left to the compression middleware.
    const deflated = await raw('deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(zlib.inflateSync(deflated.bytes).toString('utf8'))).toEqual(json);
  });

  it('gives a repeated page again while nothing it shows changed, and follows every change to what it shows', async () => {
    const made = () => service.lista.made;
    const page = async (who = 'master', filter: object = {}) => {
      // Pages of up to 100 are kept whole (the screens'), larger ones (the export's) are not.
      const r = await api.get(url(filter, '["createdAt","DESC"]', 0, 99), who);
      expect(r.status).toBe(200);
      expect(r.body.total).toBeLessThan(100);
      return r.body.data as any[];
    };
    const alvo = ids[2];
    await db.query("UPDATE registros SET status = 'andamento', prazo = NULL, pausadoEm = NULL, diasUteisRestantes = NULL WHERE id = ?", [alvo]);
    const antes = made();
    const first = await page();
    expect(made()).toBe(antes + 1);
    expect(await page()).toEqual(first);
    expect(made()).toBe(antes + 1);
    const linha = async () => (await page()).find((x) => x._id === alvo);
    // Each column the response shows, changed without the API (no process could forget it): shown at once.
    const changes: [string, unknown, string, unknown][] = [
      ['descricao', 'Descrição mudada no banco', 'descricao', 'Descrição mudada no banco'],
      ['valor', 123.45, 'valor', 123.45],
      ['slaDiasUteis', 77, 'slaDiasUteis', 77],
      ['numero', '2026-999999', 'numero', '2026-999999'],
    ];
    for (const [column, value, field, shown] of changes) {
      await db.query(`UPDATE registros SET ${column} = ? WHERE id = ?`, [value, alvo]);
      const r = await linha();
      expect([column, field === 'valor' ? Number(r[field]) : r[field]]).toEqual([column, shown]);
    }
    for (const [column, value] of [
      ['updatedAt', '2026-03-06 09:30:00'],
      ['encerradoEm', '2026-03-07 10:00:00'],
    ]) {
      await db.query(`UPDATE registros SET ${column} = ? WHERE id = ?`, [value, alvo]);
      expect([column, String((await linha())[column]).slice(0, 10)]).toEqual([column, value.slice(0, 10)]);
    }
    await db.query("UPDATE registros SET encerradoEm = NULL, etapaAtual = 'Análise', etapaDesde = '2026-03-05 08:00:00' WHERE id = ?", [alvo]);
    expect(String((await linha()).etapaDesde).slice(0, 10)).toBe('2026-03-05');
    await db.query("UPDATE registros SET etapaDesde = '2026-03-09 08:00:00' WHERE id = ?", [alvo]);
    expect(String((await linha()).etapaDesde).slice(0, 10)).toBe('2026-03-09');
    // A paused clock shows the days kept in the row.
    await db.query("UPDATE registros SET pausadoEm = '2026-03-08', diasUteisRestantes = 9 WHERE id = ?", [alvo]);
    expect([(await linha()).prazoPausado, (await linha()).diasUteisRestantes]).toEqual([true, 9]);
    await db.query('UPDATE registros SET diasUteisRestantes = 4 WHERE id = ?', [alvo]);
    expect((await linha()).diasUteisRestantes).toBe(4);

    // A holiday the firm adds is a day less to count, on the next page.
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const prazo = iso(new Date(today.getTime() + 60 * 86_400_000));
    await db.query('UPDATE registros SET pausadoEm = NULL, diasUteisRestantes = NULL, prazo = ?, juntaUf = ? WHERE id = ?', [prazo, 'SP', alvo]);
    const dias = (await linha()).diasUteisRestantes as number;
    expect(dias).toBeGreaterThan(20);
    const ano = today.getUTCFullYear();
    const conhecidos = new Set<string>();
    for (const y of [ano, ano + 1]) {
      const f = await api.get(`/api/juntas/SP/feriados?ano=${y}`, 'master');
      expect(f.status).toBe(200);
      for (const d of f.body.data) conhecidos.add(d.data);
    }
    let dia = new Date(today.getTime() + 5 * 86_400_000);
    while ([0, 6].includes(dia.getUTCDay()) || conhecidos.has(iso(dia))) dia = new Date(dia.getTime() + 86_400_000);
    const feriado = await api.post('/api/calendario/feriados', { data: iso(dia), nome: 'Feriado da lista' }, 'master');
    expect(feriado.status).toBe(201);
    try {
      expect((await linha()).diasUteisRestantes).toBe(dias - 1);
    } finally {
      await api.del(`/api/calendario/feriados/${feriado.body.data._id}`, 'master');
    }

    // The same request from another scope, or "mine" from another person, is another answer.
    await db.query('UPDATE registros SET responsavelId = ? WHERE id = ?', [staff.diretoria._id, alvo]);
    const todos = (await page('master')).map((x) => x._id);
    expect(todos).toContain(alvo);
    expect((await page('associado')).map((x) => x._id)).not.toContain(alvo);
    expect((await page('master', { responsavelId: 'me' })).map((x) => x._id)).not.toContain(alvo);
    expect((await page('diretoria', { responsavelId: 'me' })).map((x) => x._id)).toContain(alvo);
    expect((await page('master', { responsavelId: 'me' })).map((x) => x._id)).not.toContain(alvo);
  });
});
