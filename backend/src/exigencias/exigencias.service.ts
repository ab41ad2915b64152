import { BadRequestException, ConflictException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Repository } from 'typeorm';
import {
  addCalendarDays,
  EXIGENCIA_ALERTA_DIAS,
  ExigenciaAlerta,
  ExigenciaResponse,
  formatDateBR,
  IsoDate,
  isFinalStatus,
  OPEN_REGISTRO_STATUSES,
} from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { CalendarioService } from '../calendario';
import { Cliente } from '../clientes';
import { toIso, withTransaction } from '../platform/database';
import { Registro, RegistroExtensions, RegistroHistoricoService } from '../registros';
import { User } from '../users';
import { PolicyService } from '../platform/access';
import { CreateExigenciaDto } from './dto/exigencia.dto';
import { RegistroExigencia } from './entities/registro-exigencia.entity';
import { diasCorridos, pauseForExigencia, prazoDaRodada, resumeAfterExigencias, rodadaDe } from '@veritas/common';
import { ProcessoNotifier } from './processo-notifier';

export const EXIGENCIA_NOT_FOUND = 'Exigência não encontrada.';
export const EXIGENCIA_JA_CUMPRIDA = 'Esta exigência já foi cumprida.';
export const REGISTRO_ENCERRADO = 'Este registro está encerrado: não recebe novas exigências.';

@Injectable()
export class ExigenciasService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(RegistroExigencia) private readonly exigencias: Repository<RegistroExigencia>,
    @InjectRepository(Registro) private readonly registros: Repository<Registro>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly policy: PolicyService,
    private readonly historico: RegistroHistoricoService,
    private readonly calendario: CalendarioService,
    private readonly notifier: ProcessoNotifier,
    private readonly extensions: RegistroExtensions,
  ) {}

  /** GET /api/registros/:id shows the registro's exigências (to its client too). */
  onModuleInit(): void {
    this.extensions.register({
      detalhe: async (_actor, registro) => {
        const today = this.calendario.today();
        const rows = await this.exigencias.find({ where: { registroId: registro.id }, order: { notificadaEm: 'ASC', createdAt: 'ASC' } });
        return { exigencias: rows.map((e) => toExigenciaResponse(e, today)) };
      },
    });
  }

  async list(actor: AuthPrincipal, registroId: string): Promise<ExigenciaResponse[]> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const rows = await this.exigencias.find({ where: { registroId: r.id }, order: { notificadaEm: 'ASC', createdAt: 'ASC' } });
    const today = this.calendario.today();
    return rows.map((e) => toExigenciaResponse(e, today));
  }

  async create(actor: AuthPrincipal, registroId: string, dto: CreateExigenciaDto): Promise<ExigenciaResponse> {
    const visible = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const today = this.calendario.today();
    if (dto.notificadaEm > today) {
      throw new BadRequestException(`A data da notificação (${formatDateBR(dto.notificadaEm)}) não pode ser futura.`);
    }
    if (isFinalStatus(visible.status)) throw new ConflictException(REGISTRO_ENCERRADO);
    const autor = await this.staffName(actor.id);
    const autorHistorico = await this.historico.autor(actor);
    // The registro's due date counts on its Junta's calendar.
    const firmDays = await this.calendario.daysFor(visible.juntaUf);

    const saved = await withTransaction(this.ds, async (m) => {
      const r = await this.lockRegistro(m, visible.id);
      if (isFinalStatus(r.status)) throw new ConflictException(REGISTRO_ENCERRADO);
      const rodadas = (await m.find(RegistroExigencia, { where: { registroId: r.id }, select: { id: true, rodadaInicio: true } })).map((e) => e.rodadaInicio);
      const rodadaInicio = rodadaDe(dto.notificadaEm, rodadas);
      const e = m.create(RegistroExigencia, {
        registroId: r.id,
        descricao: dto.descricao,
        notificadaEm: dto.notificadaEm,
        rodadaInicio,
        prazo: prazoDaRodada(rodadaInicio),
        cumpridaEm: null,
        cumpridaPorNome: null,
        criadoPorId: actor.id,
        criadoPorNome: autor,
      });
      await m.save(e);
      const clock = pauseForExigencia(r, today, firmDays);
      const exigenciaPrazo = r.exigenciaPrazo && r.exigenciaPrazo < e.prazo ? r.exigenciaPrazo : e.prazo;
      await m.update(Registro, { id: r.id }, { ...clock, exigenciaPrazo, updatedAt: new Date() });
      // The history (the client sees it, with what is asked).
      await this.historico.addHistorico(m, r.id, autorHistorico, 'exigencia', null, 'aberta', e.descricao, true, true);
      return e;
    });
    // After the commit: a mail failure never undoes the exigência.
    await this.notifier.exigenciaAberta(visible, saved.descricao, saved.prazo);
    return toExigenciaResponse(saved, today);
  }

  async cumprir(actor: AuthPrincipal, registroId: string, exigenciaId: string): Promise<ExigenciaResponse> {
    const visible = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const autor = await this.staffName(actor.id);
    const autorHistorico = await this.historico.autor(actor);
    const today = this.calendario.today();
    const firmDays = await this.calendario.daysFor(visible.juntaUf);
    const id = await withTransaction(this.ds, async (m) => {
      const r = await this.lockRegistro(m, visible.id);
      const e = await m.findOne(RegistroExigencia, { where: { id: exigenciaId, registroId: r.id } });
      if (!e) throw new NotFoundException(EXIGENCIA_NOT_FOUND);
      const done = await m.update(RegistroExigencia, { id: e.id, cumpridaEm: IsNull() }, { cumpridaEm: new Date(), cumpridaPorNome: autor, updatedAt: new Date() });
      if (!done.affected) throw new ConflictException(EXIGENCIA_JA_CUMPRIDA);
      const next = await m
        .createQueryBuilder(RegistroExigencia, 'e')
        .select('MIN(e.prazo)', 'prazo')
        .where('e.registroId = :id AND e.cumpridaEm IS NULL', { id: r.id })
        .getRawOne<{ prazo: string | null }>();
      const exigenciaPrazo = next?.prazo ?? null;
      const clock = exigenciaPrazo ? {} : resumeAfterExigencias(r, today, firmDays);
      await m.update(Registro, { id: r.id }, { ...clock, exigenciaPrazo, updatedAt: new Date() });
      await this.historico.addHistorico(m, r.id, autorHistorico, 'exigencia', 'aberta', 'cumprida', e.descricao, true, true);
      return e.id;
    });
    const e = await this.exigencias.findOneByOrFail({ id });
    return toExigenciaResponse(e, today);
  }

  /** A client's open exigências on its open registros, nearest deadline first ("Aguardando você"). */
  async abertasDoCliente(clienteId: string): Promise<(ExigenciaResponse & { registroNumero: string; registroTipo: string })[]> {
    const rows = await this.exigencias
      .createQueryBuilder('e')
      .innerJoin(Registro, 'r', 'r.id = e.registroId')
      .where('r.clienteId = :clienteId AND r.status IN (:...abertos) AND e.cumpridaEm IS NULL', { clienteId, abertos: OPEN_REGISTRO_STATUSES })
      .orderBy('e.prazo', 'ASC')
      .addOrderBy('e.notificadaEm', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .getMany();
    if (!rows.length) return [];
    const registros = await this.registros.find({ where: { id: In([...new Set(rows.map((e) => e.registroId))]) }, select: { id: true, numero: true, tipo: true } });
    const byId = new Map(registros.map((r) => [r.id, r]));
    const today = this.calendario.today();
    return rows.map((e) => ({ ...toExigenciaResponse(e, today), registroNumero: byId.get(e.registroId)?.numero ?? '', registroTipo: byId.get(e.registroId)?.tipo ?? '' }));
  }

  /**
   * Open exigências of open registros within EXIGENCIA_ALERTA_DIAS of their deadline (or past it):
   * counts and the nearest ones, for the dashboard. `responsavelId` narrows to one person's work.
   */
  async alertas(responsavelId: string | null, today: IsoDate, limit = 20): Promise<{ abertas: number; vencendo: number; expiradas: number; proximas: ExigenciaAlerta[] }> {
    const limite = addCalendarDays(today, EXIGENCIA_ALERTA_DIAS);
    const base = () => {
      const qb = this.exigencias
        .createQueryBuilder('e')
        .innerJoin(Registro, 'r', 'r.id = e.registroId')
        .where('e.cumpridaEm IS NULL AND r.status IN (:...abertos)', { abertos: OPEN_REGISTRO_STATUSES });
      if (responsavelId) qb.andWhere('r.responsavelId = :me', { me: responsavelId });
      return qb;
    };
    const sumIf = (c: string) => `SUM(CASE WHEN ${c} THEN 1 ELSE 0 END)`;
    const [counts, rows] = await Promise.all([
      base()
        .select('COUNT(*)', 'abertas')
        .addSelect(sumIf('e.prazo <= :limite'), 'vencendo')
        .addSelect(sumIf('e.prazo < :today'), 'expiradas')
        .setParameters({ limite, today })
        .getRawOne<Record<string, unknown>>(),
      base()
        .andWhere('e.prazo <= :limite', { limite })
        .select(['e.id AS id', 'e.registroId AS registroId', 'e.descricao AS descricao', 'e.prazo AS prazo', 'r.numero AS numero', 'r.clienteId AS clienteId'])
        .orderBy('e.prazo', 'ASC')
        .addOrderBy('e.id', 'ASC')
        .limit(limit)
        .getRawMany<{ id: string; registroId: string; descricao: string; prazo: string; numero: string; clienteId: string }>(),
    ]);
    const clienteIds = [...new Set(rows.map((x) => x.clienteId))];
    const nomes = new Map(
      (clienteIds.length ? await this.clientes.createQueryBuilder('c').select(['c.id', 'c.razaoSocial']).where('c.id IN (:...ids)', { ids: clienteIds }).getMany() : []).map(
        (c) => [c.id, c.razaoSocial],
      ),
    );
    const n = (v: unknown) => Number(v ?? 0) || 0;
    return {
      abertas: n(counts?.abertas),
      vencendo: n(counts?.vencendo),
      expiradas: n(counts?.expiradas),
      proximas: rows.map((x) => ({
        _id: x.id,
        registroId: x.registroId,
        registroNumero: x.numero,
        clienteId: x.clienteId,
        clienteNome: nomes.get(x.clienteId) ?? null,
        descricao: x.descricao,
        prazo: x.prazo,
        diasRestantes: diasCorridos(today, x.prazo),
        expirada: x.prazo < today,
      })),
    };
  }

  /**
   * Takes the registro's row lock first (an UPDATE: MariaDB holds it until commit; SQLite runs our
   * transactions one at a time), then reads it: two exigências opened or met at once never both
   * miss each other.
   */
  private async lockRegistro(m: EntityManager, id: string): Promise<Registro> {
    await m.createQueryBuilder().update(Registro).set({ updatedAt: new Date() }).where('id = :id', { id }).execute();
    return m.findOneOrFail(Registro, { where: { id } });
  }

  private async staffName(id: string): Promise<string> {
    const u = await this.users.findOne({ where: { id }, select: { id: true, nomeCompleto: true } });
    return u?.nomeCompleto ?? 'Equipe';
  }
}

export function toExigenciaResponse(e: RegistroExigencia, today: IsoDate): ExigenciaResponse {
  const aberta = !e.cumpridaEm;
  return {
    _id: e.id,
    registroId: e.registroId,
    descricao: e.descricao,
    notificadaEm: e.notificadaEm,
    rodadaInicio: e.rodadaInicio,
    prazo: e.prazo,
    status: !aberta ? 'cumprida' : today > e.prazo ? 'expirada' : 'aberta',
    diasRestantes: aberta ? diasCorridos(today, e.prazo) : null,
    cumpridaEm: toIso(e.cumpridaEm),
    cumpridaPorNome: e.cumpridaPorNome,
    criadoPorNome: e.criadoPorNome,
    createdAt: toIso(e.createdAt) ?? '',
  };
}
