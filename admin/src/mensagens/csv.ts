import { formatDateTimeBR, type ContatoMensagemResponse } from '@veritas/common';
import type { CsvColumn } from '../providers/csv';

/** Where a message stands, in words: unread, handled or pending, answered. */
export function situacaoText(m: ContatoMensagemResponse): string {
  return [m.lida ? null : 'Não lida', m.tratada ? 'Tratada' : 'Pendente', m.respondidaEm ? 'Respondida' : null].filter(Boolean).join(', ');
}

/** mensagens.csv: headers from `resources.contato.fields.*`, the whole text, dates dd/mm/aaaa hh:mm. */
export function mensagensCsvColumns(translate: (key: string) => string): CsvColumn<ContatoMensagemResponse>[] {
  const label = (field: string) => translate(`resources.contato.fields.${field}`);
  return [
    { header: label('nome'), value: (m) => m.nome },
    { header: label('email'), value: (m) => m.email },
    { header: label('telefone'), value: (m) => m.telefone },
    { header: label('empresa'), value: (m) => m.empresa },
    { header: label('assunto'), value: (m) => m.assunto },
    { header: label('mensagem'), value: (m) => m.mensagem },
    { header: label('createdAt'), value: (m) => formatDateTimeBR(m.createdAt) },
    { header: label('tratada'), value: situacaoText },
  ];
}
