import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Raw } from 'typeorm';
import { AVISO_PRAZO_DIAS_UTEIS, avisoRegistroPath, formatDateBR, OPEN_REGISTRO_STATUSES } from '@veritas/common';
import { AvisosService } from '../avisos';
import { CalendarioService } from '../calendario';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { Registro } from '../registros';
import { RegistroExigencia } from './entities/registro-exigencia.entity';
import { ProcessoNotifier } from './processo-notifier';

interface Vencendo {
  id: string;
  registroId: string;
  numero: string;
  responsavelId: string;
  prazo: string;
  descricao?: string;
}

/**
 * The bell's deadlines (issue 53, ADR 0053): once a day, an open exigência or an open registro's deadline
 * within AVISO_PRAZO_DIAS_UTEIS business days tells the registro's responsável, once per item, deadline and
 * person (the notice's key; a new deadline tells again). An open exigência due that soon also reminds
 * the client by e-mail, once per deadline (`clienteAvisadoPrazo`, claimed before the notice is queued).
 */
@Injectable()
export class AvisosPrazosJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'AvisosPrazos';
  readonly everyMs = 86_400_000;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly calendario: CalendarioService,
    private readonly avisos: AvisosService,
    private readonly jobs: JobScheduler,
    private readonly notifier: ProcessoNotifier,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.schedule(this, { now: true });
  }

  /** One pass; answers how many notices it wrote. */
  async runOnce(): Promise<number> {
    const today = this.calendario.today();
    const limite = await this.calendario.addBusinessDays(today, AVISO_PRAZO_DIAS_UTEIS);
    const abertos = { abertos: OPEN_REGISTRO_STATUSES, today, limite };
    const exigencias = await this.ds
      .createQueryBuilder(RegistroExigencia, 'e')
      .innerJoin(Registro, 'r', 'r.id = e.registroId')
      .select(['e.id AS id', 'e.registroId AS registroId', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'e.prazo AS prazo', 'e.descricao AS descricao'])
      .where('e.cumpridaEm IS NULL AND r.responsavelId IS NOT NULL AND r.status IN (:...abertos) AND e.prazo >= :today AND e.prazo <= :limite', abertos)
      .getRawMany<Vencendo>();
    const registros = await this.ds
      .createQueryBuilder(Registro, 'r')
      .select(['r.id AS id', 'r.id AS registroId', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'r.prazo AS prazo'])
      .where('r.responsavelId IS NOT NULL AND r.status IN (:...abertos) AND r.pausadoEm IS NULL AND r.prazo >= :today AND r.prazo <= :limite', abertos)
      .getRawMany<Vencendo>();
    let written = 0;
    for (const e of exigencias) {
      written += await this.avisos.notify([e.responsavelId], (p) => ({
        tipo: 'exigencia.vencendo',
        titulo: `Exigência do registro ${e.numero} vence em ${formatDateBR(e.prazo)}: ${e.descricao ?? ''}`,
        link: avisoRegistroPath(p, e.registroId),
        chave: `exigencia:${e.id}:${e.prazo}`,
      }));
    }
    for (const r of registros) {
      written += await this.avisos.notify([r.responsavelId], (p) => ({
        tipo: 'prazo.vencendo',
        titulo: `O prazo do registro ${r.numero} vence em ${formatDateBR(r.prazo)}`,
        link: avisoRegistroPath(p, r.registroId),
        chave: `prazo:${r.id}:${r.prazo}`,
      }));
    }
    return written + (await this.lembrarClientes(today, limite));
  }

  /** The clients' half: each open exigência due within the window, once per deadline; answers how many. */
  private async lembrarClientes(today: string, limite: string): Promise<number> {
    const vencendo = await this.ds
      .createQueryBuilder(RegistroExigencia, 'e')
      .innerJoin(Registro, 'r', 'r.id = e.registroId')
      .select(['e.id AS id', 'e.registroId AS registroId', 'r.numero AS numero', 'r.tipo AS tipo', 'r.clienteId AS clienteId', 'e.prazo AS prazo', 'e.descricao AS descricao'])
      .where('e.cumpridaEm IS NULL AND r.status IN (:...abertos) AND e.prazo >= :today AND e.prazo <= :limite', { abertos: OPEN_REGISTRO_STATUSES, today, limite })
      .andWhere('(e.clienteAvisadoPrazo IS NULL OR e.clienteAvisadoPrazo <> e.prazo)')
      .getRawMany<{ id: string; registroId: string; numero: string; tipo: string; clienteId: string; prazo: string; descricao: string }>();
    let sent = 0;
    for (const e of vencendo) {
      // Claimed first: of two replicas (or passes), only one reminds.
      const claimed = await this.ds.getRepository(RegistroExigencia).update(
        { id: e.id, prazo: e.prazo, clienteAvisadoPrazo: Raw((c) => `(${c} IS NULL OR ${c} <> :prazo)`, { prazo: e.prazo }) },
        { clienteAvisadoPrazo: e.prazo },
      );
      if (claimed.affected !== 1) continue;
      await this.notifier.exigenciaVencendo({ id: e.registroId, numero: e.numero, tipo: e.tipo, clienteId: e.clienteId }, e.descricao, e.prazo);
      sent++;
    }
    return sent;
  }
}
