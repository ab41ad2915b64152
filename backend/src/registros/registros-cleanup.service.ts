import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ClienteDependentsRegistry } from '../clientes';
import { Registro } from './entities/registro.entity';

/** Deleting a client takes its registros (and their history) with it, in the same transaction. */
@Injectable()
export class RegistrosCleanupService implements OnModuleInit {
  constructor(
    private readonly dependents: ClienteDependentsRegistry,
    @InjectRepository(Registro) private readonly registros: Repository<Registro>,
  ) {}

  onModuleInit(): void {
    this.dependents.register({
      label: 'registros',
      count: (clienteId) => this.registros.count({ where: { clienteId } }),
      // The history goes with each registro (ON DELETE CASCADE).
      removeAll: async (clienteId, m) => {
        await m.delete(Registro, { clienteId });
      },
    });
  }
}
