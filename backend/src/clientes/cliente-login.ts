import { ConflictException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation, withTransaction } from '../platform/database';
import { User } from '../users';
import { Cliente } from './entities/cliente.entity';
import { ClienteMembro } from './entities/cliente-membro.entity';

export const CNPJ_TAKEN = 'Já existe um cliente cadastrado com este CNPJ.';
export const EMAIL_TAKEN = 'Este e-mail já está cadastrado.';

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

/**
 * A new company and its first member, the Responsável holding its login (issue 54, ADR 0058), in one
 * transaction, with the company's id (as the migration gave each existing login): the company's contact
 * e-mail is the member's login. 409 (CNPJ or e-mail taken) when a unique index refuses.
 */
export async function saveWithResponsavel(db: DataSource, cliente: Cliente, r: { nome: string; cpf: string | null; passwordHash: string }): Promise<Cliente> {
  cliente.passwordHash = '';
  try {
    return await withTransaction(db, async (m) => {
      const saved = await m.save(cliente);
      await m.save(m.create(ClienteMembro, { id: saved.id, clienteId: saved.id, nome: r.nome.slice(0, 200), email: saved.email, cpf: r.cpf, papel: 'responsavel', capacidades: null, status: 'ativo', passwordHash: r.passwordHash, tokenVersion: 0 }));
      return saved;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const other = cliente.cnpj ? await db.getRepository(Cliente).findOne({ where: { cnpj: cliente.cnpj }, select: { id: true } }) : null;
    throw new ConflictException(other ? CNPJ_TAKEN : EMAIL_TAKEN);
  }
}
