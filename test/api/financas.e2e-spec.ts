import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { addCalendarDays, cleanCnpj, maskCnpj, todayInSaoPaulo } from '@veritas/common';
import { createApp } from '../../backend/src/bootstrap';
import { loadConfig } from '../../backend/src/platform/config/config';
import { PagamentosService } from '../../backend/src/financas/pagamentos.service';
import { MailOutbox } from '../../backend/src/mail/entities/mail-outbox.entity';
import { LembretesService } from '../../backend/src/financas/lembretes.service';
import { withTransaction } from '../../backend/src/platform/database/transaction';
import { readStaticPix } from '../../backend/src/financas/pix';
import { databaseKinds } from '../support/db';
import { MASTER_PASSWORD, TestApi } from '../support/api';
import { pdfText } from '../../backend/src/financas/pdf-text';

/** Finanças through HTTP (issue 12): charges, payments, PIX, statements, receipts, reminders, summary, IDOR. */
describe.each(databaseKinds())('finanças on %s', (kind) => {
  let api: TestApi;
  let clienteA: any;
  let clienteB: any;
  let db: DataSource;
  const today = todayInSaoPaulo();
  const PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';

  beforeAll(async () => {
    api = await TestApi.start(kind, { FIRM_PIX_KEY: PIX_KEY, FIRM_PIX_NOME: 'Veritas Assessoria Empresarial', FIRM_PIX_CIDADE: 'São Paulo', FIRM_CNPJ: '11.444.777/0001-61' });
    await api.withEveryRole();
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Padaria Pão Quente Ltda' });
    clienteB = await api.withCliente('clienteB', { razaoSocial: 'Oficina Bom Motor Ltda' });
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  async function cobrar(clienteId: string, linhas: { descricao: string; tipo: string; valor: number }[], extra: Record<string, unknown> = {}, as = 'financeiro') {
    const r = await api.post('/api/cobrancas', { clienteId, linhas, ...extra }, as);
    expect([r.status, r.body?.message]).toEqual([201, undefined]);
    return r.body.data;
  }
  const pagar = (id: string, body: Record<string, unknown>, as = 'financeiro') => api.post(`/api/cobrancas/${id}/pagamentos`, body, as);

  describe('charges and payments', () => {
    it('keeps the money exact in centavos: lines, honorários apart from taxas, partial payments, the balance', async () => {
      const c = await cobrar(clienteA._id, [
        { descricao: 'Honorários', tipo: 'honorario', valor: 60.1 },
        { descricao: 'Taxa da Junta', tipo: 'taxa', valor: 39.9 },
      ]);
      expect(c).toMatchObject({ status: 'aberta', vencida: false, total: 100, honorarios: 60.1, taxas: 39.9, pago: 0, saldo: 100 });
      expect(c.vencimento).toBe(addCalendarDays(today, 7));
      expect(c.txid).toMatch(/^[A-Z0-9]{1,25}$/);

      const p1 = await pagar(c._id, { valor: 33.33, forma: 'dinheiro', nota: 'Em espécie' });
      expect(p1.status).toBe(201);
      expect(p1.body.data).toMatchObject({ status: 'aberta', pago: 33.33, saldo: 66.67 });

      const over = await pagar(c._id, { valor: 66.68, forma: 'pix' });
      expect(over.status).toBe(422);
      expect(over.body.message).toContain('excede o saldo');
      expect((await pagar(c._id, { valor: 10.005, forma: 'pix' })).status).toBe(400);
      expect((await pagar(c._id, { valor: 1, forma: 'cheque' })).status).toBe(400);
      expect((await pagar(c._id, { valor: 1, forma: 'pix', data: addCalendarDays(today, 1) })).status).toBe(422);

      // The edit refuses once money came in; nothing changed.
      const edit = await api.put(`/api/cobrancas/${c._id}`, { vencimento: addCalendarDays(today, 30) }, 'financeiro');
      expect(edit.status).toBe(409);

      const p2 = await pagar(c._id, { valor: 66.67, forma: 'transferencia' });
      expect(p2.body.data).toMatchObject({ status: 'paga', pago: 100, saldo: 0 });
      expect(p2.body.data.pagamentos.map((p: any) => [p.valor, p.forma])).toEqual([
        [33.33, 'dinheiro'],
        [66.67, 'transferencia'],
      ]);
      expect((await pagar(c._id, { valor: 0.01, forma: 'pix' })).status).toBe(409);
      expect((await api.put(`/api/cobrancas/${c._id}/cancelar`, { motivo: 'x' }, 'financeiro')).status).toBe(409);
      const detalhe = (await api.get(`/api/cobrancas/${c._id}`, 'diretoria')).body.data;
      expect(detalhe.historico.map((h: any) => h.evento)).toEqual(['criacao', 'pagamento', 'pagamento']);
      const [row] = await db.query('SELECT totalCentavos, pagoCentavos FROM cobrancas WHERE id = ?', [c._id]);
      expect([Number(row.totalCentavos), Number(row.pagoCentavos)]).toEqual([10000, 10000]);
    });

    it('of two payments of the whole balance sent at once, exactly one is recorded', async () => {
      const c = await cobrar(clienteB._id, [{ descricao: 'Concorrência', tipo: 'honorario', valor: 70 }]);
      const answers = await Promise.all([1, 2, 3].map(() => pagar(c._id, { valor: 70, forma: 'pix' })));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 201).every((a) => [409, 422].includes(a.status))).toBe(true);
      const after = (await api.get(`/api/cobrancas/${c._id}`, 'financeiro')).body.data;
      expect(after).toMatchObject({ status: 'paga', pago: 70 });
      expect(after.pagamentos).toHaveLength(1);
    });

    it('edits an open charge without payments, cancels with a reason, and refuses bad input with pt-BR messages', async () => {
      const c = await cobrar(clienteB._id, [{ descricao: 'Consultoria', tipo: 'honorario', valor: 10 }]);
      const edit = await api.put(`/api/cobrancas/${c._id}`, { vencimento: '2027-01-15', linhas: [{ descricao: 'Consultoria', tipo: 'honorario', valor: 12.5 }] }, 'master');
      expect(edit.status).toBe(200);
      expect(edit.body.data).toMatchObject({ vencimento: '2027-01-15', total: 12.5, linhas: [{ descricao: 'Consultoria', tipo: 'honorario', valor: 12.5 }] });
      expect((await api.put(`/api/cobrancas/${c._id}/cancelar`, {}, 'financeiro')).status).toBe(400);
      const cancel = await api.put(`/api/cobrancas/${c._id}/cancelar`, { motivo: 'Lançada em duplicidade' }, 'financeiro');
      expect(cancel.body.data).toMatchObject({ status: 'cancelada', motivoCancelamento: 'Lançada em duplicidade', saldo: 0 });
      expect((await pagar(c._id, { valor: 1, forma: 'pix' })).status).toBe(409);

      const bad = async (body: Record<string, unknown>) => (await api.post('/api/cobrancas', { clienteId: clienteB._id, ...body }, 'financeiro')).status;
      expect(await bad({ linhas: [] })).toBe(400);
      expect(await bad({ linhas: [{ descricao: 'x', tipo: 'outro', valor: 1 }] })).toBe(400);
      expect(await bad({ linhas: [{ descricao: 'x', tipo: 'taxa', valor: -1 }] })).toBe(400);
      expect(await bad({ linhas: [{ descricao: 'x', tipo: 'taxa', valor: 1.999 }] })).toBe(400);
      expect(await bad({ linhas: [{ descricao: 'x', tipo: 'taxa', valor: 1 }], vencimento: '2026-02-30' })).toBe(400);
      const alheio = await api.post('/api/cobrancas', { clienteId: '00000000-0000-4000-8000-000000000000', linhas: [{ descricao: 'x', tipo: 'taxa', valor: 1 }] }, 'financeiro');
      expect([alheio.status, alheio.body.message]).toEqual([404, 'Cliente não encontrado.']);
    });

    it('creates the charge automatically when a registro is opened, from the price copied at request time', async () => {
      const tipo = await api.post('/api/tipos-cliente', { nome: `Tipo Finanças ${kind}`, ativo: true, servicos: [{ nome: 'Abertura de Empresa', valor: 1234.5 }] }, 'master');
      expect(tipo.status).toBe(201);
      expect((await api.put(`/api/clientes/${clienteA._id}`, { tipoClienteId: tipo.body.data._id }, 'master')).status).toBe(200);
      const reg = await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abrir a filial' }, 'clienteA');
      expect(reg.status).toBe(201);
      const list = await api.get(`/api/cobrancas?filter=${encodeURIComponent(JSON.stringify({ registroId: reg.body.data._id }))}`, 'financeiro');
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(1);
      expect(list.body.data[0]).toMatchObject({
        clienteId: clienteA._id,
        registroNumero: reg.body.data.numero,
        total: 1234.5,
        honorarios: 1234.5,
        status: 'aberta',
        vencimento: addCalendarDays(today, 7),
        linhas: [{ tipo: 'honorario', valor: 1234.5 }],
      });
      // A service without a price makes no charge.
      const semPreco = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão' }, 'clienteA');
      const none = await api.get(`/api/cobrancas?filter=${encodeURIComponent(JSON.stringify({ registroId: semPreco.body.data._id }))}`, 'financeiro');
      expect(none.body.total).toBe(0);
    });

    it('lists with the list contract: filters, search by name or CNPJ, sort, Content-Range; the client sees its own, open first', async () => {
      const f = (filter: object, extra = '') => api.get(`/api/cobrancas?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, 'financeiro');
      const porNome = await f({ q: 'pao quente' });
      expect(porNome.body.data.length).toBeGreaterThan(0);
      expect(porNome.body.data.every((c: any) => c.clienteId === clienteA._id)).toBe(true);
      const porCnpj = await f({ q: clienteB.cnpj.slice(0, 8) });
      expect(porCnpj.body.data.every((c: any) => c.clienteId === clienteB._id)).toBe(true);
      expect((await f({ status: 'cancelada' })).body.data.map((c: any) => c.clienteId)).toEqual([clienteB._id]);
      const sorted = await f({ clienteId: clienteA._id }, `&sort=${encodeURIComponent('["total","ASC"]')}&range=[0,0]`);
      expect(sorted.headers.get('content-range')).toMatch(/^cobrancas 0-0\/\d+$/);
      expect((await f({ status: 'quitada' })).status).toBe(400);
      expect((await f({ vencimentoDe: 'ontem' })).status).toBe(400);
      expect((await f({ nada: 1 })).status).toBe(400);

      const mine = await api.get('/api/cobrancas/me', 'clienteA');
      expect(mine.status).toBe(200);
      const statuses = mine.body.data.map((c: any) => c.status);
      expect(statuses.indexOf('paga')).toBeGreaterThan(statuses.lastIndexOf('aberta'));
      expect(mine.body.data.every((c: any) => c.clienteId === clienteA._id)).toBe(true);
    });

    it('pays many charges at once (the bulk path) as one payment each would, all or nothing', async () => {
      const cobrancas = api.app.get(PagamentosService);
      const autor = { id: null, nome: 'Seeder' };
      const [a, b, c] = [await cobrar(clienteA._id, [{ descricao: 'A', tipo: 'taxa', valor: 10 }]), await cobrar(clienteB._id, [{ descricao: 'B', tipo: 'taxa', valor: 20 }]), await cobrar(clienteA._id, [{ descricao: 'C', tipo: 'taxa', valor: 30 }])];
      const pag = (cobrancaId: string, valorCentavos: number) => ({ cobrancaId, data: today, valorCentavos, forma: 'pix' as const, nota: null, extratoTransacaoId: null });
      const estado = async () => (await db.query(`SELECT id, status, pagoCentavos AS pago, versao FROM cobrancas WHERE id IN (?, ?, ?) ORDER BY totalCentavos`, [a._id, b._id, c._id])).map((r: any) => [r.status, Number(r.pago), Number(r.versao)]);
      const antes = await estado();

      // One payment over its balance: nothing of the batch is written.
      await expect(withTransaction(db, (m) => cobrancas.payMany(m, [pag(a._id, 1000), pag(b._id, 2001)], autor))).rejects.toThrow(/excede o saldo/);
      expect(await estado()).toEqual(antes);

      // A charge moved by someone else between the read and the write: 409, and nothing written.
      await expect(
        withTransaction(db, async (m) => {
          // Right after payMany reads the charges, C's version moves on (as another payment's would).
          const original = m.find.bind(m);
          (m as any).find = async (...args: unknown[]) => {
            const rows = await (original as any)(...args);
            await m.query('UPDATE cobrancas SET versao = versao + 1 WHERE id = ?', [c._id]);
            return rows;
          };
          await cobrancas.payMany(m, [pag(a._id, 1000), pag(c._id, 3000)], autor);
        }),
      ).rejects.toThrow(/alterada|outra pessoa|mudou/i);
      expect(await estado()).toEqual(antes);

      // B's registered yesterday (a demo firm's history): its row, history line and the charge's last change say so.
      const ontem = new Date(Math.floor((Date.now() - 86_400_000) / 1000) * 1000);
      await withTransaction(db, (m) => cobrancas.payMany(m, [pag(a._id, 1000), { ...pag(b._id, 500), registradoEm: ontem }, pag(c._id, 3000)], autor));
      expect(await estado()).toEqual([['paga', 1000, 2], ['aberta', 500, 2], ['paga', 3000, 2]]);
      const registroDeB = (await api.get(`/api/cobrancas/${b._id}`, 'financeiro')).body.data;
      expect([registroDeB.pagamentos[0].createdAt, registroDeB.historico.at(-1).data, registroDeB.updatedAt]).toEqual([ontem.toISOString(), ontem.toISOString(), ontem.toISOString()]);
      expect(Date.now() - Date.parse((await api.get(`/api/cobrancas/${a._id}`, 'financeiro')).body.data.pagamentos[0].createdAt)).toBeLessThan(60_000);
      for (const [x, valor, saldo] of [[a, 10, 0], [b, 5, 15], [c, 30, 0]] as const) {
        const d = (await api.get(`/api/cobrancas/${x._id}`, 'financeiro')).body.data;
        expect([d.pago, d.saldo]).toEqual([valor, saldo]);
        expect(d.pagamentos.map((p: any) => [p.valor, p.forma])).toEqual([[valor, 'pix']]);
        expect(d.historico.at(-1).descricao).toContain(saldo === 0 ? 'Cobrança quitada.' : 'Saldo: R$');
      }
      // The payments' audit entries are filed under each charge's client, as a single payment's are.
      const trilha = await db.query("SELECT entidadeId, clienteId FROM auditoria WHERE acao = 'cobranca.pagamento.create' AND entidadeId IN (?, ?, ?)", [a._id, b._id, c._id]);
      expect(new Map(trilha.map((t: any) => [t.entidadeId, t.clienteId]))).toEqual(new Map([[a._id, clienteA._id], [b._id, clienteB._id], [c._id, clienteA._id]]));
    });
  });

  describe('deleting a client', () => {
    it('takes its unpaid charges with it, and is refused (409) once a charge has a payment', async () => {
      const semPagamento = await api.withCliente('clienteDel1');
      const comPagamento = await api.withCliente('clienteDel2');
      const c1 = await cobrar(semPagamento._id, [{ descricao: 'A', tipo: 'taxa', valor: 5 }]);
      const c2 = await cobrar(comPagamento._id, [{ descricao: 'B', tipo: 'taxa', valor: 5 }]);
      await pagar(c2._id, { valor: 1, forma: 'dinheiro' });
      for (const id of [semPagamento._id, comPagamento._id]) expect((await api.put(`/api/clientes/${id}`, { status: 'inativo' }, 'master')).status).toBe(200);
      expect((await api.del(`/api/clientes/${semPagamento._id}`, 'master')).status).toBe(200);
      expect((await api.get(`/api/cobrancas/${c1._id}`, 'master')).status).toBe(404);
      const refused = await api.del(`/api/clientes/${comPagamento._id}`, 'master');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('pagamentos');
      expect((await api.get(`/api/cobrancas/${c2._id}`, 'master')).body.data.pago).toBe(1);
    });
  });

  describe('PIX', () => {
    it('gives each open charge a static BR Code for its balance that parses back to the key, amount and txid, and a QR SVG', async () => {
      const c = await cobrar(clienteA._id, [{ descricao: 'Alteração contratual', tipo: 'honorario', valor: 250.75 }]);
      await pagar(c._id, { valor: 50.5, forma: 'dinheiro' });
      const r = await api.get(`/api/cobrancas/${c._id}/pix`, 'clienteA');
      expect(r.status).toBe(200);
      const back = readStaticPix(r.body.data.payload);
      expect(back).toMatchObject({ pixKey: PIX_KEY, transactionAmount: 200.25, txid: c.txid, merchantCity: 'SAO PAULO' });
      expect(back?.merchantName.length).toBeLessThanOrEqual(25);
      expect(r.body.data.payload).toMatch(/^[\x20-\x7e]+$/);
      expect(r.body.data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect((await api.get(`/api/cobrancas/${c._id}/pix`, 'financeiro')).status).toBe(200);
      // IDOR: another client's charge does not exist for B.
      expect((await api.get(`/api/cobrancas/${c._id}/pix`, 'clienteB')).status).toBe(404);
    });
  });

  describe('receipts and IDOR', () => {
    it('the receipt reads back (pdftotext) the payer’s name and CNPJ exactly as stored: combining marks, CJK and emoji', async () => {
      // "José" written with U+0301, a cedilla and tilde as marks, Chinese and Japanese, emoji.
      const razaoSocial = 'Jose\u0301 Conceic\u0327a\u0303o 東京商事 株式会社 😀 Ltda';
      const cli = await api.withCliente('clientePdf', { razaoSocial });
      const stored = (await api.get(`/api/clientes/${cli._id}`, 'financeiro')).body.data;
      const c = await cobrar(cli._id, [{ descricao: 'Alteração contratual 📄', tipo: 'honorario', valor: 10 }]);
      const pid = (await pagar(c._id, { valor: 10, forma: 'pix' })).body.data.pagamentos[0]._id;
      const res = await fetch(`${api.baseUrl}/api/cobrancas/${c._id}/pagamentos/${pid}/recibo`, { headers: { authorization: `Bearer ${api.token.clientePdf}` } });
      expect(res.status).toBe(200);
      const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
      const cnpj = maskCnpj(cleanCnpj(String(stored.cnpj)));
      expect(text).toContain(`Recebemos de ${String(stored.razaoSocial).normalize('NFC')}, CNPJ ${cnpj},`);
      expect(String(stored.razaoSocial).normalize('NFC')).toBe(razaoSocial.normalize('NFC'));
      expect(text).toContain('Alteração contratual 📄');
      expect(text).not.toContain('\uFFFD');
    });

    it('a payment has a PDF receipt with the amount in words, for staff and the charge’s client only', async () => {
      const c = await cobrar(clienteA._id, [{ descricao: 'Abertura de empresa', tipo: 'honorario', valor: 1234.5 }]);
      const paid = await pagar(c._id, { valor: 1234.5, forma: 'pix' });
      const pid = paid.body.data.pagamentos[0]._id;
      const url = `/api/cobrancas/${c._id}/pagamentos/${pid}/recibo`;
      const res = await fetch(api.baseUrl + url, { headers: { authorization: `Bearer ${api.token.clienteA}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('attachment');
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain('mil duzentos e trinta e quatro reais e cinquenta centavos');
      expect(text).toContain('R$ 1.234,50');
      expect(text).toContain('Padaria Pão Quente Ltda');
      // Issue 52: the firm's name and CNPJ (FIRM_CNPJ), and what the charge was for (here, no registro: avulsa).
      expect(text.replace(/\s+/g, ' ')).toContain('Veritas Assessoria Empresarial CNPJ 11.444.777/0001-61');
      expect(text.replace(/\s+/g, ' ')).toContain('referente à cobrança avulsa:');
      expect((await api.get(url, 'financeiro')).status).toBe(200);

      // Client B never reaches A's charge, its receipt or its details.
      expect((await api.get(url, 'clienteB')).status).toBe(404);
      expect((await api.get(`/api/cobrancas/${c._id}`, 'clienteB')).status).toBe(403);
      expect((await api.get('/api/cobrancas/me', 'clienteB')).body.data.some((x: any) => x._id === c._id)).toBe(false);
      // A payment id of another charge is not found under this one.
      const other = await cobrar(clienteB._id, [{ descricao: 'Outra', tipo: 'taxa', valor: 5 }]);
      expect((await api.get(`/api/cobrancas/${other._id}/pagamentos/${pid}/recibo`, 'financeiro')).status).toBe(404);
      expect((await api.get(`/api/cobrancas/${c._id}/pagamentos/nao-e-uuid/recibo`, 'clienteA')).status).toBe(404);
    });
  });

  describe('bank statement (OFX)', () => {
    const ymd = (d: string) => d.replace(/-/g, '');
    const stmttrn = (fitid: string, valor: string, memo: string, data = today, name = '') =>
      `<STMTTRN><TRNTYPE>${valor.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${ymd(data)}120000[-3:BRT]<TRNAMT>${valor}<FITID>${fitid}${name ? `<NAME>${name}` : ''}<MEMO>${memo}</STMTTRN>`;
    const ofx = (trns: string, acctid = '56789-0') =>
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n' +
      `<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>${ymd(today)}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>` +
      `<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>${acctid}<ACCTTYPE>CHECKING</BANKACCTFROM>` +
      `<BANKTRANLIST><DTSTART>${ymd(today)}<DTEND>${ymd(today)}${trns}</BANKTRANLIST><LEDGERBAL><BALAMT>0<DTASOF>${ymd(today)}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

    async function upload(content: string | Buffer, name = 'extrato.ofx', as = 'financeiro') {
      const form = new FormData();
      form.append('arquivo', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
      const res = await fetch(`${api.baseUrl}/api/financas/extratos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${api.token[as]}` } });
      return { status: res.status, body: (await res.json()) as any };
    }

    it('proposes matches by txid, by amount near the due date, ambiguous and unmatched; records only what is confirmed, once', async () => {
      const porTxid = await cobrar(clienteA._id, [{ descricao: 'Por txid', tipo: 'honorario', valor: 111.11 }], { vencimento: addCalendarDays(today, 20) });
      const porValor = await cobrar(clienteB._id, [{ descricao: 'Por valor', tipo: 'honorario', valor: 222.22 }], { vencimento: addCalendarDays(today, 3) });
      const amb1 = await cobrar(clienteA._id, [{ descricao: 'Ambígua 1', tipo: 'honorario', valor: 333.33 }], { vencimento: today });
      const amb2 = await cobrar(clienteB._id, [{ descricao: 'Ambígua 2', tipo: 'honorario', valor: 333.33 }], { vencimento: addCalendarDays(today, -2) });
      // Same amount but due too far from the credit: not a candidate.
      await cobrar(clienteB._id, [{ descricao: 'Longe', tipo: 'honorario', valor: 222.22 }], { vencimento: addCalendarDays(today, 30) });

      const file = ofx(
        stmttrn('F1', '111.11', `PIX RECEBIDO ${porTxid.txid} PADARIA`) +
          stmttrn('F2', '222.22', 'PIX RECEBIDO OFICINA') +
          stmttrn('F3', '333.33', 'TED RECEBIDA') +
          stmttrn('F4', '444.44', 'DEPOSITO') +
          stmttrn('F5', '-50.00', 'TARIFA'),
      );
      const imp = await upload(file);
      expect([imp.status, imp.body.message]).toEqual([201, undefined]);
      const t = Object.fromEntries(imp.body.data.transacoes.map((x: any) => [x.fitid, x]));
      expect(Object.keys(t).sort()).toEqual(['F1', 'F2', 'F3', 'F4']);
      expect(t.F1).toMatchObject({ situacao: 'txid', cobrancaId: porTxid._id, valor: 111.11, data: today, preSelecionada: true });
      // An amount alone is offered, never ticked.
      expect(t.F2).toMatchObject({ situacao: 'valor', cobrancaId: porValor._id, preSelecionada: false });
      expect(t.F3.situacao).toBe('ambigua');
      expect(t.F3.candidatas.map((c: any) => c.cobrancaId).sort()).toEqual([amb1._id, amb2._id].sort());
      expect(t.F4).toMatchObject({ situacao: 'sem-correspondencia', cobrancaId: null, candidatas: [] });

      // Nothing is paid before confirming.
      expect((await api.get(`/api/cobrancas/${porTxid._id}`, 'financeiro')).body.data.pago).toBe(0);
      expect((await api.get(`/api/financas/extratos/${imp.body.data._id}`, 'financeiro')).body.data.transacoes).toHaveLength(4);

      const matches = [
        { transacaoId: t.F1._id, cobrancaId: porTxid._id },
        { transacaoId: t.F2._id, cobrancaId: porValor._id },
        { transacaoId: t.F3._id, cobrancaId: amb2._id },
      ];
      const avisosDePagamento = async () => (await api.app.get(DataSource).getRepository(MailOutbox).countBy({ evento: 'cobranca.pagamento' }));
      const avisosAntes = await avisosDePagamento();
      const conf = await api.post(`/api/financas/extratos/${imp.body.data._id}/confirmar`, { matches }, 'financeiro');
      expect([conf.status, conf.body.message]).toEqual([201, undefined]);
      expect(conf.body.data.registrados).toBe(3);
      for (const id of [porTxid._id, porValor._id, amb2._id]) {
        const c = (await api.get(`/api/cobrancas/${id}`, 'financeiro')).body.data;
        expect(c).toMatchObject({ status: 'paga', saldo: 0 });
        expect(c.pagamentos[0]).toMatchObject({ forma: 'pix', data: today });
      }
      expect((await api.get(`/api/cobrancas/${amb1._id}`, 'financeiro')).body.data.status).toBe('aberta');
      // Each payer is told, as when a payment is registered by hand (issue 53): one notice per charge paid.
      expect((await avisosDePagamento()) - avisosAntes).toBe(3);

      // Confirming again, and importing the same statement again, record nothing twice.
      const again = await api.post(`/api/financas/extratos/${imp.body.data._id}/confirmar`, { matches }, 'financeiro');
      expect(again.body.data.registrados).toBe(0);
      expect((await avisosDePagamento()) - avisosAntes).toBe(3);
      expect(again.body.data.transacoes.filter((x: any) => x.situacao === 'conciliada')).toHaveLength(3);
      // The same file again is refused (409), and so is a statement whose credits were all imported before.
      const reimp = await upload(file);
      expect([reimp.status, reimp.body.message]).toEqual([409, 'Este arquivo de extrato já foi importado; abra-o na lista de extratos.']);
      const sameCredits = await upload(file + '\n');
      expect([sameCredits.status, sameCredits.body.message]).toEqual([409, 'Todos os créditos deste extrato já foram importados antes; nada novo a conciliar.']);
      const [{ n }] = await db.query('SELECT COUNT(1) AS n FROM cobranca_pagamentos WHERE extratoTransacaoId IS NOT NULL');
      expect(Number(n)).toBe(3);
      const [{ m }] = await db.query('SELECT COUNT(1) AS m FROM extrato_transacoes');
      expect(Number(m)).toBe(4);

      // A pair naming a paid charge is refused (409) and nothing of that confirmation is saved.
      const over = await upload(ofx(stmttrn('G1', '1.00', 'X') + stmttrn('G2', '999.99', 'Y')));
      const g = Object.fromEntries(over.body.data.transacoes.map((x: any) => [x.fitid, x]));
      const bad = await api.post(
        `/api/financas/extratos/${over.body.data._id}/confirmar`,
        { matches: [{ transacaoId: g.G1._id, cobrancaId: amb1._id }, { transacaoId: g.G2._id, cobrancaId: porTxid._id }] },
        'financeiro',
      );
      expect(bad.status).toBe(409);
      expect((await api.get(`/api/cobrancas/${amb1._id}`, 'financeiro')).body.data.pago).toBe(0);
      // A credit above the balance (chosen by hand: nothing proposed it) pays the balance; the excess is flagged.
      const hand = await api.post(
        `/api/financas/extratos/${over.body.data._id}/confirmar`,
        { matches: [{ transacaoId: g.G1._id, cobrancaId: amb1._id }, { transacaoId: g.G2._id, cobrancaId: amb1._id }] },
        'financeiro',
      );
      expect([hand.status, hand.body.data?.registrados]).toEqual([201, 2]);
      expect((await api.get(`/api/cobrancas/${amb1._id}`, 'financeiro')).body.data).toMatchObject({ status: 'paga', pago: 333.33 });
      const g2 = hand.body.data.transacoes.find((x: any) => x.fitid === 'G2');
      expect(g2.alerta).toMatch(/^Excedente de R\$\s667,66 sobre o saldo da cobrança: devolver ao cliente ou abater\.$/);
    });

    it('scores by CNPJ and name before amount; an unknown payer is never pre-selected; the account and FITIDs are the bank identity; one import of a file', async () => {
      const cnpjCharge = await cobrar(clienteA._id, [{ descricao: 'Abertura', tipo: 'honorario', valor: 1480 }], { vencimento: addCalendarDays(today, 14) });
      const bait = await cobrar(clienteB._id, [{ descricao: 'Isca', tipo: 'honorario', valor: 777.77 }], { vencimento: today });
      const file = ofx(
        stmttrn('H1', '1480.00', `PIX ${clienteA.cnpj}`, today, 'PADARIA PAO QUENTE LTDA') +
          stmttrn('H2', '777.77', 'PIX RECEBIDO', today, 'FULANO DE TAL') +
          stmttrn('H3', '10.00', 'DEP') +
          stmttrn('H3', '12.00', 'DEP') +
          stmttrn('H4', '5.00', 'DEP') +
          stmttrn('H4', '5.00', 'DEP'),
        '056789-0',
      );
      const imp = await upload(file);
      expect([imp.status, imp.body.message]).toEqual([201, undefined]);
      const t = Object.fromEntries(imp.body.data.transacoes.map((x: any) => [x.fitid, x]));
      expect(t.H1).toMatchObject({ situacao: 'documento', cobrancaId: cnpjCharge._id, preSelecionada: true });
      expect(t.H2).toMatchObject({ situacao: 'valor', cobrancaId: bait._id, preSelecionada: false });
      // One FITID with two amounts: both kept and flagged; an identical line twice: kept once, counted.
      expect([t.H3.alerta, t['H3#2']?.valor, t['H3#2']?.alerta === t.H3.alerta]).toEqual([expect.stringContaining('FITID'), 12, true]);
      expect(Object.keys(t).filter((k) => k.startsWith('H4'))).toEqual(['H4']);
      expect(imp.body.data.repetidas).toBe(1);
      // The same statement exported with the account written without the leading zero: nothing new, 409.
      const again = await upload(ofx(stmttrn('H1', '1480.00', `PIX ${clienteA.cnpj}`, today, 'PADARIA PAO QUENTE LTDA'), '56789-0'));
      expect(again.status).toBe(409);
      // Any unmatched credit can be matched by hand to any open charge, found by its balance (or client, or protocol).
      const found = await api.get(`/api/cobrancas?filter=${encodeURIComponent(JSON.stringify({ status: 'aberta', q: 'R$ 777,77' }))}&range=[0,49]`, 'financeiro');
      expect(found.body.data.map((c: any) => c._id)).toEqual([bait._id]);
      const hand = await api.post(`/api/financas/extratos/${imp.body.data._id}/confirmar`, { matches: [{ transacaoId: t.H4._id, cobrancaId: bait._id }, { transacaoId: t.H1._id, cobrancaId: cnpjCharge._id }] }, 'financeiro');
      expect([hand.status, hand.body.data?.registrados]).toEqual([201, 2]);
      expect((await api.get(`/api/cobrancas/${bait._id}`, 'financeiro')).body.data).toMatchObject({ status: 'aberta', pago: 5 });
    });

    it('imports one file at once from many requests: one 201, the rest 409, never 5xx', async () => {
      const file = ofx(stmttrn('K1', '3.21', 'CONCORRENTE') + stmttrn('K2', '4.32', 'CONCORRENTE'), '99999');
      const answers = await Promise.all(Array.from({ length: 6 }, () => upload(file)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const [{ n }] = await db.query("SELECT COUNT(1) AS n FROM extrato_transacoes WHERE conta = '341/1234/99999'");
      expect(Number(n)).toBe(2);
    });

    it('refuses garbage (400) and files over 1 MB (413) with pt-BR messages', async () => {
      const garbage = await upload('%PDF-1.4 isto não é um extrato', 'extrato.pdf');
      expect(garbage.status).toBe(400);
      expect(garbage.body.message).toContain('OFX');
      const big = await upload(Buffer.alloc(1024 * 1024 + 10, 'a'));
      expect(big.status).toBe(413);
      const none = await api.post('/api/financas/extratos', {}, 'financeiro');
      expect(none.status).toBe(400);
    });
  });

  describe('summary', () => {
    it('sums receivable, received, overdue, aging buckets, by service and by client type', async () => {
      const velha = await cobrar(clienteB._id, [{ descricao: 'Antiga', tipo: 'taxa', valor: 45.45 }], { vencimento: addCalendarDays(today, -45) });
      const r = await api.get('/api/financas/resumo?periodo=30d', 'financeiro');
      expect(r.status).toBe(200);
      const d = r.body.data;
      const open = (await api.get(`/api/cobrancas?filter=${encodeURIComponent('{"status":"aberta"}')}&range=[0,199]`, 'financeiro')).body.data;
      const cents = (v: number) => Math.round(v * 100);
      expect(cents(d.aReceber)).toBe(open.reduce((s: number, c: any) => s + cents(c.saldo), 0));
      expect(cents(d.vencido)).toBe(open.filter((c: any) => c.vencida).reduce((s: number, c: any) => s + cents(c.saldo), 0));
      expect(d.aging.map((a: any) => a.faixa)).toEqual(['0-30', '31-60', '61-90', '>90']);
      expect(d.aging.find((a: any) => a.faixa === '31-60')).toEqual({ faixa: '31-60', valor: 45.45, quantidade: 1 });
      expect(d.recebido).toBeGreaterThanOrEqual(100 + 1234.5 + 111.11 + 222.22 + 333.33);
      expect(d.porServico.find((g: any) => g.nome === 'Abertura de Empresa')).toMatchObject({ faturado: 1234.5, honorarios: 1234.5, taxas: 0 });
      expect(d.porServico.find((g: any) => g.nome === 'Cobranças avulsas').taxas).toBeGreaterThanOrEqual(45.45 + 39.9);
      expect(d.porTipoCliente.map((g: any) => g.nome)).toEqual(expect.arrayContaining([`Tipo Finanças ${kind}`, 'Sem tipo']));
      expect((await api.get('/api/financas/resumo?periodo=semana', 'financeiro')).status).toBe(400);
      expect(velha.vencida).toBe(true);
    });
  });

  describe('reminders', () => {
    /** A second instance of the server on the same database (a restart, or another process). */
    async function secondApp(): Promise<NestFastifyApplication> {
      const url = (db.options as { url?: string }).url;
      const config = loadConfig({
        DATA_DIR: api.dataDir,
        ...(url ? { DATABASE_URL: url } : {}),
        MASTER_PASSWORD,
        PASSWORD_HASH_COST: 'fast',
        SMTP_PORT: '0',
        WEB_ROOT: path.join(api.dataDir, 'no-web'),
      });
      const app = await createApp(config, false);
      await app.init();
      return app;
    }

    it('sends D−3, D0, D+3 and D+7 once per charge and day across a restart, and none once paid or cancelled', async () => {
      const cliente = await api.withCliente('clienteR', { razaoSocial: 'Lembrete Comércio Ltda' });
      const venc = addCalendarDays(today, 3);
      const x = await cobrar(cliente._id, [{ descricao: 'X', tipo: 'honorario', valor: 10 }], { vencimento: venc });
      const y = await cobrar(cliente._id, [{ descricao: 'Y', tipo: 'honorario', valor: 20 }], { vencimento: venc });
      const z = await cobrar(cliente._id, [{ descricao: 'Z', tipo: 'honorario', valor: 30 }], { vencimento: venc });
      await api.put(`/api/cobrancas/${y._id}/cancelar`, { motivo: 'Desistência' }, 'financeiro');

      const first = api.app.get(LembretesService);
      await first.runOnce(today);
      await first.runOnce(today);
      const second = await secondApp();
      try {
        const other = second.get(LembretesService);
        // Its own start-up pass first: two SQLite connections in one process cannot write at once.
        await new Promise((r) => setImmediate(r));
        await other.idle();
        await other.runOnce(today);
        await other.runOnce(addCalendarDays(today, 3));
        await first.runOnce(addCalendarDays(today, 3));
        expect((await pagar(z._id, { valor: 30, forma: 'pix' })).status).toBe(201);
        await first.runOnce(addCalendarDays(today, 6));
        await other.runOnce(addCalendarDays(today, 6));
        await first.runOnce(addCalendarDays(today, 10));
        await other.runOnce(addCalendarDays(today, 10));
      } finally {
        await second.close();
      }
      const dias = async (id: string) =>
        (await db.query('SELECT diaRelativo FROM cobranca_lembretes WHERE cobrancaId = ? ORDER BY diaRelativo', [id])).map((r: any) => Number(r.diaRelativo));
      expect(await dias(x._id)).toEqual([-3, 0, 3, 7]);
      expect(await dias(z._id)).toEqual([-3, 0]);
      expect(await dias(y._id)).toEqual([]);
      // The reminders only: the client was also welcomed, told of each charge and of the payment (issue 53).
      const [{ n }] = await db.query("SELECT COUNT(1) AS n FROM mail_outbox WHERE summary LIKE ? AND evento = 'cobranca.lembrete'", [`%${cliente.email}%`]);
      expect(Number(n)).toBe(6);
      const [{ e }] = await db.query("SELECT COUNT(1) AS e FROM mail_outbox WHERE clienteId = ? AND evento = 'cobranca.emitida'", [cliente._id]);
      expect(Number(e)).toBe(3);
    });
  });
});

/** FINANCAS_COBRAR_EM=conclusao: the charge comes with the conclusion, in the same transaction, once. */
describe.each(databaseKinds())('finanças charging at conclusion on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start(kind, { FINANCAS_COBRAR_EM: 'conclusao', FINANCAS_VENCIMENTO_DIAS: '10' });
    await api.withStaff();
  });
  afterAll(() => api.stop());

  it('makes no charge at opening, and one when the registro is concluded', async () => {
    const tipo = await api.post('/api/tipos-cliente', { nome: 'Tipo Conclusão', ativo: true, servicos: [{ nome: 'Certidão Simplificada', valor: 89.9 }] }, 'master');
    const cliente = await api.withCliente('cliente');
    expect((await api.put(`/api/clientes/${cliente._id}`, { tipoClienteId: tipo.body.data._id }, 'master')).status).toBe(200);
    const reg = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão' }, 'cliente');
    expect([reg.status, reg.body.data.valor]).toEqual([201, 89.9]);
    const charges = async () => (await api.get('/api/cobrancas/me', 'cliente')).body.data;
    expect(await charges()).toEqual([]);
    expect((await api.put(`/api/registros/${reg.body.data._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
    expect(await charges()).toEqual([]);
    expect((await api.put(`/api/registros/${reg.body.data._id}/status`, { status: 'concluido' }, 'master')).status).toBe(200);
    const [c] = await charges();
    expect(c).toMatchObject({ registroId: reg.body.data._id, total: 89.9, status: 'aberta', vencimento: addCalendarDays(todayInSaoPaulo(), 10) });
    expect(c.pagamentos).toEqual([]);
  });
});
