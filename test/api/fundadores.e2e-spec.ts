import { DataSource } from 'typeorm';
import { cnpjCheckDigits, maskCnpj } from '@veritas/common';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { databaseKinds } from '../support/db';
import { cpfFixture, TestApi } from '../support/api';

let seq = 0;
/** A CNPJ with valid check digits no other test uses; `letters` makes it alphanumeric. */
function newCnpj(letters = false): string {
  seq += 1;
  const n = `${String(Date.now() % 1e5).padStart(5, '0')}${String(seq).padStart(3, '0')}`;
  const base = (letters ? `FD${n.slice(2)}` : n) + '0001';
  return base + cnpjCheckDigits(base);
}

/**
 * Founders (issue 54): registration with a CPF and no CNPJ, the abertura opened with it, and the
 * client becoming the company when the abertura's CNPJ stage completes.
 */
describe.each(databaseKinds())('founders on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  const password = 'Fundador!2026';

  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  const fundador = (over: Record<string, unknown> = {}) => ({
    nome: 'Ana Souza',
    cpf: cpfFixture(),
    email: `fundadora.${Date.now()}.${++seq}@exemplo.com.br`,
    telefone: '(11) 98888-7777',
    razaoSocial: 'Ana Doces Finos',
    password,
    ...over,
  });
  const clientesCount = async () => Number((await db.query('SELECT COUNT(*) AS n FROM clientes'))[0].n);

  async function register(name: string, over: Record<string, unknown> = {}) {
    const body = fundador(over);
    const r = await api.post('/api/clientes/register/fundador', body);
    expect([r.status, r.body?.message]).toEqual([201, undefined]);
    await api.loginCliente(name, body.email, password);
    return { body, cliente: r.body.data, abertura: r.body.abertura };
  }

  const etapa = (registroId: string, etapaId: string, body: Record<string, unknown>) => api.put(`/api/registros/${registroId}/etapas/${etapaId}`, body, 'master');

  /** Every stage before the CNPJ stage dispensed, and the CNPJ stage started. */
  async function upToCnpjStage(registroId: string): Promise<any> {
    const detalhe = (await api.get(`/api/registros/${registroId}`, 'master')).body.data;
    const etapas = [...detalhe.etapas].sort((a: any, b: any) => a.ordem - b.ordem);
    const cnpj = etapas.find((e: any) => e.nome === 'CNPJ');
    for (const e of etapas.filter((x: any) => x.ordem < cnpj.ordem)) {
      const r = await etapa(registroId, e._id, { status: 'dispensada', nota: 'Feita pelo fundador antes do cadastro.' });
      expect([r.status, r.body?.message]).toEqual([200, undefined]);
    }
    expect((await etapa(registroId, cnpj._id, { status: 'andamento' })).status).toBe(200);
    return cnpj;
  }

  it('registers a founder with a CPF and no CNPJ, with the abertura as the first request', async () => {
    const { body, cliente, abertura } = await register('ana');
    const digits = body.cpf;
    expect(cliente).toMatchObject({ cnpj: null, cpf: `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`, razaoSocial: 'Ana Doces Finos', nomeCompletoResponsavel: 'Ana Souza', celularWhatsApp: '(11) 98888-7777' });
    expect(abertura.numero).toMatch(/^\d{4}\/\d+|^\d+/);

    const mine = await api.get('/api/registros/me', 'ana');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r: any) => [r._id, r.servico])).toEqual([[abertura._id, 'abertura-empresas']]);
    const me = await api.get('/api/clientes/me', 'ana');
    expect(me.body.data).toMatchObject({ cnpj: null, cpf: cliente.cpf });

    // Staff find the founder by CPF in the list, and the list and CSV do not trip on the missing CNPJ.
    const list = await api.get(`/api/clientes?filter=${encodeURIComponent(JSON.stringify({ q: digits }))}`, 'master');
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: any) => c._id)).toEqual([cliente._id]);
    const csv = await fetch(`${api.baseUrl}/api/clientes/exportar?filter=${encodeURIComponent(JSON.stringify({ id: [cliente._id] }))}`, { headers: { authorization: `Bearer ${api.token.master}` } });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0].split(';').slice(2, 4)).toEqual(['CNPJ', 'CPF do fundador']);
    expect(lines[1].split(';').slice(2, 4)).toEqual(['', cliente.cpf]);
    // Nothing to look up yet: a clear 404, never a 5xx.
    const info = await api.get(`/api/clientes/${cliente._id}/cnpj-info`, 'master');
    expect([info.status, info.body.message]).toEqual([404, 'Este cliente ainda não tem CNPJ: a empresa está em abertura.']);
  });

  it('refuses a bad CPF, missing fields and a second pending registration of the same CPF, in pt-BR and without a row', async () => {
    const before = await clientesCount();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ cpf: '529.982.247-24' }, 400, /CPF inválido \(dígitos verificadores incorretos\)/],
      [{ cpf: '111.111.111-11' }, 400, /CPF inválido \(todos os dígitos iguais\)/],
      [{ cpf: '1234' }, 400, /CPF deve ter 11 dígitos/],
      [{ cpf: '' }, 400, /CPF é obrigatório/],
      [{ nome: '' }, 400, /O campo Nome completo é obrigatório/],
      [{ razaoSocial: '   ' }, 400, /O campo Nome pretendido da empresa é obrigatório/],
      [{ telefone: '123' }, 400, /Telefone inválido/],
      [{ cnpj: newCnpj() }, 400, /cnpj/],
    ];
    for (const [over, status, message] of cases) {
      const r = await api.post('/api/clientes/register/fundador', fundador(over));
      expect([JSON.stringify(over), r.status]).toEqual([JSON.stringify(over), status]);
      expect(JSON.stringify(r.body)).toMatch(message);
    }
    expect(await clientesCount()).toBe(before);

    const first = fundador();
    expect((await api.post('/api/clientes/register/fundador', first)).status).toBe(201);
    const again = await api.post('/api/clientes/register/fundador', { ...fundador(), cpf: first.cpf });
    expect([again.status, again.body.message]).toEqual([409, expect.stringContaining('Já existe um cadastro com este CPF aguardando a abertura')]);
    const sameEmail = await api.post('/api/clientes/register/fundador', { ...fundador(), email: first.email });
    expect([sameEmail.status, sameEmail.body.message]).toEqual([409, 'Este e-mail já está cadastrado.']);
    expect(await clientesCount()).toBe(before + 1);
  });

  it('makes the founder the company when the CNPJ stage completes, keeping its history, documents and session', async () => {
    const { cliente, abertura } = await register('bia', { razaoSocial: 'Bia Confeitaria' });
    const doc = new FormData();
    doc.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'RG da fundadora.pdf');
    const up = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token.bia}` }, body: doc });
    expect(up.status).toBe(201);
    const docId = ((await up.json()) as any).data._id;

    const cnpjStage = await upToCnpjStage(abertura._id);
    // Concluding it needs the company's CNPJ and NIRE; a wrong one changes nothing.
    const semDados = await etapa(abertura._id, cnpjStage._id, { status: 'concluida' });
    expect([semDados.status, semDados.body.message]).toEqual([422, expect.stringContaining('informe o CNPJ e o NIRE')]);
    const ruim = await etapa(abertura._id, cnpjStage._id, { status: 'concluida', cnpj: '11.222.333/0001-80', nire: '35212345678' });
    expect([ruim.status, JSON.stringify(ruim.body)]).toEqual([400, expect.stringContaining('CNPJ inválido')]);
    const nireRuim = await etapa(abertura._id, cnpjStage._id, { status: 'concluida', cnpj: newCnpj(), nire: '123' });
    expect([nireRuim.status, JSON.stringify(nireRuim.body)]).toEqual([400, expect.stringContaining('NIRE inválido')]);
    // A CNPJ another client has: 409, the stage still in progress and the founder untouched.
    const other = await api.post('/api/clientes/register', { razaoSocial: 'Outra Ltda', cnpj: newCnpj(), email: `outra.${Date.now()}@exemplo.com.br`, password: 'Cliente!2026' });
    expect(other.status).toBe(201);
    const taken = await etapa(abertura._id, cnpjStage._id, { status: 'concluida', cnpj: other.body.data.cnpj, nire: '35212345678' });
    expect([taken.status, taken.body.message]).toEqual([409, 'Já existe um cliente cadastrado com este CNPJ.']);
    expect((await api.get(`/api/clientes/${cliente._id}`, 'master')).body.data.cnpj).toBeNull();

    const cnpj = newCnpj(true);
    const done = await etapa(abertura._id, cnpjStage._id, { status: 'concluida', cnpj: maskCnpj(cnpj), nire: '35212345678', razaoSocial: 'Bia Confeitaria Ltda' });
    expect([done.status, done.body.message]).toEqual([200, undefined]);
    expect(done.body.data.historico.map((h: any) => h.nota)).toContain(`CNPJ — empresa constituída: CNPJ ${maskCnpj(cnpj)}, NIRE 35212345678`);

    // The same client, now the company: its session goes on, its registro and document are still its own.
    const me = await api.get('/api/clientes/me', 'bia');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ _id: cliente._id, cnpj: maskCnpj(cnpj), nire: '35212345678', razaoSocial: 'Bia Confeitaria Ltda', cpf: cliente.cpf });
    expect((await api.get('/api/registros/me', 'bia')).body.data.map((r: any) => r._id)).toEqual([abertura._id]);
    const docs = await api.get('/api/documentos/me', 'bia');
    expect(docs.body.data.map((d: any) => d._id)).toContain(docId);
    // Found by the new CNPJ; the audit trail recorded the change.
    const found = await api.get(`/api/clientes?filter=${encodeURIComponent(JSON.stringify({ q: cnpj.slice(0, 10) }))}`, 'master');
    expect(found.body.data.map((c: any) => c._id)).toEqual([cliente._id]);
    const audit = await db.query(`SELECT acao FROM auditoria WHERE entidade = 'clientes' AND entidadeId = '${cliente._id}'`);
    expect(audit.map((a: any) => a.acao)).toContain('cliente.update');

    // Done once: reopened and concluded again, it records nothing more (the client has a CNPJ now).
    expect((await etapa(abertura._id, cnpjStage._id, { status: 'andamento' })).status).toBe(200);
    const twice = await etapa(abertura._id, cnpjStage._id, { status: 'concluida', cnpj: newCnpj(), nire: '35212345678' });
    expect([twice.status, twice.body.message]).toEqual([422, expect.stringContaining('só são informados ao concluir a etapa CNPJ')]);
  });

  it('refuses CNPJ and NIRE on any other stage or registro', async () => {
    const { abertura } = await register('caio');
    const detalhe = (await api.get(`/api/registros/${abertura._id}`, 'master')).body.data;
    const first = detalhe.etapas.find((e: any) => e.ordem === 1);
    const r = await etapa(abertura._id, first._id, { status: 'andamento', cnpj: newCnpj(), nire: '35212345678' });
    expect([r.status, r.body.message]).toEqual([422, expect.stringContaining('só são informados ao concluir a etapa CNPJ')]);
    expect((await api.get(`/api/registros/${abertura._id}`, 'master')).body.data.etapas.find((e: any) => e.ordem === 1).status).toBe('pendente');
  });
});
