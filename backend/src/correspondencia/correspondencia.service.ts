import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CorrespondenciaLinha } from '@veritas/common';
import { PolicyService } from '../platform/access';
import { MailMessage } from '../mail';
import { toIso } from '../platform/database';
import type { ListRequest } from '../platform/read-side';
import type { AuthPrincipal } from '../platform/request';
import type { Registro } from '../registros';

/**
 * A registro's correspondence (issue 56, ADR 0051): the mails linked to it (email_vinculos) among the
 * caller's own mailbox copies — mailboxes are personal, so a colleague's copy of the same thread is the
 * colleague's. Who may not see the registro gets 404; the Lixeira is left out. Paged in SQL.
 */
@Injectable()
export class CorrespondenciaService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly policy: PolicyService,
  ) {}

  async list(actor: AuthPrincipal, registroId: string, req: ListRequest): Promise<{ rows: CorrespondenciaLinha[]; total: number }> {
    const registro = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const qb = this.ds
      .getRepository(MailMessage)
      .createQueryBuilder('m')
      .select(['m.id', 'm.subject', 'm.fromAddress', 'm.fromName', 'm.date', 'm.folder', 'm.hasAttachments'])
      .where('m.ownerId = :owner AND m.folder <> :trash', { owner: actor.id, trash: 'trash' })
      .andWhere('EXISTS (SELECT 1 FROM email_vinculos v WHERE v.emailId = m.id AND v.registroId = :registro)', { registro: registro.id });
    const [rows, total] = await Promise.all([
      qb.clone().orderBy(req.sortColumn, req.sortOrder).addOrderBy('m.id', req.sortOrder).offset(req.skip).limit(req.take).getMany(),
      qb.getCount(),
    ]);
    return { rows: rows.map(linha), total };
  }
}

function linha(m: MailMessage): CorrespondenciaLinha {
  return { _id: m.id, subject: m.subject, from: m.fromAddress, fromName: m.fromName, date: toIso(m.date) ?? '', folder: m.folder, hasAttachments: !!m.hasAttachments };
}
