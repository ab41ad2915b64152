import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { EmailVinculoView } from '@veritas/common';
import { EmailVinculo } from '../mail';
import { insertRows, withTransaction } from '../platform/database';
import { PolicyService } from '../platform/access';
import type { AuthPrincipal } from '../platform/request';
import type { EmailVinculosDto } from './dto/email-vinculos.dto';
import { EmailsService } from './emails.service';

interface LinkRow extends EmailVinculoView {
  responsavelId: string | null;
  registroClienteId: string | null;
}

/**
 * A message's links to clients and registros (issue 56), read and replaced by the mailbox's owner.
 * A link to a registro the caller may not see is neither shown nor touched: nothing about it leaks,
 * and a colleague's link survives an associado's edit.
 */
@Injectable()
export class EmailVinculosService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly emails: EmailsService,
    private readonly policy: PolicyService,
  ) {}

  async list(p: AuthPrincipal, emailId: string): Promise<EmailVinculoView[]> {
    await this.emails.getMessage(p, emailId);
    return folded(await this.visible(p, emailId));
  }

  /** Replaces the links the caller sees by manual ones: each registro (with its client), and the client if it is none of theirs. */
  async replace(p: AuthPrincipal, emailId: string, dto: EmailVinculosDto): Promise<EmailVinculoView[]> {
    await this.emails.getMessage(p, emailId);
    const registros: { id: string; clienteId: string }[] = [];
    for (const id of new Set(dto.registroIds)) registros.push(await this.policy.require<{ id: string; clienteId: string }>(p, 'registro.read', id));
    if (dto.clienteId) await this.policy.require(p, 'cliente.read', dto.clienteId);
    const rows: { clienteId: string; registroId: string | null }[] = registros.map((r) => ({ clienteId: r.clienteId, registroId: r.id }));
    if (dto.clienteId && !registros.some((r) => r.clienteId === dto.clienteId)) rows.push({ clienteId: dto.clienteId, registroId: null });
    const replaced = (await this.visible(p, emailId)).map((l) => l.id);
    await withTransaction(this.db, async (em) => {
      if (replaced.length) await em.delete(EmailVinculo, { id: In(replaced) });
      await insertRows(em, EmailVinculo, rows.map((r) => em.create(EmailVinculo, { emailId, ...r, origem: 'manual' })));
    });
    return folded(await this.visible(p, emailId));
  }

  private async visible(p: AuthPrincipal, emailId: string): Promise<LinkRow[]> {
    const rows: LinkRow[] = await this.db.query(
      `SELECT v.id, v.clienteId, c.razaoSocial AS clienteNome, v.registroId, r.numero AS registroNumero, v.origem,
              r.responsavelId, r.clienteId AS registroClienteId
         FROM email_vinculos v LEFT JOIN clientes c ON c.id = v.clienteId LEFT JOIN registros r ON r.id = v.registroId
        WHERE v.emailId = ? ORDER BY r.numero, c.razaoSocial`,
      [emailId],
    );
    return rows.filter((l) => !l.registroId || this.policy.allows(p, 'registro.read', { clienteId: l.registroClienteId!, responsavelId: l.responsavelId }));
  }
}

/** As the reader shows them: a client-only link is left out when a registro link already names that client. */
function folded(rows: LinkRow[]): EmailVinculoView[] {
  const named = new Set(rows.filter((l) => l.registroId).map((l) => l.clienteId));
  return rows.filter((l) => l.registroId || !named.has(l.clienteId)).map(view);
}

function view(l: LinkRow): EmailVinculoView {
  return { id: l.id, clienteId: l.clienteId, clienteNome: l.clienteNome, registroId: l.registroId, registroNumero: l.registroNumero, origem: l.origem };
}
