import { ContatoMensagemResponse, maskPhone } from '@veritas/common';
import { toIso } from '../platform/database';
import type { ContatoMensagem } from './entities/contato-mensagem.entity';

export function toContatoResponse(m: ContatoMensagem): ContatoMensagemResponse {
  return {
    _id: m.id,
    nome: m.nome,
    email: m.email,
    telefone: maskPhone(m.telefone),
    empresa: m.empresa,
    assunto: m.assunto,
    mensagem: m.mensagem,
    aceiteTermos: Boolean(m.aceiteTermos),
    aceiteTermosEm: toIso(m.aceiteTermosEm)!,
    lida: Boolean(m.lida),
    tratada: Boolean(m.tratada),
    tratadaEm: toIso(m.tratadaEm),
    tratadaPor: m.tratadaPor,
    respondidaEm: toIso(m.respondidaEm),
    respondidaPor: m.respondidaPor,
    createdAt: toIso(m.createdAt)!,
    updatedAt: toIso(m.updatedAt)!,
  };
}
