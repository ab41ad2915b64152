import { isUniqueViolation, withTransaction } from '../platform/database';
import { appendAudit, diffOf } from '../auditoria';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, Repository } from 'typeorm';
import {
  addBusinessDays,
  businessDaysBetween,
  countableSpan,
  FeriadoResponse,
  formatDateBR,
  IsoDate,
  JuntaFeriadoResponse,
  nationalHolidayName,
  nationalHolidays,
  todayInSaoPaulo,
} from '@veritas/common';
import { CreateFeriadoDto } from './dto/feriado.dto';
import { Feriado } from './entities/feriado.entity';
import { isJuntaUf, JuntaDays, juntaLocalHolidays } from './junta-feriados';

export const FERIADO_NOT_FOUND = 'Feriado não encontrado.';
/** The firm's days change rarely; other instances (if any) see a change within this time. */
const CACHE_MS = 60_000;
/** Counts businessDaysOn keeps per set of firm days (then it starts over). */
const COUNTED_MAX = 20_000;

/**
 * The firm's business-day calendar: national holidays (computed, @veritas/common) plus the firm's
 * own non-working days (table `feriados`). A deadline is computed once, when it is set; adding a
 * day later does not move deadlines already set.
 */
@Injectable()
export class CalendarioService {
  private cache: { days: ReadonlySet<IsoDate>; at: number } | null = null;
  /** businessDaysOn's counts, per set of firm days read. */
  private readonly counted = new WeakMap<ReadonlySet<IsoDate>, Map<string, number>>();

  constructor(@InjectRepository(Feriado) private readonly feriados: Repository<Feriado>) {}

  today(): IsoDate {
    return todayInSaoPaulo();
  }

  async firmDays(): Promise<ReadonlySet<IsoDate>> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.days;
    const rows = await this.feriados.find({ select: { data: true } });
    this.cache = { days: new Set(rows.map((r) => r.data)), at: Date.now() };
    return this.cache.days;
  }

  /** With a UF: on that Junta's calendar (its state's and capital's holidays too). */
  async addBusinessDays(from: IsoDate, n: number, uf?: string | null): Promise<IsoDate> {
    return addBusinessDays(from, n, await this.daysFor(uf));
  }

  async businessDaysBetween(from: IsoDate, to: IsoDate, uf?: string | null): Promise<number> {
    return businessDaysBetween(from, to, await this.daysFor(uf));
  }

  /** The extra non-working days of a Junta's calendar (or the firm's alone, without a valid UF). */
  async daysFor(uf?: string | null): Promise<ReadonlySet<IsoDate>> {
    const firm = await this.firmDays();
    return uf && isJuntaUf(uf) ? new JuntaDays(uf, firm) : firm;
  }

  /** Synchronous twin of daysFor, for a page of rows once firmDays() has been read. */
  juntaCalendar(uf: string | null | undefined, firm: ReadonlySet<IsoDate>): ReadonlySet<IsoDate> {
    return uf && isJuntaUf(uf) ? new JuntaDays(uf, firm) : firm;
  }

  /**
   * businessDaysBetween(from, to) on a Junta's calendar (`firm`: what firmDays() gave), for a page of
   * rows: remembered per set of firm days read, so the rows of a list page — and the pages after
   * it — that share a Junta and a due date count once (issue 14: counting was 6 % of a registros
   * page's CPU). Exact: firmDays() never changes a set it gave, it reads a new one (so a firm day
   * added or removed starts a new memo), and the national and Junta holidays are fixed per year.
   */
  businessDaysOn(firm: ReadonlySet<IsoDate>, uf: string | null | undefined, from: IsoDate, to: IsoDate): number | null {
    let memo = this.counted.get(firm);
    if (!memo) this.counted.set(firm, (memo = new Map()));
    const key = `${uf ?? ''}|${from}|${to}`;
    let n = memo.get(key);
    if (n === undefined) {
      // A date further than the calendar counts (never one the app sets: a prazo is at most
      // MAX_BUSINESS_DAYS ahead; one written by hand or restored from elsewhere) has no count, rather
      // than failing the whole page it is on with a 500.
      if (!countableSpan(from, to)) return null;
      n = businessDaysBetween(from, to, this.juntaCalendar(uf, firm));
      if (memo.size >= COUNTED_MAX) memo.clear();
      memo.set(key, n);
    }
    return n;
  }

  /** GET /api/juntas/:uf/feriados: national, state, capital-city and firm days of a year, in date order. */
  async listJuntaFeriados(uf: string, ano: number): Promise<JuntaFeriadoResponse[]> {
    if (!isJuntaUf(uf)) throw new BadRequestException(`UF inválida: "${uf}". Use a sigla de um estado (por exemplo SP, RJ, MG) ou DF.`);
    const own = await this.listFeriados(ano);
    const list: JuntaFeriadoResponse[] = [
      ...own.map((f) => ({ data: f.data, nome: f.nome, tipo: f.tipo })),
      ...juntaLocalHolidays(uf, ano).map((h) => ({ ...h })),
    ];
    const order = { nacional: 0, estadual: 1, municipal: 2, escritorio: 3 };
    return list.sort((a, b) => a.data.localeCompare(b.data) || order[a.tipo] - order[b.tipo]);
  }

  /** National and firm days of a year, in date order. */
  async listFeriados(ano: number): Promise<FeriadoResponse[]> {
    if (!Number.isInteger(ano) || ano < 2000 || ano > 2100) {
      throw new BadRequestException('Ano inválido: informe um ano entre 2000 e 2100.');
    }
    const own = await this.feriados.find({ where: { data: Between(`${ano}-01-01`, `${ano}-12-31`) } });
    const list: FeriadoResponse[] = [
      ...nationalHolidays(ano).map((h) => ({ _id: null, data: h.data, nome: h.nome, tipo: 'nacional' as const })),
      ...own.map(toFeriadoResponse),
    ];
    return list.sort((a, b) => a.data.localeCompare(b.data) || a.tipo.localeCompare(b.tipo));
  }

  async createFeriado(dto: CreateFeriadoDto): Promise<Feriado> {
    const national = nationalHolidayName(dto.data);
    if (national) throw new ConflictException(`${formatDateBR(dto.data)} já é feriado nacional (${national}).`);
    const taken = `Já existe um dia não útil do escritório em ${formatDateBR(dto.data)}.`;
    if (await this.feriados.exists({ where: { data: dto.data } })) throw new ConflictException(taken);
    try {
      const saved = await this.feriados.save(this.feriados.create({ data: dto.data, nome: dto.nome }));
      this.cache = null;
      return saved;
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(taken);
      throw err;
    }
  }

  async deleteFeriado(id: string): Promise<Feriado> {
    const row = await this.feriados.findOne({ where: { id } });
    if (!row) throw new NotFoundException(FERIADO_NOT_FOUND);
    await withTransaction(this.feriados.manager.connection, async (m) => {
      await m.delete(Feriado, { id });
      await appendAudit(m, { acao: 'config.feriado.delete', entidade: 'feriados', entidadeId: id, diff: diffOf(row as unknown as Record<string, unknown>, null) });
    });
    this.cache = null;
    return row;
  }
}

export function toFeriadoResponse(f: Feriado): FeriadoResponse {
  return { _id: f.id, data: f.data, nome: f.nome, tipo: 'escritorio' };
}
