import { DataSource } from 'typeorm';
import { cnpjCheckDigits } from '@veritas/common';
import { clienteSearch, type ClientesFts, ftsQuery } from '../../backend/src/clientes/cliente-search';
import { Cliente } from '../../backend/src/clientes/entities/cliente.entity';
import { foldBusca } from '../../backend/src/clientes/cliente.mapper';
import { ClientesFts1764800000000 } from '../../backend/src/platform/database/migrations/1764800000000-ClientesFts';
import { SufixosIndex1765600000000 } from '../../backend/src/platform/database/migrations/1765600000000-SufixosIndex';
import { sufixosQuery } from '../../backend/src/platform/read-side/sufixos-index';
import { withTransaction } from '../../backend/src/platform/database/transaction';
import { insertRows } from '../../backend/src/platform/database/insert-rows';
import { clienteFixture, TestApi } from '../support/api';
import { databaseKinds, mergeFulltextCaches } from '../support/db';

const withDv = (base: string) => base + cnpjCheckDigits(base);
const mask = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
const list = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`;

const CNPJ = {
  A: withDv('112223330001'),
  B: withDv('456789010001'),
  C: withDv('987650430001'),
  D: withDv('12ABC34501DE'),
  E: withDv('556677880001'),
};

/** The firm the queries run against; letters name the clients in the expected sets. */
const CLIENTES: Record<keyof typeof CNPJ, Record<string, unknown>> = {
  A: { razaoSocial: 'Açúcar União Comércio Ltda', nomeFantasia: 'Doce Lar', email: 'financeiro@acucaruniao.com.br' },
  B: { razaoSocial: 'Padaria São João Ltda', nomeFantasia: 'Pão Quentíssimo', email: 'contato@padaria-sj.com.br' },
  C: { razaoSocial: 'Comércio de Peças Joãozinho', nomeFantasia: null, email: 'pecas@joaozinho.net', status: 'inativo' },
  D: { razaoSocial: 'Oficina "Especial" OR NEAR', nomeFantasia: '50% * Rápida', email: 'oficina@ab.com' },
  E: { razaoSocial: 'Só Eu ME', nomeFantasia: null, email: 'x@y.io' },
};

/** q → the clients it finds (same on every database). */
const CASES: [string, string][] = [
  // accents and case
  ['comercio', 'AC'],
  ['COMÉRCIO', 'AC'],
  ['Pão', 'B'],
  ['joão', 'BC'],
  // partial words
  ['quent', 'B'],
  ['acuc', 'A'],
  ['inh', 'C'],
  // several words: all of them, in any order
  ['são joão', 'B'],
  ['joao comercio', 'C'],
  ['lar doce', 'A'],
  ['doce xyz', ''],
  // short terms (under 3 characters) alone and mixed
  ['eu', 'E'],
  ['só eu', 'E'],
  ['oficina OR', 'D'],
  // e-mail fragments
  ['acucaruniao.com', 'A'],
  ['padaria-sj', 'B'],
  ['@joaozinho', 'C'],
  ['FINANCEIRO@', 'A'],
  // CNPJ masked and unmasked, whole and in part
  [mask(CNPJ.A), 'A'],
  ['11.222.333', 'A'],
  ['11.222.333/', 'A'],
  ['11.222.', 'A'],
  [CNPJ.A, 'A'],
  [CNPJ.A.slice(3, 11), 'A'],
  [mask(CNPJ.B).slice(0, 10), 'B'],
  // alphanumeric CNPJ
  [mask(CNPJ.D), 'D'],
  [mask(CNPJ.D).toLowerCase(), 'D'],
  ['12.abc.345', 'D'],
  ['12abc345', 'D'],
  [CNPJ.D.slice(2, 9).toLowerCase(), 'D'],
  // FTS5 query syntax and LIKE wildcards are plain text
  ['"especial"', 'D'],
  ['"', 'D'],
  ['*', 'D'],
  ['50%', 'D'],
  ['NEAR', 'D'],
  ['NEAR(oficina especial)', ''],
  ['oficina NOT especial', ''],
  ['OR', 'D'],
  ['a OR b', 'D'],
  ['espec*', ''],
  ['"especial" "oficina"', ''],
  ['"especial" oficina', 'D'],
  ['^ofi', ''],
  ['%', 'D'],
  ['_', ''],
  ['{busca}:x', ''],
  ['🙂', ''],
];

describe.each(databaseKinds())('search from an index on %s', (kind) => {
  let api: TestApi;
  const ids: Record<string, string> = {};
  const letterOf = new Map<string, string>();

  const find = async (text: string) => {
    const r = await api.get(list('/api/clientes', { q: text, status: 'todos' }), 'associado');
    expect(r.status).toBe(200);
    return (r.body.data as any[])
      .map((c) => letterOf.get(c._id))
      .filter(Boolean)
      .sort()
      .join('');
  };

  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
    for (const [letter, extra] of Object.entries(CLIENTES)) {
      const r = await api.post('/api/clientes', { ...clienteFixture(), cnpj: CNPJ[letter as keyof typeof CNPJ], ...extra }, 'master');
      if (r.status !== 201) throw new Error(`${letter}: ${r.status} ${JSON.stringify(r.body)}`);
      ids[letter] = r.body.data._id;
      letterOf.set(r.body.data._id, letter);
    }
  });
  afterAll(() => api.stop());

  it.each(CASES)('q=%j finds %j', async (text, expected) => {
    expect(await find(text)).toBe(expected);
  });

  it('follows every write: an edit is found by its new text only, a deleted client is gone', async () => {
    expect((await api.put(`/api/clientes/${ids.B}`, { razaoSocial: 'Panificadora Beira-Rio' }, 'master')).status).toBe(200);
    expect(await find('padaria são')).toBe('');
    expect(await find('beira-rio')).toBe('B');
    expect(await find('panificadora')).toBe('B');
    expect((await api.put(`/api/clientes/${ids.B}`, { razaoSocial: 'Padaria São João Ltda' }, 'master')).status).toBe(200);
    expect(await find('são joão')).toBe('B');

    const extra = await api.post('/api/clientes', { ...clienteFixture(), razaoSocial: 'Efêmera Zylofone Ltda' }, 'master');
    letterOf.set(extra.body.data._id, 'Z');
    expect(await find('zylofone')).toBe('Z');
    expect((await api.del(`/api/clientes/${extra.body.data._id}`, 'master')).status).toBe(200);
    expect(await find('zylofone')).toBe('');
  });

  it('the registros search finds them by client name, e-mail and CNPJ through the same index', async () => {
    const a = await api.withCliente('clienteX', { razaoSocial: 'Transportes Quixaba Ltda', email: 'frota@quixaba.com.br' });
    const r = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão simplificada' }, 'clienteX');
    expect(r.status).toBe(201);
    const found = async (text: string) => {
      const res = await api.get(list('/api/registros', { q: text }), 'master');
      expect(res.status).toBe(200);
      return (res.body.data as any[]).map((x) => x._id);
    };
    expect(await found('quixaba')).toEqual([r.body.data._id]);
    expect(await found('TRANSPORTES quixa')).toEqual([r.body.data._id]);
    expect(await found('frota@quix')).toEqual([r.body.data._id]);
    expect(await found(a.cnpj)).toEqual([r.body.data._id]);
    expect(await found('"quixaba" OR x')).toEqual([]);
  });

  /** The clients the suffix index names for q, however many (the product uses it below 2,000), or null when it cannot serve q. */
  const candidates = async (text: string) => {
    const match = sufixosQuery(foldBusca(text).split(/\s+/));
    if (!match) return null;
    const rows: { id: string }[] = await api.app.get(DataSource).query('SELECT clienteId AS id FROM clientes_sufixos WHERE MATCH (sufixos) AGAINST (? IN BOOLEAN MODE)', [match]);
    return rows.map((r) => r.id);
  };

  /** The client ids clienteSearch finds for q with this answer of an index (null: the LIKE scan alone). */
  const searched = async (text: string, fts: ClientesFts) => {
    const cond = clienteSearch('c', text, fts);
    const rows = await api.app.get(DataSource).getRepository(Cliente).createQueryBuilder('c').select('c.id', 'id').where(cond ?? '1 = 0').getRawMany<{ id: string }>();
    return rows.map((r) => r.id).sort();
  };

  it('the migration builds the index for the rows already there', async () => {
    const qr = api.app.get(DataSource).createQueryRunner();
    const [migration, index] = kind === 'sqlite' ? [new ClientesFts1764800000000(), 'clientes_fts'] : [new SufixosIndex1765600000000(), 'clientes_sufixos'];
    try {
      await migration.down(qr);
      // Without the index the search cannot run; rebuilt, it finds the rows written before.
      await migration.up(qr);
      expect(await find('comercio')).toBe('AC');
      expect(await find('omercio')).toBe('AC');
      expect(await find(CNPJ.A.slice(3, 11))).toBe('A');
      const [{ n }] = await qr.query(`SELECT COUNT(*) AS n FROM ${index}`);
      const [{ m }] = await qr.query('SELECT COUNT(*) AS m FROM clientes');
      expect(Number(n)).toBe(Number(m));
      if (kind === 'mysql') {
        expect(await candidates('omercio')).toHaveLength(2);
        // Stopwords are off: "com" (on InnoDB's list) is D's only word starting so ("oficina@ab.com").
        expect(await candidates('ab.com')).toContain(ids.D);
      }
    } finally {
      await qr.release();
    }
  });

  if (kind === 'mysql') {
    it.each(CASES)('the suffix index and the LIKE scan agree on q=%j', async (text) => {
      const ids = await candidates(text);
      const run = (fts: ClientesFts) => searched(text, fts);
      const scan = await run(null);
      if (ids) {
        // Every client the scan finds is among the index's candidates: the index never loses a match.
        expect(scan.filter((id) => !ids.includes(id))).toEqual([]);
        expect(await run({ ids })).toEqual(scan);
      }
    });

    it('serves a rare term from the FULLTEXT index, written with the row, rewritten with its text, gone with it', async () => {
      const ds = api.app.get(DataSource);
      const plan: { key: string | null; type: string }[] = await ds.query(
        "EXPLAIN SELECT clienteId FROM clientes_sufixos WHERE MATCH (sufixos) AGAINST ('+ylofo*' IN BOOLEAN MODE)",
      );
      expect(plan[0]).toMatchObject({ type: 'fulltext', key: 'ft_clientes_sufixos' });
      const c = await api.post('/api/clientes', { ...clienteFixture(), razaoSocial: 'Xilografia Quatiara Ltda' }, 'master');
      const id = c.body.data._id as string;
      expect(await candidates('uatiar')).toEqual([id]);
      expect((await api.put(`/api/clientes/${id}`, { razaoSocial: 'Xilografia Taquaral Ltda' }, 'master')).status).toBe(200);
      expect(await candidates('uatiar')).toEqual([]);
      expect(await candidates('aquara')).toEqual([id]);
      expect((await api.del(`/api/clientes/${id}`, 'master')).status).toBe(200);
      expect(await candidates('aquara')).toEqual([]);
      expect(Number((await ds.query('SELECT COUNT(*) AS n FROM clientes_sufixos WHERE clienteId = ?', [id]))[0].n)).toBe(0);
    });

    it('a common term sorted by name is read from the name index alone', async () => {
      const plan: { key: string | null; Extra: string }[] = await api.app.get(DataSource).query(
        "EXPLAIN SELECT c.id FROM clientes c WHERE c.busca LIKE '%sao%' AND c.busca LIKE '%joao%' ORDER BY c.razaoSocial ASC, c.id ASC LIMIT 26",
      );
      expect(plan[0]).toMatchObject({ key: 'ix_clientes_nome' });
      expect(plan[0].Extra).toContain('Using index');
    });
  }

  if (kind === 'sqlite') {
    it.each(CASES)('the trigram index and the LIKE scan agree on q=%j', async (text) => {
      const ds = api.app.get(DataSource);
      // Forced through the index however many rows it finds (the product uses it below 2,000), both ways.
      const match = ftsQuery(text);
      const rowids = match ? ((await ds.query('SELECT rowid FROM clientes_fts WHERE clientes_fts MATCH ?', [match])) as { rowid: number }[]).map((r) => Number(r.rowid)) : null;
      const run = (fts: ClientesFts) => searched(text, fts);
      const scan = await run(null);
      expect(await run(match ? { match } : null)).toEqual(scan);
      expect(await run(rowids ? { rowids } : null)).toEqual(scan);
    });
  }

  it('pages a common term (the list\'s own index, past the index\'s limit) in the order the LIKE gives', async () => {
    const ds = api.app.get(DataSource);
    const N = 2100; // past FTS_SELECTIVE_BELOW: the index calls the term common
    const rows = Array.from({ length: N }, (_, i) => {
      const base = `${String(60000000 + i)}0001`;
      const c = ds.manager.create(Cliente, {
        razaoSocial: `Quitanda Frequente ${String((i * 7919) % N).padStart(4, '0')} Ltda`,
        nomeFantasia: null, cnpj: base + cnpjCheckDigits(base), cnes: null, nire: null, email: `frequente${i}@exemplo.com.br`, emailRF: null,
        telefone: '1133334444', celularWhatsApp: '11999990000', telefoneResponsavel: null, celularWhatsAppResponsavel: null, cep: '01310100',
        endereco: 'Avenida Paulista', numero: '1', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', estado: 'SP', pais: 'Brasil',
        nomeCompletoResponsavel: 'Ana Souza', cargo: 'Sócia', dataNascimento: null, nomeCompletoAssinanteDBE: 'Ana Souza', cargoAssinanteDBE: 'Sócia',
        dataNascimentoAssinanteDBE: null, passwordHash: 'x', passwordChangedAt: null, status: i % 3 ? 'ativo' : 'inativo', inativadoEm: null, tipoClienteId: null,
      });
      c.busca = foldBusca([c.razaoSocial, c.email, c.cnpj].join(' '));
      return c;
    });
    await withTransaction(ds, (m) => insertRows(m, Cliente, rows));
    await mergeFulltextCaches(ds);
    const expected: { id: string }[] = await ds.query(
      "SELECT id FROM clientes WHERE busca LIKE '%requente%' AND status = 'ativo' ORDER BY razaoSocial ASC, id ASC",
    );
    expect(expected).toHaveLength(1400);
    const page = async (range: [number, number]) => {
      const url = `/api/clientes?filter=${encodeURIComponent(JSON.stringify({ q: 'requente', status: 'ativos' }))}&range=${JSON.stringify(range)}&sort=["razaoSocial","ASC"]`;
      const r = await api.get(url, 'associado');
      expect(r.status).toBe(200);
      return r.body;
    };
    for (const range of [[0, 24], [25, 49], [1390, 1414]] as [number, number][]) {
      const body = await page(range);
      expect(body.data.map((c: any) => c._id)).toEqual(expected.slice(range[0], range[1] + 1).map((r) => r.id));
      expect(body.totalExato).toBe(false);
    }
  });
});
