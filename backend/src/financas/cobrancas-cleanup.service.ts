import { ConflictException, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ClienteDependentsRegistry } from '../clientes';
import { Cobranca, CobrancaPagamento } from './entities/cobranca.entity';

/** Deleting a client takes its charges, unless money was received on one (then 409). */
@Injectable()
export class CobrancasCleanupService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly dependents: ClienteDependentsRegistry,
  ) {}

  onModuleInit(): void {
    this.dependents.register({
      label: 'cobranças',
      count: (clienteId) => this.ds.getRepository(Cobranca).count({ where: { clienteId } }),
      removeAll: async (clienteId, m) => {
        const ids = (await m.find(Cobranca, { where: { clienteId }, select: { id: true } })).map((c) => c.id);
        if (!ids.length) return;
        if (await m.exists(CobrancaPagamento, { where: { cobrancaId: In(ids) } })) {
          throw new ConflictException('O cliente tem pagamentos registrados: cobranças com pagamento nunca são apagadas.');
        }
        await m.delete(Cobranca, { id: In(ids) });
      },
    });
  }
}
