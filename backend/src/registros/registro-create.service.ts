import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { AuthPrincipal } from '../platform/request';
import { CalendarioService } from '../calendario';
import { Cliente } from '../clientes';
import { RegistroCobrancas } from './registro-cobrancas';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { withTransaction } from '../platform/database';
import { clienteOf } from '@veritas/common';
import { CreateRegistroDto } from './dto/registro.dto';
import { Registro } from './entities/registro.entity';
import { camposDeAbertura, juntaDoEstado } from './registro-abertura';
import { RegistroAssignmentService } from './registro-assignment.service';
import { RegistroExtensions } from './registro-extensions';
import { RegistroHistoricoService } from './registro-historico.service';
import { CLIENTE_ID_REQUIRED, CLIENTE_NOT_FOUND, CLIENTE_ONLY_OWN, JUNTA_ONLY_STAFF } from './registro-messages';
import { RegistroNumberingService } from './registro-numbering.service';
import { ServicosService } from './servicos.service';
import { RegistroNotifier } from './registro-notifier';

/**
 * 'Nova Solicitação' (POST /api/registros): a client's own request, or one staff open for a client,
 * with its protocol number, the service and price of the client's type, the due date on its Junta's
 * calendar, its stages (RegistroExtensions), its first history lines and, when the firm charges at
 * opening, its charge — all in one transaction.
 */
@Injectable()
export class RegistroCreateService {
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
    private readonly notifier: RegistroNotifier,
  ) {}

  async createRegistro(actor: AuthPrincipal, dto: CreateRegistroDto): Promise<Registro> {
    let clienteId: string;
    let responsavel: { id: string; nome: string } | null = null;
    const own = clienteOf(actor);
    if (own) {
      if (dto.juntaUf) throw new BadRequestException(JUNTA_ONLY_STAFF);
      if (dto.responsavelId || (dto.clienteId && dto.clienteId !== own)) throw new BadRequestException(CLIENTE_ONLY_OWN);
      clienteId = own;
    } else {
      if (!dto.clienteId) throw new BadRequestException(CLIENTE_ID_REQUIRED);
      if (!(await this.clientes.exists({ where: { id: dto.clienteId } }))) throw new NotFoundException(CLIENTE_NOT_FOUND);
      clienteId = dto.clienteId;
      if (dto.responsavelId) {
        const nomes = await this.assignment.responsaveisDeAbertura(actor, [dto.responsavelId]);
        responsavel = { id: dto.responsavelId, nome: nomes.get(dto.responsavelId)! };
      }
    }
    const servico = await this.servicos.resolve(clienteId, dto.servico, dto.tipo);
    const autor = await this.historico.autor(actor);
    const today = this.calendario.today();
    const cliente = await this.clientes.findOne({ where: { id: clienteId }, select: { id: true, estado: true, razaoSocial: true } });
    const juntaUf = dto.juntaUf ?? juntaDoEstado(cliente?.estado, this.config.firm.state);
    // Issue 52: a request staff enter (by phone, by e-mail) says who entered it and for whom.
    const abertura = autor.tipo === 'equipe' ? `Aberto por ${autor.nome} em nome de ${cliente?.razaoSocial ?? 'cliente'}.` : null;
    const prazo = await this.calendario.addBusinessDays(today, servico.slaDiasUteis, juntaUf);
    const ano = Number(today.slice(0, 4));
    await this.numbering.ensureSequence(ano);

    const created = await withTransaction(this.ds, async (m) => {
      const numero = await this.numbering.nextProtocolo(m, ano);
      const registro = m.create(Registro, camposDeAbertura({ numero, clienteId, servico, descricao: dto.descricao, responsavelId: responsavel?.id ?? null, prazo, juntaUf }));
      await m.save(registro);
      await this.extensions.onCreate(m, registro);
      await this.historico.addHistorico(m, registro.id, autor, 'criacao', null, 'pendente', abertura, true, true);
      if (responsavel) await this.historico.addHistorico(m, registro.id, autor, 'responsavel', null, responsavel.nome, null, false, false);
      // Issue 12: its charge, from the price copied above, when the firm charges at opening.
      await this.cobrancas.chargeRegistro(m, registro, 'abertura', { id: autor.id, nome: autor.nome });
      return registro;
    });
    // After the commit: the client is told its request arrived (a mail failure is logged, never undoes it).
    await this.notifier.recebido(created);
    return created;
  }
}
