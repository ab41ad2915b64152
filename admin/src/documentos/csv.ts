import { formatDateTimeBR, type DocumentoResponse } from '@veritas/common';
import { formatBytes } from '@veritas/web';
import type { CsvColumn } from '../providers/csv';

/** Where a document stands, in words: the client's first download of the firm's documents, the staff's first opening of a client's. */
export function deliveryText(d: DocumentoResponse): string {
  if (d.enviadoPor === 'equipe') return d.baixadoClienteEm ? `Baixado pelo cliente em ${formatDateTimeBR(d.baixadoClienteEm)}` : 'Ainda não baixado pelo cliente';
  return d.lidoEquipeEm ? `Aberto pela equipe em ${formatDateTimeBR(d.lidoEquipeEm)}` : 'Novo: ainda não aberto pela equipe';
}

/** Who sent it: a name and the side ("escritório" or "cliente"). */
export function senderText(d: DocumentoResponse): string {
  return `${d.enviadoPorNome ?? ''} (${d.enviadoPor === 'equipe' ? 'escritório' : 'cliente'})`.trim();
}

/** documentos.csv: headers from `resources.documentos.fields.*`, dates dd/mm/aaaa hh:mm. */
export function documentosCsvColumns(translate: (key: string) => string): CsvColumn<DocumentoResponse>[] {
  const label = (field: string) => translate(`resources.documentos.fields.${field}`);
  return [
    { header: label('titulo'), value: (d) => d.titulo },
    { header: label('tipo'), value: (d) => d.tipo },
    { header: label('nomeArquivo'), value: (d) => d.nomeArquivo },
    { header: label('tamanho'), value: (d) => formatBytes(d.tamanho) },
    { header: label('clienteNome'), value: (d) => d.clienteNome },
    { header: label('registroNumero'), value: (d) => d.registroNumero },
    { header: label('enviadoPor'), value: senderText },
    { header: label('enviadoEm'), value: (d) => formatDateTimeBR(d.data) },
    { header: label('entrega'), value: deliveryText },
  ];
}
