import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Data that belongs to a client and lives in other modules (registros, documents, ...). Those
 * modules register here at start-up, so deleting a client can say what would go with it and remove
 * it in the same transaction, without the clientes module importing each of them.
 */
export interface ClienteDependent {
  /** What it is, in the plural, for messages: 'registros', 'documentos'. */
  label: string;
  count(clienteId: string): Promise<number>;
  /** Deletes the rows, inside the caller's transaction. */
  removeAll(clienteId: string, manager: EntityManager): Promise<void>;
  /**
   * Work that must wait until the transaction has committed, such as deleting files; it must
   * not throw (a leftover is swept later).
   */
  afterRemoval?(clienteId: string): Promise<void>;
}

/**
 * How the client delete uses it:
 *
 *   const dependentes = await registry.summary(id);        // { registros: 3, documentos: 1 }
 *   await withTransaction(dataSource, async (m) => {
 *     await registry.removeAll(id, m);                       // before the client's row (foreign keys)
 *     await m.delete(Cliente, { id });
 *   });
 *   await registry.afterCommit(id);                          // files; never throws
 */
@Injectable()
export class ClienteDependentsRegistry {
  private readonly logger = new Logger(ClienteDependentsRegistry.name);
  private readonly dependents: ClienteDependent[] = [];

  register(dep: ClienteDependent): void {
    if (!this.dependents.some((d) => d.label === dep.label)) this.dependents.push(dep);
  }

  /** Counts per dependent ({ registros: 3, documentos: 1 }), zeros included. */
  async summary(clienteId: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const d of this.dependents) out[d.label] = await d.count(clienteId);
    return out;
  }

  /** Removes every dependent's rows, in reverse registration order (later ones may point to earlier). */
  async removeAll(clienteId: string, manager: EntityManager): Promise<void> {
    for (const d of [...this.dependents].reverse()) await d.removeAll(clienteId, manager);
  }

  async afterCommit(clienteId: string): Promise<void> {
    for (const d of this.dependents) {
      try {
        await d.afterRemoval?.(clienteId);
      } catch (err) {
        this.logger.error(`Limpeza de ${d.label} do cliente ${clienteId} falhou: ${(err as Error).message}`);
      }
    }
  }
}
