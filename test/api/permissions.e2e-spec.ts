import { DataSource } from 'typeorm';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { MailService } from '../../backend/src/mail/mail.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

const CREDENTIALS =
  'Apenas a Diretoria e o Master podem alterar o e-mail de acesso ou a senha de um cliente. Envie ao cliente um link de redefinição de senha.';
const SITE = 'https://site.exemplo.com.br';
const LINK = /redefinir-senha\?token=([A-Za-z0-9_-]+)/;

/**
 * What each staff share holds beyond the guard (issue 9): a client's login, the reset link sent
 * instead, documents deleted by their uploader or the board, registros worked only by those who
 * work them. The route × caller matrix is in authorization.e2e-spec.ts.
 */
describe.each(databaseKinds())('staff permissions on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let staff: Record<string, any>;
  let cliente: any;
  let db: DataSource;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_URL: sink.url, SITE_URL: SITE });
    staff = await api.withEveryRole();
    cliente = await api.withCliente('clienteA', { email: 'login@padaria.com.br' });
    // clienteA's password changes below (its sessions end): documents and registros use another client.
    await api.withCliente('clienteC');
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
  });

  // The login lives in the company's Responsável (ADR 0058), with the company's contact e-mail beside it.
  const loginHash = async () => ({
    ...(await db.query('SELECT email FROM clientes WHERE id = ?', [cliente._id]))[0],
    login: (await db.query('SELECT email, passwordHash FROM cliente_membros WHERE clienteId = ?', [cliente._id]))[0],
  });

  describe("a client's login e-mail and password", () => {
    it.each(['associado', 'financeiro', 'suporte'])('%s cannot set them: 403, nothing changed', async (who) => {
      const before = await loginHash();
      for (const body of [{ email: 'tomada@golpe.com.br' }, { password: 'Tomada!2026x' }, { razaoSocial: 'Mudou', email: 'tomada@golpe.com.br' }]) {
        const r = await api.put(`/api/clientes/${cliente._id}`, body, who);
        expect([who, r.status]).toEqual([who, 403]);
        if (who === 'associado') expect(r.body.message).toBe(CREDENTIALS);
      }
      expect(await loginHash()).toEqual(before);
      expect((await api.get(`/api/clientes/${cliente._id}`, 'master')).body.data.razaoSocial).not.toBe('Mudou');
      // The client still signs in with its own password.
      expect((await api.post('/api/clientes/login', { email: 'login@padaria.com.br', password: 'Cliente!2026' })).status).toBe(200);
    });

    it('an associado still edits the other fields, even when the form sends the same e-mail back and a blank password', async () => {
      const r = await api.put(`/api/clientes/${cliente._id}`, { razaoSocial: 'Padaria Editada Ltda', email: 'LOGIN@padaria.com.br ', password: '' }, 'associado');
      expect([r.status, r.body.data?.razaoSocial, r.body.data?.email]).toEqual([200, 'Padaria Editada Ltda', 'login@padaria.com.br']);
    });

    it('the board sets them', async () => {
      const r = await api.put(`/api/clientes/${cliente._id}`, { email: 'novo.login@padaria.com.br', password: 'Novissima!2026' }, 'diretoria');
      expect(r.status).toBe(200);
      expect((await api.post('/api/clientes/login', { email: 'novo.login@padaria.com.br', password: 'Novissima!2026' })).status).toBe(200);
      expect((await api.put(`/api/clientes/${cliente._id}`, { email: 'login@padaria.com.br', password: 'Cliente!2026' }, 'master')).status).toBe(200);
    });

    it('anyone on the staff sends the client a reset link instead; it reaches only the client, and works', async () => {
      sink.messages.length = 0;
      const r = await api.post(`/api/clientes/${cliente._id}/enviar-redefinicao-senha`, undefined, 'suporte');
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Link de redefinição de senha enviado para o e-mail de acesso do cliente. O link vale por 1 hora.');
      await api.app.get(MailService).flush();
      // By its subject: a welcome (issue 53) may still be on its way.
      const mail = await sink.waitForSubject('Redefinição de senha — Veritas Assessoria Empresarial');
      expect(mail.to).toEqual(['login@padaria.com.br']);
      const token = LINK.exec(mail.parsed.text ?? '')?.[1];
      expect(token).toBeTruthy();
      expect(JSON.stringify(r.body)).not.toContain(token!); // the sender never sees the link
      // Issue 55: the trail says who sent it, to which client; never the link.
      const trail = await db.query("SELECT atorTipo, atorId, entidade, entidadeId, diff FROM auditoria WHERE acao = 'cliente.senha.link-enviado'");
      expect(trail).toEqual([expect.objectContaining({ atorTipo: 'user', atorId: staff.suporte._id, entidade: 'clientes', entidadeId: cliente._id })]);
      expect(String(trail[0].diff)).toContain('login@padaria.com.br');
      expect(String(trail[0].diff)).not.toContain(token!);
      expect((await api.post('/api/auth/reset-password', { token, password: 'Escolhida!2026' })).status).toBe(200);
      expect((await api.post('/api/clientes/login', { email: 'login@padaria.com.br', password: 'Escolhida!2026' })).status).toBe(200);
    });

    it('no link for a client that does not exist (404) or is inactive (409)', async () => {
      expect((await api.post('/api/clientes/00000000-0000-4000-8000-000000000000/enviar-redefinicao-senha', undefined, 'associado')).status).toBe(404);
      const other = await api.withCliente('clienteB');
      expect((await api.put(`/api/clientes/${other._id}`, { status: 'inativo' }, 'associado')).status).toBe(200);
      const r = await api.post(`/api/clientes/${other._id}/enviar-redefinicao-senha`, undefined, 'associado');
      expect([r.status, r.body.message]).toEqual([409, 'O cliente está inativo e não pode entrar: reative-o antes de enviar o link de redefinição de senha.']);
    });
  });

  describe('documents', () => {
    let registroId: string;

    async function upload(as: string, name: string): Promise<string> {
      const form = new FormData();
      form.append('registroId', registroId);
      form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), name);
      const res = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
      const body = (await res.json()) as any;
      expect([name, res.status]).toEqual([name, 201]);
      return body.data._id;
    }
    const download = (as: string, id: string) => fetch(`${api.baseUrl}/api/documentos/${id}/download`, { headers: { authorization: `Bearer ${api.token[as]}` } }).then((r) => r.arrayBuffer());

    beforeAll(async () => {
      registroId = (await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão' }, 'clienteC')).body.data._id;
      expect((await api.put(`/api/registros/${registroId}/responsavel`, { responsavelId: staff.associado._id }, 'associado')).status).toBe(200);
    });

    it("an associado deletes its own upload before the client downloads it, never the firm's proof of delivery", async () => {
      const draft = await upload('associado', 'rascunho.pdf');
      expect((await api.del(`/api/documentos/${draft}`, 'associado')).status).toBe(200);

      const entregue = await upload('associado', 'certidao.pdf');
      await download('clienteC', entregue); // proof of delivery recorded
      const refused = await api.del(`/api/documentos/${entregue}`, 'associado');
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'O cliente já baixou este documento (comprovante de entrega); apenas a Diretoria ou o Master podem excluí-lo.',
      ]);
      expect((await api.get(`/api/documentos/${entregue}`, 'associado')).body.data.baixadoClienteEm).toBeTruthy();
      expect((await api.del(`/api/documentos/${entregue}`, 'diretoria')).status).toBe(200);
    });

    it("nobody but the board deletes someone else's document; financeiro and suporte delete nothing", async () => {
      const doEscritorio = await upload('master', 'do-master.pdf');
      const doCliente = await upload('clienteC', 'do-cliente.pdf');
      for (const who of ['associado', 'financeiro', 'suporte']) {
        for (const id of [doEscritorio, doCliente]) {
          const r = await api.del(`/api/documentos/${id}`, who);
          expect([who, r.status, r.body.message]).toEqual([who, 403, 'Apenas quem enviou o documento, a Diretoria ou o Master podem excluí-lo.']);
        }
      }
      const asCliente = await api.del(`/api/documentos/${doEscritorio}`, 'clienteC');
      expect([asCliente.status, asCliente.body.message]).toEqual([403, 'Apenas documentos enviados por você podem ser excluídos.']);
      expect((await api.del(`/api/documentos/${doCliente}`, 'master')).status).toBe(200);
      expect((await api.del(`/api/documentos/${doEscritorio}`, 'diretoria')).status).toBe(200);
    });
  });

  describe('registros', () => {
    it('financeiro and suporte read every registro, internal notes included, but do not work them', async () => {
      const r = (await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Para ler' }, 'clienteC')).body.data;
      await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: staff.associado2._id }, 'master');
      await api.put(`/api/registros/${r._id}/status`, { status: 'andamento', note: 'Nota interna' }, 'associado2');
      for (const who of ['financeiro', 'suporte']) {
        const detail = await api.get(`/api/registros/${r._id}`, who);
        expect([who, detail.status, detail.body.data.historico.some((h: any) => h.nota === 'Nota interna')]).toEqual([who, 200, true]);
        expect((await api.put(`/api/registros/${r._id}/status`, { status: 'concluido' }, who)).status).toBe(403);
        expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: staff[who]._id }, who)).status).toBe(403);
        expect((await api.post('/api/registros', { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'x' }, who)).status).toBe(403);
      }
      expect((await api.get(`/api/registros/${r._id}`, 'associado')).status).toBe(404);
    });

    it('only someone who works registros can be made responsible for one', async () => {
      const r = (await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Atribuir' }, 'clienteC')).body.data;
      for (const who of ['financeiro', 'suporte']) {
        const refused = await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: staff[who]._id }, 'master');
        expect([who, refused.status]).toEqual([who, 400]);
        expect(refused.body.message).toContain('Financeiro e Suporte apenas os consultam');
      }
      expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: staff.associado2._id }, 'master')).status).toBe(200);
    });
  });

  describe('client types and messages', () => {
    it('the board writes prices, every staff member reads them', async () => {
      const t = await api.post('/api/tipos-cliente', { nome: 'MEI', servicos: [{ nome: 'Abertura', valor: 300 }] }, 'diretoria');
      expect(t.status).toBe(201);
      for (const who of ['associado', 'financeiro', 'suporte']) {
        expect((await api.get(`/api/tipos-cliente/${t.body.data._id}`, who)).body.data.servicos[0].valor).toBe(300);
        expect((await api.put(`/api/tipos-cliente/${t.body.data._id}`, { servicos: [{ nome: 'Abertura', valor: 1 }] }, who)).status).toBe(403);
      }
      expect((await api.get(`/api/tipos-cliente/${t.body.data._id}`, 'master')).body.data.servicos[0].valor).toBe(300);
    });

    it('suporte holds Mensagens; financeiro does not', async () => {
      expect((await api.get('/api/contato', 'suporte')).status).toBe(200);
      expect((await api.get('/api/contato', 'financeiro')).status).toBe(403);
    });

    it('a permission taken away is gone at the next request (read from the database)', async () => {
      expect((await api.get('/api/contato', 'suporte')).status).toBe(200);
      expect((await api.put(`/api/users/${staff.suporte._id}`, { permissions: ['Financeiro'] }, 'master')).status).toBe(200);
      // The change ends the person's sessions (issue 54); signed in again, the permission is gone.
      expect((await api.get('/api/contato', 'suporte')).status).toBe(401);
      await api.loginStaff('suporte', staff.suporte.email, 'Equipe!2026');
      expect((await api.get('/api/contato', 'suporte')).status).toBe(403);
      expect((await api.put(`/api/users/${staff.suporte._id}`, { permissions: ['Suporte'] }, 'master')).status).toBe(200);
      await api.loginStaff('suporte', staff.suporte.email, 'Equipe!2026');
      expect((await api.get('/api/contato', 'suporte')).status).toBe(200);
    });
  });
});
