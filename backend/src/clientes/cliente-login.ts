import type { DataSource, EntityManager } from 'typeorm';
import { User } from '../users';
import type { Cliente } from './entities/cliente.entity';
import { ClienteMembro } from './entities/cliente-membro.entity';

/**
 * The company's own login (ADR 0058): the member whose e-mail is the company's contact e-mail, else its
 * first active Responsável. What staff change as "the client's e-mail or password" and send a reset link to.
 */
export async function loginPrincipal(m: EntityManager | DataSource, cliente: Pick<Cliente, 'id' | 'email'>): Promise<ClienteMembro | null> {
  const repo = m.getRepository(ClienteMembro);
  return (
    (await repo.findOne({ where: { clienteId: cliente.id, email: cliente.email } })) ??
    (await repo.findOne({ where: { clienteId: cliente.id, papel: 'responsavel', status: 'ativo' }, order: { createdAt: 'ASC' } }))
  );
}

/** Whether a login e-mail is another member's (any company) or, on the firm's domain, a staff member's. */
export async function loginEmailTaken(m: EntityManager | DataSource, mailDomain: string, email: string, exceptMembroId?: string): Promise<boolean> {
  const other = await m.getRepository(ClienteMembro).findOne({ where: { email }, select: { id: true } });
  if (other && other.id !== exceptMembroId) return true;
  return email.endsWith(`@${mailDomain}`) && (await m.getRepository(User).exists({ where: { email } }));
}
