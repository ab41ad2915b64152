import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { autorMembro, capacidadesDe, PAPEL_MEMBRO_LABELS, ULTIMO_RESPONSAVEL } from '@veritas/common';
import { ClienteMembro } from '../clientes';
import { Documento } from '../documentos';
import { RegistroMensagem } from '../mensagens';
import { Registro, RegistroHistorico } from '../registros';
import { appendAudit } from '../auditoria';
import { withTransaction } from '../platform/database';
import { MEMBRO_NOT_FOUND } from './membros.service';

export const MEMBRO_ELIMINADO = 'Seus dados pessoais foram eliminados e o seu acesso encerrado. Os registros da empresa continuam com a empresa.';
export const membroAnonimizado = (id: string) => `Membro anonimizado #${id.slice(0, 8)}`;

/**
 * A member's own LGPD rights (issue 54, ADR 0058): the copy of its personal data, and their erasure. The
 * company's records (registros, documents, charges) are the company's and stay; what the member signed
 * keeps the act but loses the name.
 */
@Injectable()
export class MembroTitularService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The member's own personal data, as JSON (the company's copy is the Responsável's "Cópia dos dados"). */
  async meusDados(clienteId: string, membroId: string) {
    const m = await this.db.getRepository(ClienteMembro).findOne({ where: { id: membroId, clienteId } });
    if (!m) throw new NotFoundException(MEMBRO_NOT_FOUND);
    const assinados = await this.db
      .getRepository(RegistroHistorico)
      .createQueryBuilder('h')
      .innerJoin(Registro, 'r', 'r.id = h.registroId')
      .where("h.autorTipo = 'cliente' AND r.clienteId = :c AND h.autorNome = :n", { c: clienteId, n: autorMembro(m) })
      .getCount();
    // The member's own words in the registros' conversations (ADR 0057): theirs to read back.
    const mensagens = await this.db.getRepository(RegistroMensagem).find({ where: { autorMembroId: m.id }, order: { createdAt: 'ASC' }, select: { registroId: true, texto: true, createdAt: true } });
    return {
      geradoEm: new Date().toISOString(),
      membro: {
        nome: m.nome,
        email: m.email,
        cpf: m.cpf,
        papel: PAPEL_MEMBRO_LABELS[m.papel],
        capacidades: capacidadesDe(m.papel, m.capacidades),
        status: m.status,
        membroDesde: new Date(m.createdAt).toISOString(),
      },
      atos: { linhasDeHistorico: assinados },
      mensagens: mensagens.map((x) => ({ registroId: x.registroId, texto: x.texto, enviadaEm: new Date(x.createdAt).toISOString() })),
    };
  }

  /** Erasure: name, e-mail and CPF anonymised, login disabled (its tokens end); the last active Responsável cannot (409). */
  async eliminar(clienteId: string, membroId: string): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const m = await tx.findOne(ClienteMembro, { where: { id: membroId, clienteId } });
      if (!m) throw new NotFoundException(MEMBRO_NOT_FOUND);
      if (m.papel === 'responsavel') {
        const outros = await tx
          .getRepository(ClienteMembro)
          .createQueryBuilder('x')
          .where("x.clienteId = :c AND x.papel = 'responsavel' AND x.status = 'ativo' AND x.id <> :id", { c: clienteId, id: m.id })
          .getCount();
        if (!outros) throw new ConflictException(ULTIMO_RESPONSAVEL);
      }
      const antigo = autorMembro(m);
      const anonimo = membroAnonimizado(m.id);
      const novo = autorMembro({ nome: anonimo, papel: m.papel });
      const daEmpresa = tx.createQueryBuilder().select('r.id').from(Registro, 'r').where('r.clienteId = :cid');
      await tx
        .createQueryBuilder()
        .update(RegistroHistorico)
        .set({ autorNome: novo })
        .where(`autorTipo = 'cliente' AND autorNome = :antigo AND registroId IN (${daEmpresa.getQuery()})`, { cid: clienteId, antigo })
        .execute();
      await tx.update(Documento, { clienteId, enviadoPor: 'cliente', enviadoPorNome: antigo }, { enviadoPorNome: novo });
      await tx.update(RegistroMensagem, { autorMembroId: m.id }, { autorNome: novo });
      await tx.update(
        ClienteMembro,
        { id: m.id },
        { nome: anonimo, email: `membro-${m.id}@anonimizado.invalid`, cpf: null, passwordHash: null, status: 'removido', tokenVersion: (m.tokenVersion ?? 0) + 1, conviteHash: null, conviteExpiraEm: null, updatedAt: new Date() },
      );
      await appendAudit(tx, { acao: 'cliente.membro.eliminacao', entidade: 'clientes', entidadeId: clienteId, diff: { membro: [m.id, anonimo] } });
    });
  }
}
