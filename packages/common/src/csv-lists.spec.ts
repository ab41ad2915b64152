import type { ContatoMensagemResponse } from './contact';
import type { DocumentoResponse } from './api-types';
import { deliveryText, DOCUMENTOS_CSV, MENSAGENS_CSV, senderText, situacaoText, toCsv } from './csv';

const doc = (over: Partial<DocumentoResponse>): DocumentoResponse =>
  ({
    _id: 'd1',
    titulo: 'Alvará 2026',
    tipo: 'PDF',
    data: '2026-11-03T13:05:00.000Z',
    tamanho: 2048,
    nomeArquivo: 'alvara.pdf',
    mime: 'application/pdf',
    clienteId: 'c1',
    clienteNome: 'Oficina Bom Motor Ltda',
    registroId: null,
    registroNumero: null,
    enviadoPor: 'equipe',
    enviadoPorNome: 'Ana Diretora',
    baixadoClienteEm: null,
    lidoEquipeEm: null,
    ...over,
  }) as DocumentoResponse;

describe('documentos.csv', () => {
  it('heads the columns with the labels the screen shows and writes one line per document', () => {
    const [head, line] = toCsv([doc({ registroNumero: '2026-000007' })], DOCUMENTOS_CSV).split('\r\n');
    expect(head).toBe('Documento;Tipo;Arquivo;Tamanho;Cliente;Registro;Enviado por;Enviado em;Entrega');
    const cells = line.split(';');
    expect(cells.slice(0, 3)).toEqual(['Alvará 2026', 'PDF', 'alvara.pdf']);
    expect(cells[3]).toMatch(/^2(,0)? KB$/);
    expect(cells.slice(4, 7)).toEqual(['Oficina Bom Motor Ltda', '2026-000007', 'Ana Diretora (escritório)']);
    expect(cells[7]).toMatch(/^03\/11\/2026 \d{2}:05$/);
    expect(cells[8]).toBe('Ainda não baixado pelo cliente');
  });

  it('says where each document stands, from either side', () => {
    expect(deliveryText(doc({ baixadoClienteEm: '2026-11-04T15:30:00.000Z' }))).toMatch(/^Baixado pelo cliente em 04\/11\/2026 \d{2}:30$/);
    expect(deliveryText(doc({ enviadoPor: 'cliente' }))).toBe('Novo: ainda não aberto pela equipe');
    expect(deliveryText(doc({ enviadoPor: 'cliente', lidoEquipeEm: '2026-11-05T10:00:00.000Z' }))).toMatch(/^Aberto pela equipe em 05\/11\/2026/);
    expect(senderText(doc({ enviadoPor: 'cliente', enviadoPorNome: 'Padaria Ltda' }))).toBe('Padaria Ltda (cliente)');
  });
});

const mensagem = (over: Partial<ContatoMensagemResponse>): ContatoMensagemResponse =>
  ({
    _id: 'm1',
    nome: 'Maria Souza',
    email: 'maria@exemplo.com.br',
    telefone: '(11) 98888-7777',
    empresa: null,
    assunto: 'Outros Serviços',
    mensagem: 'Preciso de ajuda; é urgente.',
    lida: false,
    tratada: false,
    respondidaEm: null,
    createdAt: '2026-11-03T13:05:00.000Z',
    ...over,
  }) as ContatoMensagemResponse;

describe('mensagens.csv', () => {
  it('heads the columns with the labels the screen shows and quotes the text holding the separator', () => {
    const [head, line] = toCsv([mensagem({})], MENSAGENS_CSV).split('\r\n');
    expect(head).toBe('Nome;E-mail;Telefone;Empresa;Assunto;Mensagem;Recebida em;Situação');
    expect(line).toMatch(/^Maria Souza;maria@exemplo\.com\.br;\(11\) 98888-7777;;Outros Serviços;"Preciso de ajuda; é urgente\.";03\/11\/2026 \d{2}:05;Não lida, Pendente$/);
  });

  it('names the situation as the list\'s chips do', () => {
    expect(situacaoText(mensagem({ lida: true }))).toBe('Pendente');
    expect(situacaoText(mensagem({ lida: true, tratada: true, respondidaEm: '2026-11-04T10:00:00.000Z' }))).toBe('Tratada, Respondida');
  });
});
