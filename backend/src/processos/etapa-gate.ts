import { Injectable } from '@nestjs/common';
import type { EtapaResponse } from '@veritas/common';

/**
 * A check a stage must pass before it is completed. Issue 11's checklist (h11-exig) registers one
 * that throws 409 listing the documents still to be accepted; with none registered, every stage
 * may complete.
 *
 *   constructor(private readonly gates: EtapaGateRegistry) {}
 *   onModuleInit() { this.gates.register({ assertCanComplete: (registroId, etapa) => ... }); }
 */
export interface EtapaGate {
  /** Throws (an HttpException, e.g. 409) when the stage may not complete yet. */
  assertCanComplete(registroId: string, etapa: EtapaResponse): Promise<void>;
  /** What the stage still lacks (the names of its documents not yet accepted), for a waiver to list. */
  missing?(registroId: string, etapa: EtapaResponse): Promise<string[]>;
}

@Injectable()
export class EtapaGateRegistry implements EtapaGate {
  private readonly gates: EtapaGate[] = [];

  register(gate: EtapaGate): void {
    if (!this.gates.includes(gate)) this.gates.push(gate);
  }

  async assertCanComplete(registroId: string, etapa: EtapaResponse): Promise<void> {
    for (const g of this.gates) await g.assertCanComplete(registroId, etapa);
  }

  async missing(registroId: string, etapa: EtapaResponse): Promise<string[]> {
    const all: string[] = [];
    for (const g of this.gates) if (g.missing) all.push(...(await g.missing(registroId, etapa)));
    return all;
  }
}
