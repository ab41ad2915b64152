import {
  ConflictException,
  Injectable,
  NotFoundException,
  OnModuleInit,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import {
  addBusinessDays,
  businessDaysBetween,
  ETAPA_STATUS_LABELS,
  EtapaModelo,
  EtapaResponse,
  EtapaStatus,
  formatDateBR,
  isFinalStatus,
  PrevisaoResponse,
  protocoloChave,
  REGISTRO_STATUS_LABELS,
  RegistroDetalheResponse,
  RegistroStatus,
  sideOf,
  todayInSaoPaulo,
} from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { CalendarioService } from '../calendario';
import { toIso, updateRows, withTransaction } from '../platform/database';
import { appendAudit, insertAudited } from '../auditoria';
import { CHANGED_MEANWHILE, MovimentoEtapa, ProgressoEtapas, Registro, RegistroExtensions, RegistroHistoricoService, RegistroNotifier, RegistrosQueryService, RegistroStatusService } from '../registros';
import { PolicyService } from '../platform/access';
import { Cliente, ClientesService } from '../clientes';
import { constituicaoDoMovimento, linhaDaConstituicao, SERVICO_ABERTURA } from './abertura-constituicao';
import { UpdateEtapaDto } from './dto/etapa.dto';
import { RegistroEtapa } from './entities/registro-etapa.entity';
import { EtapaGateRegistry } from './etapa-gate';
import { EtapaNotifier } from './etapa-notifier';
import { ModelosService } from './modelos.service';
import { EtapaRestante, preverJanelas } from './previsao';

export const ETAPA_NOT_FOUND = 'Etapa não encontrada.';
/** Past cases read per prediction (the latest ones): enough for a stable median and p90. */
const PREVISAO_AMOSTRA = 2000;

const finished = (s: EtapaStatus) => s === 'concluida' || s === 'dispensada';

/**
 * A registro's stages: copied from its service's template when it is created, moved by staff in
 * order, and the registro's status following them within the transitions the server allows.
 */
@Injectable()
export class EtapasService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(RegistroEtapa) private readonly etapas: Repository<RegistroEtapa>,
    private readonly modelos: ModelosService,
    private readonly registros: RegistrosQueryService,
    private readonly historico: RegistroHistoricoService,
    private readonly status: RegistroStatusService,
    private readonly calendario: CalendarioService,
    private readonly notifier: RegistroNotifier,
    private readonly etapaNotifier: EtapaNotifier,
    private readonly gates: EtapaGateRegistry,
    private readonly extensions: RegistroExtensions,
    private readonly policy: PolicyService,
    private readonly clientes: ClientesService,
    @InjectRepository(Cliente) private readonly clientesRepo: Repository<Cliente>,
  ) {}

  onModuleInit(): void {
    this.extensions.register({
      onCreate: (m, r) => this.createFromModelo(m, r),
      onCreateMany: (m, registros, progresso) => this.createManyFromModelo(m, registros, progresso),
      detalhe: async (actor, r) => {
        const rows = await this.etapasDe(r.id);
        const forStaff = sideOf(actor) === 'equipe';
        return { etapas: rows.map((e) => toEtapaResponse(e, forStaff)), previsao: await this.previsao(r, rows) };
      },
    });
  }

  /** Inside the registro's creation transaction: its stages, from the template as it is now. */
  async createFromModelo(m: EntityManager, r: Registro): Promise<void> {
    const modelo = await this.modelos.etapasPara(r.servico, m);
    if (!modelo.length) return;
    await m.save(this.etapasRows(m, modelo, r));
    await m.update(Registro, { id: r.id }, { etapaAtual: modelo[0].nome, etapaDesde: r.createdAt });
    r.etapaAtual = modelo[0].nome;
    r.etapaDesde = r.createdAt;
  }

  /**
   * The same for many registros at once (the bulk path): one template read per service. The stages
   * of a registro with `progresso` are then moved as staff move them (moveEtapa), in order, over its
   * time in progress: each started when the one before concluded, each taking a share of that time
   * in proportion to its template's business days, dated and measured on its Junta's calendar as
   * moveEtapa dates them. They are written as created (their audit entries as the single path's) and
   * then moved; the answer is the moves, by registro, for its history.
   */
  async createManyFromModelo(m: EntityManager, registros: Registro[], progresso: ReadonlyMap<string, ProgressoEtapas> = new Map()): Promise<Map<string, MovimentoEtapa[]>> {
    const porServico = new Map<string | null, Registro[]>();
    for (const r of registros) porServico.set(r.servico, [...(porServico.get(r.servico) ?? []), r]);
    const dias = new Map<string, ReadonlySet<string>>();
    const movidas: RegistroEtapa[] = [];
    /** Every registro with stages: its current stage written with the others' (first, or as far as it moved). */
    const movidos: Registro[] = [];
    const moves = new Map<string, MovimentoEtapa[]>();
    for (const [servico, grupo] of porServico) {
      const modelo = await this.modelos.etapasPara(servico, m);
      // Created with the registro: dated from its opening (the bulk path opens registros in the past).
      const rows = grupo.map((r) => this.etapasRows(m, modelo, r).map((e) => Object.assign(e, { createdAt: r.createdAt, updatedAt: r.createdAt })));
      await insertAudited(m, RegistroEtapa, rows.flat());
      for (const [i, r] of grupo.entries()) {
        const p = progresso.get(r.id);
        if (p && p.concluidas > modelo.length) throw new ConflictException(`${r.numero}: ${p.concluidas} etapas concluídas, mas o processo tem ${modelo.length}.`);
        if (!modelo.length) continue;
        r.etapaAtual = modelo[0].nome;
        r.etapaDesde = r.createdAt;
        movidos.push(r);
        if (!p?.de || !p.ate) {
          if (p?.concluidas) throw new ConflictException(`${r.numero}: etapas concluídas sem o registro ter ficado em andamento.`);
          continue;
        }
        if (p.concluidas === modelo.length && !p.concluido) throw new ConflictException(`${r.numero}: todas as etapas concluídas, mas o registro não terminou concluído.`);
        if (!dias.has(r.juntaUf)) dias.set(r.juntaUf, await this.calendario.daysFor(r.juntaUf));
        moves.set(r.id, moverEmLote(r, rows[i], p, dias.get(r.juntaUf)!));
        movidas.push(...rows[i].filter((e) => e.status !== 'pendente'));
      }
    }
    await updateRows(m, RegistroEtapa, movidas, ['status', 'inicio', 'fim', 'prazo', 'diasUteis', 'updatedAt']);
    await updateRows(m, Registro, movidos, ['etapaAtual', 'etapaDesde']);
    return moves;
  }

  private etapasRows(m: EntityManager, modelo: readonly EtapaModelo[], r: Registro): RegistroEtapa[] {
    return modelo.map((e, i) =>
      m.create(RegistroEtapa, {
        registroId: r.id,
        ordem: i + 1,
        nome: e.nome,
        responsavelTipo: e.responsavelTipo,
        duracaoDiasUteis: e.duracaoDiasUteis,
        documentos: e.documentos ?? [],
        status: 'pendente' as EtapaStatus,
        inicio: null,
        fim: null,
        prazo: null,
        protocolo: null,
        protocoloChave: null,
        nota: null,
        visivelCliente: false,
        juntaUf: r.juntaUf,
        diasUteis: null,
      }),
    );
  }

  etapasDe(registroId: string): Promise<RegistroEtapa[]> {
    return this.etapas.find({ where: { registroId }, order: { ordem: 'ASC' } });
  }

  /** PUT /api/registros/:id/etapas/:etapaId */
  async moveEtapa(actor: AuthPrincipal, registroId: string, etapaId: string, dto: UpdateEtapaDto): Promise<RegistroDetalheResponse> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const all = await this.etapasDe(r.id);
    const etapa = all.find((e) => e.id === etapaId);
    if (!etapa) throw new NotFoundException(ETAPA_NOT_FOUND);
    this.policy.check(actor, 'registro.etapa', r);
    if (isFinalStatus(r.status)) {
      throw new ConflictException(`O registro está ${REGISTRO_STATUS_LABELS[r.status]} e suas etapas não mudam mais.`);
    }

    const from = etapa.status;
    const to = dto.status;
    const today = this.calendario.today();
    const days = await this.calendario.daysFor(r.juntaUf);
    const firstOpen = all.find((e) => !finished(e.status)) ?? null;
    const lastDone = [...all].reverse().find((e) => finished(e.status)) ?? null;
    const nota = dto.nota !== undefined ? dto.nota : etapa.nota;
    const visivel = dto.visivelCliente ?? etapa.visivelCliente;

    if (dto.data !== undefined && dto.data > today) throw new UnprocessableEntityException('A data não pode ser futura.');
    const when = dto.data && dto.data !== today ? new Date(`${dto.data}T15:00:00.000Z`) : new Date();
    const day = dto.data ?? today;
    let faltando: string[] = [];
    const outOfOrder = () =>
      new ConflictException(`Etapa fora de ordem: antes, conclua ou dispense "${firstOpen?.nome}" (as etapas seguem a ordem do processo).`);

    const changes: Partial<RegistroEtapa> = {};
    /** Later stages in progress go back to pending when an earlier one is reopened. */
    let resetLater: string[] = [];
    if (to === from) {
      // Only the details; with none, a repeated move (a double click, a race) is refused as registros refuse it.
      if (dto.protocolo === undefined && dto.nota === undefined && dto.visivelCliente === undefined) {
        throw new ConflictException(`A etapa já está ${ETAPA_STATUS_LABELS[from]}.`);
      }
    } else if (to === 'andamento' && from === 'pendente') {
      if (firstOpen?.id !== etapa.id) throw outOfOrder();
      changes.inicio = when;
      changes.prazo = addBusinessDays(day, etapa.duracaoDiasUteis, days);
      changes.fim = null;
    } else if (to === 'concluida') {
      if (from !== 'andamento') throw new ConflictException('Só uma etapa em andamento pode ser concluída: inicie-a primeiro.');
      const startDay = etapa.inicio ? todayInSaoPaulo(etapa.inicio) : day;
      if (day < startDay) throw new UnprocessableEntityException(`A conclusão não pode ser anterior ao início (${formatDateBR(startDay)}).`);
      await this.gates.assertCanComplete(r.id, toEtapaResponse(etapa, true));
      changes.fim = when;
      changes.diasUteis = Math.max(0, businessDaysBetween(startDay, day, days));
      changes.juntaUf = r.juntaUf;
    } else if (to === 'dispensada') {
      if (firstOpen?.id !== etapa.id) throw outOfOrder();
      // Issue 52: waiving a document-gated stage names what is missing, and asks why.
      faltando = await this.gates.missing(r.id, toEtapaResponse(etapa, true));
      if (!nota) {
        throw new UnprocessableEntityException(
          faltando.length
            ? `Esta etapa ainda não tem os documentos aceitos (${faltando.join('; ')}). Informe o motivo da dispensa (nota).`
            : 'Informe o motivo da dispensa da etapa (nota).',
        );
      }
      changes.fim = when;
      changes.diasUteis = null;
    } else if (to === 'andamento' && finished(from)) {
      if (lastDone?.id !== etapa.id) {
        throw new ConflictException(`Só a última etapa encerrada pode ser reaberta ("${lastDone?.nome}").`);
      }
      changes.fim = null;
      changes.diasUteis = null;
      if (!etapa.inicio) changes.inicio = when;
      if (!etapa.prazo) changes.prazo = addBusinessDays(day, etapa.duracaoDiasUteis, days);
      resetLater = all.filter((e) => e.ordem > etapa.ordem && e.status === 'andamento').map((e) => e.id);
    } else {
      throw new ConflictException(
        `Não é possível passar a etapa de ${ETAPA_STATUS_LABELS[from]} para ${ETAPA_STATUS_LABELS[to]}.`,
      );
    }
    // Issue 54: the CNPJ stage of a founder's abertura makes the client that company.
    const cliente = r.servico === SERVICO_ABERTURA ? await this.clientesRepo.findOne({ where: { id: r.clienteId }, select: { id: true, cnpj: true } }) : null;
    const constituicao = constituicaoDoMovimento(r.servico, all, etapa, to, !!cliente && !cliente.cnpj, dto);
    if (dto.protocolo !== undefined) Object.assign(changes, { protocolo: dto.protocolo, protocoloChave: protocoloChave(dto.protocolo) });
    if (dto.nota !== undefined) changes.nota = dto.nota;
    if (dto.visivelCliente !== undefined) changes.visivelCliente = dto.visivelCliente;

    // The stages after this move, to know the current one and whether all are done.
    const after = all.map((e) => {
      if (e.id === etapa.id) return { ...e, status: to };
      if (resetLater.includes(e.id)) return { ...e, status: 'pendente' as EtapaStatus };
      return e;
    });
    const atual = after.find((e) => !finished(e.status)) ?? null;
    let registroTo: RegistroStatus | null = null;
    if (to === 'andamento' && from !== 'andamento' && r.status === 'pendente') registroTo = 'andamento';
    if (!atual && r.status === 'andamento') registroTo = 'concluido';

    const autor = await this.historico.autor(actor);
    const mudouStatus = to !== from;
    await withTransaction(this.ds, async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(RegistroEtapa)
        .set({ ...changes, status: to, updatedAt: new Date() })
        .where('id = :id AND status = :from', { id: etapa.id, from })
        .execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      if (resetLater.length) {
        await m.update(RegistroEtapa, { id: In(resetLater) }, { status: 'pendente', inicio: null, prazo: null, updatedAt: new Date() });
      }
      const outraAtual = (atual?.id ?? null) !== (firstOpen?.id ?? null);
      await m.update(Registro, { id: r.id }, {
        etapaAtual: atual?.nome ?? null,
        ...(outraAtual ? { etapaDesde: atual ? when : null } : {}),
        updatedAt: new Date(),
      });
      // The line names the stage; a note the client may not see stays on the stage only.
      if (constituicao) await this.clientes.constituirEmpresa(m, r.clienteId, constituicao);
      const base = constituicao ? linhaDaConstituicao(etapa.nome, constituicao) : etapa.nome;
      const linha = dto.nota && visivel ? `${base} — ${dto.nota}` : base;
      await this.historico.addHistorico(m, r.id, autor, 'etapa', mudouStatus ? from : null, to, linha, true, true);
      if (faltando.length) {
        const aviso = `${etapa.nome}: dispensada sem os documentos ${faltando.join('; ')}. Motivo: ${nota}`;
        await this.historico.addHistorico(m, r.id, autor, 'etapa', null, to, aviso, false, false);
        await appendAudit(m, {
          acao: 'registro.etapa.dispensa',
          entidade: 'registro_etapas',
          entidadeId: etapa.id,
          registroId: r.id,
          clienteId: r.clienteId,
          diff: { etapa: [null, etapa.nome], documentosFaltando: [null, faltando], motivo: [null, nota] },
        });
      }
      if (registroTo) await this.status.transitionInTransaction(m, r, registroTo, autor, days, `Etapa: ${etapa.nome}`);
    });

    const detalhe = await this.registros.getDetalhe(actor, r.id);
    // After the commit and outside it: a mail failure never undoes or blocks the move.
    if (registroTo) await this.notifier.statusChanged(r.clienteId, detalhe, r.status, registroTo, null);
    if (to === 'concluida' && registroTo !== 'concluido') {
      const e = detalhe.etapas?.find((x) => x._id === etapa.id);
      if (e) await this.etapaNotifier.etapaConcluida(r.clienteId, detalhe, e, visivel ? nota : null);
    }
    return detalhe;
  }

  /** The current stage's and the process's predicted end (see previsao.ts). */
  async previsao(r: Registro, rows: RegistroEtapa[]): Promise<PrevisaoResponse> {
    const restantes: EtapaRestante[] = isFinalStatus(r.status)
      ? []
      : rows
          .filter((e) => !finished(e.status))
          .map((e) => ({ nome: e.nome, duracaoDiasUteis: e.duracaoDiasUteis, inicioDia: e.status === 'andamento' && e.inicio ? todayInSaoPaulo(e.inicio) : null }));
    if (!restantes.length) return { proximaEtapa: null, conclusao: null };
    const nomes = [...new Set(restantes.map((e) => e.nome))];
    const past = await this.etapas
      .createQueryBuilder('e')
      .select(['e.nome AS nome', 'e.diasUteis AS dias'])
      .where('e.nome IN (:...nomes) AND e.juntaUf = :uf AND e.status = :concluida AND e.diasUteis IS NOT NULL', {
        nomes,
        uf: r.juntaUf,
        concluida: 'concluida',
      })
      .andWhere('e.registroId <> :self', { self: r.id })
      .orderBy('e.fim', 'DESC')
      .limit(PREVISAO_AMOSTRA)
      .getRawMany<{ nome: string; dias: number | string }>();
    const historico = new Map<string, number[]>();
    for (const p of past) {
      const list = historico.get(p.nome) ?? [];
      list.push(Number(p.dias));
      historico.set(p.nome, list);
    }
    return preverJanelas(restantes, historico, this.calendario.today(), await this.calendario.daysFor(r.juntaUf));
  }
}

/**
 * The bulk path's stage moves of one registro (createManyFromModelo): `etapas` (its rows as created,
 * in order) moved in memory as moveEtapa moves them, and the registro's current stage with them.
 * Stage i starts where the stages before it end, in proportion to the business days of the stages
 * touched (the one in progress included), between `p.de` and `p.ate`.
 */
function moverEmLote(r: Registro, etapas: RegistroEtapa[], p: ProgressoEtapas, days: ReadonlySet<string>): MovimentoEtapa[] {
  const de = p.de!.getTime();
  const span = Math.max(0, p.ate!.getTime() - de);
  const tocadas = etapas.slice(0, Math.min(etapas.length, p.concluidas + 1));
  const pesos = tocadas.map((e) => Math.max(1, e.duracaoDiasUteis));
  const total = pesos.reduce((a, b) => a + b, 0);
  let feito = 0;
  const moves: MovimentoEtapa[] = [];
  tocadas.forEach((e, i) => {
    const inicio = new Date(de + Math.round((span * feito) / total));
    feito += pesos[i];
    const dia = todayInSaoPaulo(inicio);
    Object.assign(e, { status: 'andamento', inicio, prazo: addBusinessDays(dia, e.duracaoDiasUteis, days), updatedAt: inicio });
    moves.push({ em: inicio, nome: e.nome, de: 'pendente', para: 'andamento', ...(i === 0 ? { conduz: 'andamento' as const } : {}) });
    if (i >= p.concluidas) return;
    const fim = new Date(de + Math.round((span * feito) / total));
    Object.assign(e, { status: 'concluida', fim, diasUteis: Math.max(0, businessDaysBetween(dia, todayInSaoPaulo(fim), days)), juntaUf: r.juntaUf, updatedAt: fim });
    moves.push({ em: fim, nome: e.nome, de: 'andamento', para: 'concluida', ...(i === etapas.length - 1 ? { conduz: 'concluido' as const } : {}) });
  });
  // The current stage: the first not concluded, since the one before it concluded; none when all are.
  const atual = etapas[p.concluidas] ?? null;
  r.etapaAtual = atual?.nome ?? null;
  r.etapaDesde = !atual ? null : p.concluidas ? etapas[p.concluidas - 1].fim : r.createdAt;
  return moves;
}

/** A stage as it leaves the server; a client sees the note only when it was marked for it. */
export function toEtapaResponse(e: RegistroEtapa, forStaff: boolean): EtapaResponse {
  return {
    _id: e.id,
    nome: e.nome,
    ordem: e.ordem,
    responsavelTipo: e.responsavelTipo,
    status: e.status,
    inicio: toIso(e.inicio),
    fim: toIso(e.fim),
    prazo: e.prazo,
    protocolo: e.protocolo,
    nota: forStaff || e.visivelCliente ? e.nota : null,
    visivelCliente: e.visivelCliente,
    documentos: [...(e.documentos ?? [])],
  };
}

