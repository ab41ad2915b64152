import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Registro } from './entities/registro.entity';

/** Who a charge is issued by: the registro's author, or the one who moved it. */
export interface CobrancaAutor {
  id: string | null;
  nome: string;
}

/**
 * The charge of a registro made inside the registro's own transaction (issue 12), as Finanças does it.
 * The finanças module hands its charger over at start-up (CobrancaRegistroService), so registros need not
 * import finanças; with none handed over, a registro is charged nothing.
 */
export interface RegistroCobrador {
  chargeRegistro(m: EntityManager, registro: Registro, momento: 'abertura' | 'conclusao', autor: CobrancaAutor): Promise<void>;
  chargeRegistros(m: EntityManager, registros: readonly Registro[], momento: 'abertura' | 'conclusao', autor: CobrancaAutor, emitidaEm?: (registro: Registro) => Date): Promise<void>;
}

@Injectable()
export class RegistroCobrancas implements RegistroCobrador {
  private cobrador: RegistroCobrador | null = null;

  use(cobrador: RegistroCobrador): void {
    this.cobrador = cobrador;
  }

  async chargeRegistro(m: EntityManager, registro: Registro, momento: 'abertura' | 'conclusao', autor: CobrancaAutor): Promise<void> {
    await this.cobrador?.chargeRegistro(m, registro, momento, autor);
  }

  async chargeRegistros(m: EntityManager, registros: readonly Registro[], momento: 'abertura' | 'conclusao', autor: CobrancaAutor, emitidaEm?: (registro: Registro) => Date): Promise<void> {
    await this.cobrador?.chargeRegistros(m, registros, momento, autor, emitidaEm);
  }
}
