import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { formatProtocolo, ServicoDisponivelResponse, todayInSaoPaulo } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { insertAudited, withAuditsAtEnd } from '../auditoria';
import { CalendarioService } from '../calendario';
import { Cliente } from '../clientes';
import { RegistroCobrancas } from './registro-cobrancas';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { newId, SerialQueue, updateRows, withTransaction } from '../platform/database';
import { clienteOf } from '@veritas/common';
import { RegistroHistorico } from './entities/registro-historico.entity';
import { Registro } from './entities/registro.entity';
import { camposDeAbertura, juntaDoEstado } from './registro-abertura';
import { RegistroAssignmentService } from './registro-assignment.service';
import { ProgressoEtapas, RegistroExtensions } from './registro-extensions';
import { RegistroHistoricoService } from './registro-historico.service';
import { CLIENTE_NOT_FOUND, CLIENTE_ONLY_OWN } from './registro-messages';
import { RegistroNumberingService } from './registro-numbering.service';
import { ETAPAS_CONCLUIDAS_INVALIDO, historicoEmLote, passosEmLote, RegistroEmLote, RegistroPronto } from './registros-lote';
import { ServicosService } from './servicos.service';

/**
 * The bulk path (the demo seeder, issue 14): registros opened by staff many at once, each as
 * createRegistro opens it (protocol number, service, price and SLA of the client's type, due date
 * on its Junta's calendar, responsável, stages, checklist, creation line, charge) and then moved
 * through its `passos` as changeStatus moves it (clock, closing time, history lines, charge at
 * conclusion) and, with `etapasConcluidas`, through its stages as moveEtapa moves them. One
 * transaction, many rows per statement, the audit entries the single path writes. Nothing is
 * e-mailed.
 */
@Injectable()
export class RegistrosLoteService {
  /** Reservations of protocol numbers by createRegistrosEmLote, one call after another. */
  private readonly reservasEmLote = new SerialQueue();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly servicos: ServicosService,
    private readonly calendario: CalendarioService,
    private readonly numbering: RegistroNumberingService,
    private readonly historico: RegistroHistoricoService,
    private readonly assignment: RegistroAssignmentService,
    private readonly extensions: RegistroExtensions,
    private readonly cobrancas: RegistroCobrancas,
  ) {}

  /**
   * The registros as stored. Two calls may run at once (the seeder keeps two in flight): their protocol
   * numbers are reserved in the order the calls were made, each batch's in a short transaction of its own,
   * and their audit entries appended as their transactions end (withAuditsAtEnd), so neither waits for the
   * other's rows. A batch that fails leaves its reserved numbers unused.
   */
  async createRegistrosEmLote(actor: AuthPrincipal, itens: readonly RegistroEmLote[]): Promise<Registro[]> {
    if (clienteOf(actor)) throw new ForbiddenException(CLIENTE_ONLY_OWN);
    if (!itens.length) return [];
    const lote = this.prepararLote(actor, itens);
    lote.catch(() => undefined); // awaited in its turn below; not an unhandled rejection while the turn waits
    // Queued before anything is awaited, so calls reserve in the order made (a refused one only loses its turn).
    const ultimos = await this.reservasEmLote.run(async () => this.numbering.reserve((await lote).porAno));
    const { prontos, responsaveis, autor, now, today, dias } = await lote;

    return withTransaction(this.ds, (m) => withAuditsAtEnd(m, async () => {
      // Counted afresh on each try (withTransaction tries again after a deadlock).
      const proximo = new Map(ultimos);
      const numeroDe = (ano: number) => {
        const n = proximo.get(ano)! + 1;
        proximo.set(ano, n);
        return formatProtocolo(ano, n);
      };
      const registros = prontos.map((p) =>
        m.create(Registro, {
          id: newId(),
          createdAt: p.aberto,
          updatedAt: now,
          ...camposDeAbertura({
            numero: numeroDe(p.ano),
            clienteId: p.it.clienteId,
            servico: p.servico,
            descricao: p.it.descricao,
            responsavelId: p.it.responsavelId ?? null,
            prazo: p.prazo,
            juntaUf: p.juntaUf,
          }),
          // The column's default, which save reads back (and the audit entry shows) on the single path.
          pausaExigencia: false,
        }),
      );
      await insertAudited(m, Registro, registros);

      // The status moves, in memory as changeStatus computes them; then the stages over the time in
      // progress (issue 11), when the item says how far they went; then each row's final state.
      const passos = registros.map((r, i) => passosEmLote(r, prontos[i], now, today, dias.get(r.juntaUf)!));
      const progresso = new Map<string, ProgressoEtapas>();
      registros.forEach((r, i) => {
        const concluidas = prontos[i].it.etapasConcluidas;
        if (concluidas === undefined) return;
        const de = passos[i].find((f) => f.para === 'andamento')?.em ?? null;
        progresso.set(r.id, { concluidas, de, ate: de && (r.status === 'andamento' ? now : passos[i].at(-1)!.em), concluido: r.status === 'concluido' });
      });
      const etapas = await this.extensions.onCreateMany(m, registros, progresso);
      await updateRows(
        m,
        Registro,
        registros.filter((_, i) => passos[i].length),
        ['status', 'prazo', 'pausadoEm', 'diasUteisRestantes', 'pausaExigencia', 'encerradoEm'],
      );
      // The opening line names the client on whose behalf staff opened it, as the single path does.
      const clienteIds = [...new Set(registros.map((r) => r.clienteId))];
      const nomes = new Map((await m.getRepository(Cliente).find({ where: { id: In(clienteIds) }, select: { id: true, razaoSocial: true } })).map((c) => [c.id, c.razaoSocial]));
      const linhas = registros.flatMap((r, i) => historicoEmLote(m, r, prontos[i].aberto, autor, responsaveis, passos[i], etapas.get(r.id) ?? [], nomes.get(r.clienteId)));
      await insertAudited(m, RegistroHistorico, linhas);
      // Issue 12: each charge issued when its registro opened (or concluded), due from that day.
      const cobrador = { id: autor.id, nome: autor.nome };
      await this.cobrancas.chargeRegistros(m, registros, 'abertura', cobrador, (r) => r.createdAt);
      await this.cobrancas.chargeRegistros(m, registros.filter((r) => r.status === 'concluido'), 'conclusao', cobrador, (r) => r.encerradoEm ?? now);
      return registros;
    }));
  }

  /**
   * What createRegistrosEmLote reads and checks before its transaction, as createRegistro does for one:
   * the items resolved (service, Junta, deadline, opening time), oldest first, and how many per year.
   */
  private async prepararLote(actor: AuthPrincipal, itens: readonly RegistroEmLote[]) {
    const clientes = new Map<string, { estado: string | null; tipoClienteId: string | null }>();
    const clienteIds = [...new Set(itens.map((it) => it.clienteId))];
    for (let i = 0; i < clienteIds.length; i += 500) {
      const found = await this.clientes.find({ where: { id: In(clienteIds.slice(i, i + 500)) }, select: { id: true, estado: true, tipoClienteId: true } });
      for (const c of found) clientes.set(c.id, c);
    }
    const responsaveis = await this.assignment.responsaveisDeAbertura(actor, itens.map((it) => it.responsavelId).filter((id): id is string => !!id));
    const autor = await this.historico.autor(actor);
    const now = new Date();
    const today = this.calendario.today();
    // What createRegistro reads before its transaction, once per client type, Junta, SLA and day.
    const servicos = new Map<string | null, ServicoDisponivelResponse[]>();
    const prazos = new Map<string, string>();
    const dias = new Map<string, Awaited<ReturnType<CalendarioService['daysFor']>>>();
    const prontos: RegistroPronto[] = [];
    for (const it of itens) {
      const cliente = clientes.get(it.clienteId);
      if (!cliente) throw new NotFoundException(CLIENTE_NOT_FOUND);
      if (it.etapasConcluidas !== undefined && !(Number.isInteger(it.etapasConcluidas) && it.etapasConcluidas >= 0)) throw new BadRequestException(ETAPAS_CONCLUIDAS_INVALIDO);
      if (!servicos.has(cliente.tipoClienteId)) servicos.set(cliente.tipoClienteId, await this.servicos.listServicosDoTipo(cliente.tipoClienteId));
      const servico = this.servicos.resolveIn(servicos.get(cliente.tipoClienteId)!, it.servico);
      const juntaUf = juntaDoEstado(cliente.estado, this.config.firm.state);
      const aberto = it.abertoEm && it.abertoEm < now ? it.abertoEm : now;
      const dia = aberto === now ? today : todayInSaoPaulo(aberto);
      const key = `${juntaUf} ${servico.slaDiasUteis} ${dia}`;
      if (!prazos.has(key)) prazos.set(key, await this.calendario.addBusinessDays(dia, servico.slaDiasUteis, juntaUf));
      if (!dias.has(juntaUf)) dias.set(juntaUf, await this.calendario.daysFor(juntaUf));
      prontos.push({ it, servico, juntaUf, prazo: prazos.get(key)!, aberto, ano: Number(dia.slice(0, 4)) });
    }
    // Protocol numbers per year, in the order the registros were opened.
    prontos.sort((a, b) => a.aberto.getTime() - b.aberto.getTime());
    const porAno = new Map<number, number>();
    for (const p of prontos) porAno.set(p.ano, (porAno.get(p.ano) ?? 0) + 1);
    return { prontos, porAno, responsaveis, autor, now, today, dias };
  }
}
