import { DataSource } from 'typeorm';
import { cnpjCheckDigits } from '@veritas/common';
import { Cliente } from '../../backend/src/clientes/entities/cliente.entity';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { clienteFixture, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const HASH_LIKE = /\$argon2|passwordHash/;
const q = (filter: Record<string, unknown>, extra = '') => `/api/clientes?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

/** The staff form's body: a valid client with a fresh CNPJ and e-mail. */
const form = (extra: Record<string, unknown> = {}): Record<string, any> => ({ ...clienteFixture(), ...extra });

describe.each(databaseKinds())('clients (staff panel) on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  const count = () => db.getRepository(Cliente).count();

  describe('create (POST /api/clientes)', () => {
    it('any staff member creates a client: masked numbers, no hash, a message, and the client can sign in', async () => {
      const body = form({ status: 'inativo', cnes: '2077251' });
      const r = await api.post('/api/clientes', { ...body, status: 'ativo' }, 'associado');
      expect(r.status).toBe(201);
      expect(r.body.message).toBe('Cliente cadastrado com sucesso!');
      expect(r.body.data).toMatchObject({ razaoSocial: body.razaoSocial, email: body.email, status: 'ativo', cnes: '2077251', cep: '01310-100', telefone: '(11) 3333-4444', pais: 'Brasil', tipoClienteId: null });
      expect(r.body.data.cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
      expect(JSON.stringify(r.body)).not.toMatch(HASH_LIKE);
      await api.loginCliente('novo', body.email, body.password);
    });

    it('staff may create a client already inativo', async () => {
      const r = await api.post('/api/clientes', form({ status: 'inativo' }), 'diretoria');
      expect(r.status).toBe(201);
      expect(r.body.data.status).toBe('inativo');
    });

    it('accepts the alphanumeric CNPJ, with or without the mask', async () => {
      const base = `AB${String(Date.now()).slice(-6)}X1Y2`;
      const cnpj = base + cnpjCheckDigits(base);
      const r = await api.post('/api/clientes', form({ cnpj: cnpj.toLowerCase() }), 'master');
      expect(r.status).toBe(201);
      expect(r.body.data.cnpj).toBe(`${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`);
    });

    it('enforces the staff form rules of §5 with its messages, saving nothing', async () => {
      const body = form();
      const wrongDv = body.cnpj.slice(0, 13) + String((Number(body.cnpj[13]) + 1) % 10);
      const without = (field: string) => {
        const b: Record<string, unknown> = { ...body };
        delete b[field];
        return b;
      };
      const cases: [Record<string, unknown>, string][] = [
        [without('razaoSocial'), 'Razão Social é obrigatória'],
        [{ ...body, razaoSocial: '   ' }, 'Razão Social é obrigatória'],
        [without('cnpj'), 'CNPJ é obrigatório'],
        [{ ...body, cnpj: '12.345.678/0001' }, 'Formato de CNPJ inválido'],
        [{ ...body, cnpj: wrongDv }, 'CNPJ inválido (dígitos verificadores incorretos)'],
        [{ ...body, cnpj: '11.111.111/1111-11' }, 'CNPJ inválido'],
        [without('email'), 'E-mail é obrigatório'],
        [{ ...body, email: 'sem-arroba' }, 'E-mail inválido'],
        [without('password'), 'Senha é obrigatória'],
        [{ ...body, password: 'curta1!' }, 'A senha deve ter pelo menos 8 caracteres'],
        [{ ...body, password: 'semmaiuscula1!' }, 'A senha deve conter letras maiúsculas e minúsculas'],
        [{ ...body, password: 'SemNumero!!' }, 'A senha deve conter pelo menos um número'],
        [{ ...body, password: 'SemEspecial12' }, 'A senha deve conter pelo menos um caractere especial'],
        [{ ...body, cep: '0131010' }, 'CEP inválido (deve conter 8 dígitos)'],
        [{ ...body, telefone: '123' }, 'Telefone inválido'],
        [{ ...body, status: 'suspenso' }, 'Status inválido: use ativo ou inativo.'],
        [{ ...body, tipoClienteId: 'abc' }, 'O tipo de cliente informado não existe.'],
        [{ ...body, confirmPassword: body.password }, 'O campo confirmPassword não é permitido.'],
      ];
      const before = await count();
      for (const [payload, message] of cases) {
        const r = await api.post('/api/clientes', payload, 'master');
        expect({ message, status: r.status, body: r.body.message }).toEqual({ message, status: 400, body: expect.stringContaining(message) });
      }
      expect(await count()).toBe(before);
    });

    it('a CNPJ or e-mail in use, or a staff address, is a 409', async () => {
      const first = form();
      expect((await api.post('/api/clientes', first, 'master')).status).toBe(201);
      const sameCnpj = await api.post('/api/clientes', form({ cnpj: first.cnpj }), 'master');
      expect([sameCnpj.status, sameCnpj.body.message]).toEqual([409, 'Já existe um cliente cadastrado com este CNPJ.']);
      const sameEmail = await api.post('/api/clientes', form({ email: first.email.toUpperCase() }), 'master');
      expect([sameEmail.status, sameEmail.body.message]).toEqual([409, 'Este e-mail já está cadastrado.']);
      expect((await api.post('/api/clientes', form({ email: 'dir.ana@veritas.com.br' }), 'master')).status).toBe(409);
    });
  });

  describe('read (GET /api/clientes[/:id])', () => {
    let rows: any[];
    beforeAll(async () => {
      const make = async (extra: Record<string, unknown>) => (await api.post('/api/clientes', form(extra), 'master')).body.data;
      rows = [
        await make({ razaoSocial: 'Açúcar União Comércio Ltda', nomeFantasia: 'Doce Lar', email: 'financeiro@acucarbusca.com.br' }),
        await make({ razaoSocial: 'Padaria São João', nomeFantasia: 'Pão Quentíssimo', email: 'contato@padariabusca.com.br' }),
        await make({ razaoSocial: 'Oficina 50% Rápida', nomeFantasia: null, email: 'oficina@busca.com.br', status: 'inativo' }),
      ];
    });

    it('searches razão social, nome fantasia, e-mail and CNPJ ignoring case and accents', async () => {
      const ids = async (text: string, extra: Record<string, unknown> = {}) =>
        ((await api.get(q({ q: text, ...extra }), 'associado')).body.data as any[]).map((c) => c._id).sort();
      expect(await ids('ACUCAR')).toEqual([rows[0]._id]);
      expect(await ids('são joão')).toEqual([rows[1]._id]);
      expect(await ids('sao joao')).toEqual([rows[1]._id]);
      expect(await ids('quentissimo')).toEqual([rows[1]._id]);
      expect(await ids('FINANCEIRO@ACUCARBUSCA')).toEqual([rows[0]._id]);
      // The CNPJ as shown (masked) and as typed bare, in part.
      expect(await ids(rows[1].cnpj)).toEqual([rows[1]._id]);
      expect(await ids(rows[1].cnpj.replace(/\D/g, '').slice(2, 12))).toEqual([rows[1]._id]);
      expect(await ids(rows[1].cnpj.slice(0, 10))).toContain(rows[1]._id);
      // LIKE wildcards are text.
      expect(await ids('50%')).toEqual([rows[2]._id]);
      expect(await ids('_')).toEqual([]);
      expect(await ids('busca.com.br', { status: 'ativos' })).toEqual([rows[0]._id, rows[1]._id].sort());
      expect(await ids('busca.com.br', { status: 'inativos' })).toEqual([rows[2]._id]);
      expect(await ids('busca.com.br', { status: 'todos' })).toHaveLength(3);
    });

    it('pages and sorts in SQL with the list contract (total, Content-Range)', async () => {
      const all = await api.get(q({ q: 'busca.com.br' }, '&sort=["razaoSocial","ASC"]&range=[0,1]'), 'master');
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(3);
      expect(all.body.data.map((c: any) => c.razaoSocial)).toEqual(['Açúcar União Comércio Ltda', 'Oficina 50% Rápida']);
      expect(all.headers.get('content-range')).toBe('clientes 0-1/3');
      const second = await api.get(q({ q: 'busca.com.br' }, '&sort=["razaoSocial","ASC"]&range=[2,3]'), 'master');
      expect(second.body.data.map((c: any) => c.razaoSocial)).toEqual(['Padaria São João']);
      expect(second.headers.get('content-range')).toBe('clientes 2-2/3');
      // Newest first by default (MySQL's DATETIME has whole seconds: ties fall back to the id).
      const newest = await api.get('/api/clientes?range=[0,9]', 'master');
      const times = newest.body.data.map((c: any) => Date.parse(c.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(JSON.stringify(newest.body)).not.toMatch(HASH_LIKE);
      // Past the end, beyond the first-pages shortcut: an empty page with the right total.
      const everyone = (await api.get('/api/clientes?range=[0,0]', 'master')).body.total;
      const far = await api.get('/api/clientes?range=[2000,2024]', 'master');
      expect([far.status, far.body.data, far.body.total]).toEqual([200, [], everyone]);
      const farSearch = await api.get(q({ q: 'busca.com.br' }, '&range=[1000,1001]'), 'master');
      expect([farSearch.body.data, farSearch.body.total]).toEqual([[], 3]);
      const many = await api.get(`/api/clientes?filter=${encodeURIComponent(JSON.stringify({ id: [rows[0]._id, rows[2]._id] }))}`, 'master');
      expect(many.body.data.map((c: any) => c._id).sort()).toEqual([rows[0]._id, rows[2]._id].sort());
    });

    it('refuses a bad filter, sort or range with a pt-BR 400', async () => {
      expect((await api.get(q({ status: 'talvez' }), 'master')).body.message).toBe('Filtro status inválido: use todos, ativos ou inativos.');
      expect((await api.get('/api/clientes?sort=["passwordHash","ASC"]', 'master')).status).toBe(400);
      expect((await api.get('/api/clientes?range=[5,1]', 'master')).status).toBe(400);
    });

    it('GET /:id gives the client; unknown or malformed ids are 404', async () => {
      const r = await api.get(`/api/clientes/${rows[0]._id}`, 'associado');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ _id: rows[0]._id, razaoSocial: 'Açúcar União Comércio Ltda', tipoCliente: null });
      expect((await api.get('/api/clientes/00000000-0000-4000-8000-000000000000', 'master')).body.message).toBe('Cliente não encontrado.');
      expect((await api.get('/api/clientes/nao-e-uuid', 'master')).status).toBe(404);
    });
  });

  describe('edit (PUT /api/clientes/:id)', () => {
    it('keeps the password when blank, changes it when filled, and keeps fields left out', async () => {
      const body = form();
      const c = (await api.post('/api/clientes', body, 'master')).body.data;
      const r = await api.put(`/api/clientes/${c._id}`, { razaoSocial: 'Nome Novo Ltda', password: '', nomeFantasia: '' }, 'associado');
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Cliente atualizado com sucesso!');
      expect(r.body.data).toMatchObject({ razaoSocial: 'Nome Novo Ltda', nomeFantasia: null, email: body.email, cep: '01310-100' });
      await api.loginCliente('ed', body.email, body.password);
      // The search text follows the edit.
      expect((await api.get(q({ q: 'nome novo' }), 'master')).body.data.map((x: any) => x._id)).toEqual([c._id]);
      expect((await api.put(`/api/clientes/${c._id}`, { password: 'fraca' }, 'master')).body.message).toContain('A senha deve ter pelo menos 8 caracteres');
      expect((await api.put(`/api/clientes/${c._id}`, { password: 'Trocada!2026' }, 'master')).status).toBe(200);
      expect((await api.post('/api/clientes/login', { email: body.email, password: body.password })).status).toBe(401);
      await api.loginCliente('ed', body.email, 'Trocada!2026');
    });

    it('accepts the record as the form received it (read-only fields ignored) and re-validates what changes', async () => {
      const c = (await api.post('/api/clientes', form(), 'master')).body.data;
      const echoed = await api.put(`/api/clientes/${c._id}`, { ...c, id: c._id, cidade: 'Campinas', createdAt: '2000-01-01T00:00:00.000Z' }, 'master');
      expect(echoed.status).toBe(200);
      expect(echoed.body.data.cidade).toBe('Campinas');
      expect(Math.abs(Date.parse(echoed.body.data.createdAt) - Date.parse(c.createdAt))).toBeLessThan(1000);
      for (const [patch, message] of [
        [{ razaoSocial: '' }, 'Razão Social é obrigatória'],
        [{ cnpj: '' }, 'CNPJ é obrigatório'],
        [{ email: 'x' }, 'E-mail inválido'],
        [{ cep: '123' }, 'CEP inválido (deve conter 8 dígitos)'],
      ] as const) {
        const r = await api.put(`/api/clientes/${c._id}`, patch, 'master');
        expect([r.status, r.body.message]).toEqual([400, message]);
      }
      const other = (await api.post('/api/clientes', form(), 'master')).body.data;
      expect((await api.put(`/api/clientes/${c._id}`, { cnpj: other.cnpj }, 'master')).status).toBe(409);
      expect((await api.put(`/api/clientes/${c._id}`, { email: other.email }, 'master')).status).toBe(409);
      expect((await api.get(`/api/clientes/${c._id}`, 'master')).body.data).toMatchObject({ cnpj: c.cnpj, email: c.email, cidade: 'Campinas' });
    });

    it('staff switch a client to inativo (it can no longer sign in, its session stops) and back', async () => {
      const body = form();
      const c = (await api.post('/api/clientes', body, 'master')).body.data;
      await api.loginCliente('vai', body.email, body.password);
      const off = await api.put(`/api/clientes/${c._id}`, { status: 'inativo' }, 'associado');
      expect(off.body.data.status).toBe('inativo');
      expect((await api.get('/api/clientes/me', 'vai')).status).toBe(401);
      expect((await api.post('/api/clientes/login', { email: body.email, password: body.password })).status).toBe(403);
      expect((await api.put(`/api/clientes/${c._id}`, { status: 'ativo' }, 'diretoria')).body.data.status).toBe('ativo');
      await api.loginCliente('vai', body.email, body.password);
    });
  });

  describe('client type', () => {
    it('assigns an existing active type (details carry its services), refuses unknown or inactive ones, and clears it', async () => {
      const tipo = (await api.post('/api/tipos-cliente', { nome: `Simples ${kind}`, servicos: [{ nome: 'Abertura', valor: 1500.5 }, { nome: 'Certidão', valor: 80 }] }, 'master')).body.data;
      const inativo = (await api.post('/api/tipos-cliente', { nome: `Antigo ${kind}`, ativo: false }, 'master')).body.data;
      const c = (await api.post('/api/clientes', form({ tipoClienteId: tipo._id }), 'associado')).body.data;
      expect(c.tipoClienteId).toBe(tipo._id);
      const details = (await api.get(`/api/clientes/${c._id}`, 'associado')).body.data;
      expect(details.tipoCliente).toMatchObject({ _id: tipo._id, servicos: [{ nome: 'Abertura', valor: 1500.5 }, { nome: 'Certidão', valor: 80 }] });
      const unknown = await api.put(`/api/clientes/${c._id}`, { tipoClienteId: '00000000-0000-4000-8000-000000000000' }, 'master');
      expect([unknown.status, unknown.body.message]).toEqual([400, 'O tipo de cliente informado não existe.']);
      const off = await api.put(`/api/clientes/${c._id}`, { tipoClienteId: inativo._id }, 'master');
      expect([off.status, off.body.message]).toEqual([400, 'O tipo de cliente selecionado está inativo. Ative-o antes de atribuí-lo a um cliente.']);
      // A type inactivated after it was given stays valid on re-save.
      await api.put(`/api/tipos-cliente/${tipo._id}/toggle-status`, {}, 'master');
      expect((await api.put(`/api/clientes/${c._id}`, { tipoClienteId: tipo._id, cidade: 'Santos' }, 'master')).status).toBe(200);
      const byTipo = await api.get(q({ tipoClienteId: tipo._id }), 'master');
      expect(byTipo.body.data.map((x: any) => x._id)).toEqual([c._id]);
      const cleared = await api.put(`/api/clientes/${c._id}`, { tipoClienteId: '' }, 'master');
      expect(cleared.body.data).toMatchObject({ tipoClienteId: null, tipoCliente: null });
    });

    it('the client sees its own type and prices in /api/clientes/me', async () => {
      const tipo = (await api.post('/api/tipos-cliente', { nome: `Portal ${kind}`, servicos: [{ nome: 'Alteração', valor: 350 }] }, 'master')).body.data;
      const body = form();
      const c = (await api.post('/api/clientes', { ...body, tipoClienteId: tipo._id }, 'master')).body.data;
      await api.loginCliente('comtipo', body.email, body.password);
      const me = await api.get('/api/clientes/me', 'comtipo');
      expect(me.body.data).toMatchObject({ _id: c._id, tipoCliente: { nome: `Portal ${kind}`, servicos: [{ nome: 'Alteração', valor: 350 }] } });
    });
  });

  describe('delete (DELETE /api/clientes/:id)', () => {
    it('only a master deletes; diretoria and associado get 403 and nothing changes', async () => {
      const c = (await api.post('/api/clientes', form(), 'master')).body.data;
      for (const who of ['associado', 'diretoria']) {
        const r = await api.del(`/api/clientes/${c._id}`, who);
        expect(r.status).toBe(403);
      }
      expect((await api.get(`/api/clientes/${c._id}`, 'master')).status).toBe(200);
    });

    it('a client without registros or documents is deleted at once, and is gone', async () => {
      const body = form();
      const c = (await api.post('/api/clientes', body, 'master')).body.data;
      const r = await api.del(`/api/clientes/${c._id}`, 'master');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ message: 'Cliente excluído com sucesso!', data: { _id: c._id } });
      expect((await api.get(`/api/clientes/${c._id}`, 'master')).status).toBe(404);
      expect((await api.del(`/api/clientes/${c._id}`, 'master')).status).toBe(404);
      // Its CNPJ and e-mail are free again.
      expect((await api.post('/api/clientes', body, 'master')).status).toBe(201);
    });

    it('a client with registros and documents: refused while ativo (409, nothing lost); once inativo, goes with all of it', async () => {
      const c = (await api.post('/api/clientes', form(), 'master')).body.data;
      const registro = await api.post('/api/registros', { clienteId: c._id, servico: 'abertura-empresas', descricao: 'Abertura de LTDA' }, 'master');
      expect(registro.status).toBe(201);
      const upload = new FormData();
      upload.append('clienteId', c._id);
      upload.append('registroId', registro.body.data._id);
      upload.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'contrato.pdf');
      const doc = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token.master}` }, body: upload });
      expect(doc.status).toBe(201);
      const rows = async () =>
        Promise.all(['registros', 'documentos'].map(async (t) => Number((await db.query(`SELECT COUNT(*) AS n FROM ${t} WHERE clienteId = ?`, [c._id]))[0].n)));
      expect(await rows()).toEqual([1, 1]);

      const refused = await api.del(`/api/clientes/${c._id}`, 'master');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Este cliente possui 1 registro e 1 documento. Inative o cliente antes de excluí-lo; a exclusão de um cliente inativo remove também os registros e documentos dele, sem volta.',
      );
      expect((await api.get(`/api/clientes/${c._id}`, 'master')).status).toBe(200);
      expect(await rows()).toEqual([1, 1]);

      expect((await api.put(`/api/clientes/${c._id}`, { status: 'inativo' }, 'master')).status).toBe(200);
      const gone = await api.del(`/api/clientes/${c._id}`, 'master');
      expect(gone.status).toBe(200);
      expect(gone.body).toMatchObject({ message: 'Cliente excluído com sucesso!', removidos: { registros: 1, documentos: 1 } });
      expect(await rows()).toEqual([0, 0]);
      expect((await api.get(`/api/clientes/${c._id}`, 'master')).status).toBe(404);
      expect((await api.get(`/api/registros/${registro.body.data._id}`, 'master')).status).toBe(404);
    });
  });
});
