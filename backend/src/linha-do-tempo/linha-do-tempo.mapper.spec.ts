import { staffPrincipal } from '@veritas/common';
import { linkDaLinha, toLinhaDoTempoItem, tituloDaLinha } from './linha-do-tempo.mapper';
import type { LinhaRow } from './linha-do-tempo.sql';

const row = (over: Partial<LinhaRow>): LinhaRow => ({
  k: 'registro',
  ev: '',
  sid: 's1',
  data: '2026-03-02 15:30:00.000',
  rid: 'r1',
  num: '2026-000742',
  a: null,
  b: null,
  c: null,
  n: null,
  ref: null,
  ...over,
});

describe("a timeline line's sentence (pt-BR)", () => {
  it.each<[string, Partial<LinhaRow>, string]>([
    ['a registro opened', { a: 'Abertura de empresa' }, 'Registro 2026-000742 aberto: Abertura de empresa'],
    ['its status moved', { ev: 'status', b: 'pendente', c: 'andamento' }, 'Registro 2026-000742 mudou de Pendente para Em andamento'],
    ['a stage moved', { k: 'etapa', a: 'Protocolo na Junta', c: 'concluida' }, 'Registro 2026-000742, etapa Protocolo na Junta: Concluída'],
    ['an exigência', { k: 'exigencia', a: 'Falta o contrato', b: '2026-04-01' }, 'Exigência no registro 2026-000742: Falta o contrato (prazo 01/04/2026)'],
    ['an exigência met', { k: 'exigencia', ev: 'cumprida', a: 'Falta o contrato' }, 'Exigência cumprida no registro 2026-000742: Falta o contrato'],
    ['a checklist item sent', { k: 'checklist', ev: 'enviado', a: 'RG' }, 'Documento "RG" enviado para o registro 2026-000742'],
    ['accepted', { k: 'checklist', ev: 'avaliado', a: 'RG', b: 'aceito' }, 'Documento "RG" aceito no registro 2026-000742'],
    ['refused, with its reason', { k: 'checklist', ev: 'avaliado', a: 'RG', b: 'recusado', c: 'Ilegível' }, 'Documento "RG" recusado no registro 2026-000742: Ilegível'],
    ['a client’s document of no registro', { k: 'documento', a: 'Balanço', c: 'cliente', rid: null, num: null }, 'Documento "Balanço" enviado pelo cliente'],
    ['a staff document of a registro', { k: 'documento', a: 'Contrato', b: 'Ana Souza', c: 'equipe' }, 'Documento "Contrato" enviado por Ana Souza (registro 2026-000742)'],
    ['a charge', { k: 'cobranca', n: 15050, b: '2026-04-10', rid: null, num: null }, 'Cobrança de R$\u00a0150,50 com vencimento em 10/04/2026'],
    ['a payment', { k: 'pagamento', n: '9900', b: '2026-04-02', a: 'transferencia', rid: null, num: null }, 'Pagamento de R$\u00a099,00 recebido em 02/04/2026 (Transferência)'],
    ['an appointment', { k: 'agenda', a: 'Assinatura do contrato', rid: null, num: null }, 'Compromisso: Assinatura do contrato'],
    ['a portal message of the client', { k: 'mensagem', a: 'Segue o contrato social.', b: 'ACME Ltda', c: 'cliente' }, 'Mensagem do cliente no registro 2026-000742: Segue o contrato social.'],
    ['a portal answer of the firm', { k: 'mensagem', a: 'Recebido, obrigado.', b: 'Ana Souza', c: 'equipe' }, 'Mensagem de Ana Souza no registro 2026-000742: Recebido, obrigado.'],
    ['a mail received', { k: 'email', a: 'Documentos', b: '', c: 'joana@ipe.com.br', ref: 'inbox' }, 'E-mail recebido de joana@ipe.com.br: Documentos'],
    ['a mail sent without subject', { k: 'email', a: '', ref: 'sent' }, 'E-mail enviado: (sem assunto)'],
  ])('%s', (_, over, titulo) => {
    expect(tituloDaLinha(row(over))).toBe(titulo);
  });
});

describe("a timeline line's link, as its reader reaches the record", () => {
  const board = { ...staffPrincipal(['Diretoria']), id: 'u1' };
  const associado = { ...staffPrincipal(['Associados']), id: 'u2' };

  it('a registro’s lines open the firm’s list for the board, Meus Registros for an associado', () => {
    for (const k of ['registro', 'etapa', 'exigencia', 'checklist'] as const) {
      expect(linkDaLinha(row({ k }), board, 'c1')).toBe('/painel/registros/r1');
      expect(linkDaLinha(row({ k }), associado, 'c1')).toBe('/painel/meu-registros/r1');
    }
  });

  it('the other kinds open their own screens', () => {
    expect(linkDaLinha(row({ k: 'cobranca', sid: 'co1' }), board, 'c1')).toBe('/painel/financas/co1/show');
    expect(linkDaLinha(row({ k: 'pagamento', sid: 'p1', ref: 'co1' }), board, 'c1')).toBe('/painel/financas/co1/show');
    expect(linkDaLinha(row({ k: 'agenda', sid: 'e1' }), board, 'c1')).toBe('/painel/agenda?evento=e1');
    const doc = new URL(linkDaLinha(row({ k: 'documento', rid: null }), board, 'c1'), 'http://x');
    expect([doc.pathname, JSON.parse(doc.searchParams.get('filter')!)]).toEqual(['/painel/documentos', { clienteId: 'c1' }]);
    const mail = new URL(linkDaLinha(row({ k: 'email', sid: 'm1', ref: 'sent' }), board, 'c1'), 'http://x');
    expect([mail.pathname, mail.searchParams.get('email'), mail.searchParams.get('filter')]).toEqual(['/painel/email', 'm1', '{"folder":"sent"}']);
  });

  it('reads SQLite’s zone-less datetime as UTC and names the line by kind, source and event', () => {
    expect(toLinhaDoTempoItem(row({ k: 'checklist', ev: 'enviado', a: 'RG' }), board, 'c1')).toMatchObject({
      _id: 'checklist:s1:enviado',
      tipo: 'checklist',
      tipoLabel: 'Lista de documentos',
      data: '2026-03-02T15:30:00.000Z',
    });
    expect(toLinhaDoTempoItem(row({ data: new Date('2026-03-02T15:30:00Z') }), board, 'c1')).toMatchObject({ _id: 'registro:s1', data: '2026-03-02T15:30:00.000Z' });
  });
});
