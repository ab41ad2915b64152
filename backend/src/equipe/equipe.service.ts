import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, LessThanOrEqual, MoreThanOrEqual, Repository } from 'typeorm';
import { deriveUserType, formatDateBR, OPEN_REGISTRO_STATUSES, type AusenciaResponse, type AusenciaTipo, type EquipeResponse } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { CalendarioService } from '../calendario';
import { isUniqueViolation } from '../platform/database';
import { parsePeriodo, periodoRange } from '../dashboard';
import { RegistroAssignmentService } from '../registros';
import { User } from '../users';
import { PolicyService } from '../platform/access';
import { AusenciaDto } from './dto/equipe.dto';
import { Ausencia } from './entities/ausencia.entity';

export const USER_NOT_FOUND = 'Usuário não encontrado.';
export const AUSENCIA_NOT_FOUND = 'Ausência não encontrada.';
const AUSENCIA_LABELS: Record<AusenciaTipo, string> = { ferias: 'férias', licenca: 'licença', outro: 'ausência' };

const toAusencia = (a: Ausencia): AusenciaResponse => ({ id: a.id, userId: a.userId, tipo: a.tipo, de: a.de, ate: a.ate, nota: a.nota });

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The team: load per person, absences, bulk reassignment (issue 13). */
@Injectable()
export class EquipeService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Ausencia) private readonly ausencias: Repository<Ausencia>,
    private readonly calendario: CalendarioService,
    private readonly registros: RegistroAssignmentService,
    private readonly policy: PolicyService,
  ) {}

  /**
   * Every staff member with their open registros, overdue, due within 5 business days, completed
   * in the period and the median lead time (business days from request to completion). The counts
   * are one grouped query; the lead times need the firm's business days, so only the completed
   * rows' two dates are read.
   */
  async overview(periodoParam: unknown, now = new Date()): Promise<EquipeResponse> {
    const range = periodoRange(parsePeriodo(periodoParam), now);
    const today = this.calendario.today();
    const limite = await this.calendario.addBusinessDays(today, 5);
    const open = OPEN_REGISTRO_STATUSES as string[];
    const counts: { responsavelId: string; abertos: string | number; vencidos: string | number; venceEm5: string | number; concluidos: string | number }[] =
      await this.ds
        .createQueryBuilder()
        .from('registros', 'r')
        .select('r.responsavelId', 'responsavelId')
        .addSelect('SUM(CASE WHEN r.status IN (:...open) THEN 1 ELSE 0 END)', 'abertos')
        .addSelect('SUM(CASE WHEN r.status IN (:...open) AND r.prazo < :today THEN 1 ELSE 0 END)', 'vencidos')
        .addSelect('SUM(CASE WHEN r.status IN (:...open) AND r.prazo >= :today AND r.prazo <= :limite THEN 1 ELSE 0 END)', 'venceEm5')
        .addSelect("SUM(CASE WHEN r.status = 'concluido' AND r.encerradoEm >= :ini AND r.encerradoEm < :fim THEN 1 ELSE 0 END)", 'concluidos')
        .where('r.responsavelId IS NOT NULL')
        .groupBy('r.responsavelId')
        .setParameters({ open, today, limite, ini: range.inicio, fim: range.fim })
        .getRawMany();
    const done: { responsavelId: string; createdAt: Date | string; encerradoEm: Date | string }[] = await this.ds
      .createQueryBuilder()
      .from('registros', 'r')
      .select(['r.responsavelId AS responsavelId', 'r.createdAt AS createdAt', 'r.encerradoEm AS encerradoEm'])
      .where("r.status = 'concluido' AND r.responsavelId IS NOT NULL AND r.encerradoEm >= :ini AND r.encerradoEm < :fim", { ini: range.inicio, fim: range.fim })
      .getRawMany();
    const leads = new Map<string, number[]>();
    for (const d of done) {
      const days = await this.calendario.businessDaysBetween(spDay(d.createdAt), spDay(d.encerradoEm));
      leads.set(d.responsavelId, [...(leads.get(d.responsavelId) ?? []), days]);
    }
    // What waits on each person: the firm's own stages in progress and the open exigências of their registros.
    const perPerson = async (from: string, alias: string, where: string, params: Record<string, unknown> = {}) =>
      new Map(
        (
          await this.ds
            .createQueryBuilder()
            .from(from, alias)
            .innerJoin('registros', 'r', `r.id = ${alias}.registroId`)
            .select('r.responsavelId', 'responsavelId')
            .addSelect('COUNT(*)', 'n')
            .where(`r.responsavelId IS NOT NULL AND r.status IN (:...open) AND ${where}`, { open, ...params })
            .groupBy('r.responsavelId')
            .getRawMany<{ responsavelId: string; n: unknown }>()
        ).map((row) => [row.responsavelId, Number(row.n ?? 0)]),
      );
    const [etapas, exigencias] = await Promise.all([
      perPerson('registro_etapas', 'e', "e.status = 'andamento' AND e.responsavelTipo = 'escritorio'"),
      perPerson('registro_exigencias', 'x', 'x.cumpridaEm IS NULL'),
    ]);
    const byUser = new Map(counts.map((c) => [c.responsavelId, c]));
    const ausentes = new Map((await this.ausentesEm(today)).map((a) => [a.userId, a]));
    const users = await this.users.find({ order: { nomeCompleto: 'ASC' } });
    return {
      periodo: range.periodo,
      inicio: range.inicio.toISOString(),
      fim: range.fim.toISOString(),
      pessoas: users.map((u) => {
        const c = byUser.get(u.id);
        return {
          id: u.id,
          nomeCompleto: u.nomeCompleto,
          username: u.username,
          email: u.email,
          permissions: [...u.permissions],
          userType: deriveUserType(u.permissions) ?? 'associado',
          abertos: Number(c?.abertos ?? 0),
          vencidos: Number(c?.vencidos ?? 0),
          venceEm5DiasUteis: Number(c?.venceEm5 ?? 0),
          concluidosNoPeriodo: Number(c?.concluidos ?? 0),
          leadTimeMedianoDiasUteis: median(leads.get(u.id) ?? []),
          etapasAguardando: etapas.get(u.id) ?? 0,
          exigenciasAbertas: exigencias.get(u.id) ?? 0,
          ausencia: ausentes.get(u.id) ?? null,
        };
      }),
    };
  }

  /** Absences that include the day (São Paulo calendar). */
  async ausentesEm(dia: string): Promise<AusenciaResponse[]> {
    const rows = await this.ausencias.find({ where: { de: LessThanOrEqual(dia), ate: MoreThanOrEqual(dia) }, order: { de: 'ASC' } });
    return rows.map(toAusencia);
  }

  async listAusencias(actor: AuthPrincipal, userId: string): Promise<AusenciaResponse[]> {
    await this.ensureUser(userId);
    this.policy.check(actor, 'usuario.ausencias', { id: userId });
    return (await this.ausencias.find({ where: { userId }, order: { de: 'DESC' } })).map(toAusencia);
  }

  async createAusencia(userId: string, dto: AusenciaDto): Promise<AusenciaResponse> {
    await this.ensureUser(userId);
    if (dto.ate < dto.de) throw new BadRequestException('O último dia da ausência deve ser igual ou posterior ao primeiro.');
    const overlap = await this.ausencias.findOne({ where: { userId, de: LessThanOrEqual(dto.ate), ate: MoreThanOrEqual(dto.de) } });
    if (overlap) {
      throw new ConflictException(
        `Já há uma ausência (${AUSENCIA_LABELS[overlap.tipo]}) de ${formatDateBR(overlap.de)} a ${formatDateBR(overlap.ate)} que se sobrepõe a este período.`,
      );
    }
    try {
      const saved = await this.ausencias.save(this.ausencias.create({ userId, tipo: dto.tipo as AusenciaTipo, de: dto.de, ate: dto.ate, nota: dto.nota ?? null }));
      return toAusencia(saved);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException('Ausência já cadastrada.');
      throw err;
    }
  }

  async deleteAusencia(userId: string, id: string): Promise<AusenciaResponse> {
    const row = await this.ausencias.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(AUSENCIA_NOT_FOUND);
    await this.ausencias.delete({ id });
    return toAusencia(row);
  }

  /**
   * Moves `de`'s open registros (all, or those listed) to `para`. Someone away today cannot
   * receive them (409): their absence would leave the registros waiting.
   */
  async reassign(actor: AuthPrincipal, de: string, para: string, ids?: string[]): Promise<number> {
    if (de === para) throw new BadRequestException('Escolha pessoas diferentes em "de" e "para".');
    const ausente = (await this.ausentesEm(this.calendario.today())).find((a) => a.userId === para);
    if (ausente) {
      throw new ConflictException(
        `A pessoa escolhida está ausente (${AUSENCIA_LABELS[ausente.tipo]}) de ${formatDateBR(ausente.de)} a ${formatDateBR(ausente.ate)}; escolha outra pessoa.`,
      );
    }
    return this.registros.reassignMany(actor, de, para, ids);
  }

  private async ensureUser(userId: string): Promise<void> {
    if (!(await this.users.exists({ where: { id: userId } }))) throw new NotFoundException(USER_NOT_FOUND);
  }
}

/** The São Paulo day of an instant as the drivers return it (Date or text). */
function spDay(v: Date | string): string {
  const d = v instanceof Date ? v : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
