import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthPrincipal } from '../auth/principal';
import type { Registro } from './entities/registro.entity';

/**
 * What other modules add to a registro (issue 11: its stages), announced here at start-up so the
 * registros module need not import them (as ClienteDependentsRegistry does for clients).
 */
export interface RegistroExtension {
  /** Inside the transaction that creates the registro. */
  onCreate?(m: EntityManager, registro: Registro): Promise<void>;
  /** The same for many registros created at once (the bulk path), in their transaction. */
  onCreateMany?(m: EntityManager, registros: Registro[]): Promise<void>;
  /** Fields merged into GET /api/registros/:id for this caller (who may see the registro). */
  detalhe?(actor: AuthPrincipal, registro: Registro): Promise<Record<string, unknown>>;
}

@Injectable()
export class RegistroExtensions {
  private readonly list: RegistroExtension[] = [];

  register(ext: RegistroExtension): void {
    if (!this.list.includes(ext)) this.list.push(ext);
  }

  async onCreate(m: EntityManager, registro: Registro): Promise<void> {
    for (const e of this.list) if (e.onCreate) await e.onCreate(m, registro);
  }

  async onCreateMany(m: EntityManager, registros: Registro[]): Promise<void> {
    for (const e of this.list) {
      if (e.onCreateMany) await e.onCreateMany(m, registros);
      else if (e.onCreate) for (const r of registros) await e.onCreate(m, r);
    }
  }

  async detalhe(actor: AuthPrincipal, registro: Registro): Promise<Record<string, unknown>> {
    let out: Record<string, unknown> = {};
    for (const e of this.list) if (e.detalhe) out = { ...out, ...(await e.detalhe(actor, registro)) };
    return out;
  }
}
