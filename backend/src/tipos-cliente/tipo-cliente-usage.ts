import { Injectable } from '@nestjs/common';

/**
 * How many records use a client type, announced at start-up by the modules that hold them (the clientes
 * module counts its clients), so the tipos-cliente module need not import them.
 */
export type TipoClienteCounter = (tipoClienteId: string) => Promise<number>;

@Injectable()
export class TipoClienteUsage {
  private readonly counters: TipoClienteCounter[] = [];

  register(counter: TipoClienteCounter): void {
    if (!this.counters.includes(counter)) this.counters.push(counter);
  }

  /** The sum of every counter for this type (0 when none is registered). */
  async count(tipoClienteId: string): Promise<number> {
    let total = 0;
    for (const c of this.counters) total += await c(tipoClienteId);
    return total;
  }
}
