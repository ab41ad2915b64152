import type { DocumentoResponse } from '@veritas/common';
import { toIso } from '../platform/database';
import type { Documento } from './entities/documento.entity';

/** A document as the API shows it, with its client's name and its registro's number (read apart). */
export function toDocumentoResponse(d: Documento, clienteNome: string | null, registroNumero: string | null): DocumentoResponse {
  return {
    _id: d.id,
    titulo: d.titulo,
    tipo: d.tipo,
    data: toIso(d.createdAt) ?? '',
    tamanho: d.tamanho,
    nomeArquivo: d.nomeArquivo,
    mime: d.mime,
    clienteId: d.clienteId,
    clienteNome,
    registroId: d.registroId,
    registroNumero,
    enviadoPor: d.enviadoPor,
    enviadoPorNome: d.enviadoPorNome,
    baixadoClienteEm: toIso(d.baixadoClienteEm),
    lidoEquipeEm: toIso(d.lidoEquipeEm),
    origemEmailId: d.origemEmailId ?? null,
  };
}
