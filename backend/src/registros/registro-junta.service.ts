import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isFinalStatus, RegistroDetalheResponse } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { CalendarioService } from '../calendario';
import { withTransaction } from '../platform/database';
import { PolicyService } from '../platform/access';
import { Registro } from './entities/registro.entity';
import { RegistroHistoricoService } from './registro-historico.service';
import { CHANGED_MEANWHILE } from './registro-messages';
import { RegistrosQueryService } from './registros-query.service';

/** Issue 11: the Junta Comercial a registro is filed with, whose calendar its due date counts on. */
@Injectable()
export class RegistroJuntaService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly calendario: CalendarioService,
    private readonly query: RegistrosQueryService,
    private readonly historico: RegistroHistoricoService,
    private readonly policy: PolicyService,
  ) {}

  /**
   * PUT /api/registros/:id/junta. The due date keeps the business days it had left, counted again
   * from today on the new Junta's calendar (a paused clock keeps its count).
   */
  async changeJunta(actor: AuthPrincipal, id: string, uf: string): Promise<RegistroDetalheResponse> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', id);
    if (isFinalStatus(r.status)) throw new ConflictException('Um registro encerrado não muda de Junta.');
    this.policy.check(actor, 'registro.junta', r);
    if (r.juntaUf === uf) return this.query.getDetalhe(actor, r.id);
    const today = this.calendario.today();
    let prazo = r.prazo;
    if (prazo) {
      const restantes = await this.calendario.businessDaysBetween(today, prazo, r.juntaUf);
      prazo = await this.calendario.addBusinessDays(today, restantes, uf);
    }
    const autor = await this.historico.autor(actor);
    await withTransaction(this.ds, async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(Registro)
        .set({ juntaUf: uf, prazo, updatedAt: new Date() })
        .where('id = :id AND juntaUf = :old', { id: r.id, old: r.juntaUf })
        .execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      await this.historico.addHistorico(m, r.id, autor, 'junta', r.juntaUf, uf, null, false, true);
    });
    return this.query.getDetalhe(actor, r.id);
  }
}
