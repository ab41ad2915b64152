import type { ContatoMensagemResponse } from '@veritas/common';
import { toCsv } from '../providers/csv';
import { registrosMessages } from '../i18n/registros';
import { mensagensCsvColumns, situacaoText } from './csv';

const fields = registrosMessages.resources.contato.fields as Record<string, string>;
const translate = (key: string) => fields[key.replace('resources.contato.fields.', '')] ?? key;

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
  it('heads the columns with the i18n labels and quotes the text holding the separator', () => {
    const [head, line] = toCsv([mensagem({})], mensagensCsvColumns(translate)).split('\r\n');
    expect(head).toBe('Nome;E-mail;Telefone;Empresa;Assunto;Mensagem;Recebida em;Situação');
    expect(line).toMatch(/^Maria Souza;maria@exemplo\.com\.br;\(11\) 98888-7777;;Outros Serviços;"Preciso de ajuda; é urgente\.";03\/11\/2026 \d{2}:05;Não lida, Pendente$/);
  });

  it('names the situation as the list\'s chips do', () => {
    expect(situacaoText(mensagem({ lida: true }))).toBe('Pendente');
    expect(situacaoText(mensagem({ lida: true, tratada: true, respondidaEm: '2026-11-04T10:00:00.000Z' }))).toBe('Tratada, Respondida');
  });
});
