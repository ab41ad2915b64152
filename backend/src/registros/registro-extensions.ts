import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthPrincipal } from '../platform/request';
import type { Registro } from './entities/registro.entity';

/**
 * How far a registro opened by the bulk path went through its stages (issue 11): its work followed
 * them from its first step into andamento (`de`, which starts the first stage) until `ate` (its
 * last step, or now while it is in progress): `concluidas` stages concluded in order and the next
 * one, if any, started. `de` is null when it never was in progress (then nothing moved).
 */
export interface ProgressoEtapas {
  concluidas: number;
  de: Date | null;
  ate: Date | null;
  /** It ended concluded (only then may every stage be concluded: the last one concludes it). */
  concluido: boolean;
}

/** A stage move the bulk path made, for the registro's history (as moveEtapa writes its line). */
export interface MovimentoEtapa {
  em: Date;
  nome: string;
  de: string;
  para: string;
  /** The registro's status this move brings (the first stage started, the last concluded). */
  conduz?: 'andamento' | 'concluido';
}

/**
 * What other modules add to a registro (issue 11: its stages), announced here at start-up so the
 * registros module need not import them (as ClienteDependentsRegistry does for clients).
 */
export interface RegistroExtension {
  /** Inside the transaction that creates the registro. */
  onCreate?(m: EntityManager, registro: Registro): Promise<void>;
  /**
   * The same for many registros created at once (the bulk path), in their transaction; with the
   * stages' progress of some (by registro id), the moves made, by registro id.
   */
  onCreateMany?(m: EntityManager, registros: Registro[], progresso: ReadonlyMap<string, ProgressoEtapas>): Promise<Map<string, MovimentoEtapa[]> | void>;
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

  /** Every extension's onCreateMany (or its onCreate for each registro); the stage moves they made, by registro id. */
  async onCreateMany(m: EntityManager, registros: Registro[], progresso: ReadonlyMap<string, ProgressoEtapas> = new Map()): Promise<Map<string, MovimentoEtapa[]>> {
    const moves = new Map<string, MovimentoEtapa[]>();
    for (const e of this.list) {
      if (e.onCreateMany) {
        for (const [id, list] of (await e.onCreateMany(m, registros, progresso)) ?? []) moves.set(id, [...(moves.get(id) ?? []), ...list]);
      } else if (e.onCreate) for (const r of registros) await e.onCreate(m, r);
    }
    return moves;
  }

  async detalhe(actor: AuthPrincipal, registro: Registro): Promise<Record<string, unknown>> {
    let out: Record<string, unknown> = {};
    for (const e of this.list) if (e.detalhe) out = { ...out, ...(await e.detalhe(actor, registro)) };
    return out;
  }
}
