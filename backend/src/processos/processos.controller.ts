import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { JUNTAS, todayInSaoPaulo } from '@veritas/common';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { CalendarioService } from '../calendario';
import { uuidParam } from '../platform/http';
import { REGISTRO_NOT_FOUND, RegistroHistoricoService, RegistroJuntaService } from '../registros';
import { queryYear } from '../platform/http';
import { UpdateEtapaDto, UpdateJuntaDto } from './dto/etapa.dto';
import { ETAPA_NOT_FOUND, EtapasService } from './etapas.service';
import { ModelosService } from './modelos.service';

const registroUuid = uuidParam(REGISTRO_NOT_FOUND);
const etapaUuid = uuidParam(ETAPA_NOT_FOUND);

const ETAPAS_SHAPE =
  'O detalhe inclui etapas: [{ _id, nome, ordem, responsavelTipo, status (pendente|andamento|concluida|dispensada), inicio, fim, ' +
  'prazo ("AAAA-MM-DD" no calendário da Junta), protocolo, nota (o cliente só vê as marcadas visivelCliente), visivelCliente, documentos }] ' +
  'e previsao: { proximaEtapa: { de, ate } | null, conclusao: { de, ate } | null } (mediana e percentil 90 das durações passadas ' +
  'da etapa na mesma Junta, com 5 casos ou mais; antes disso, as durações do modelo).';

@ApiTags('processos')
@Controller('juntas')
export class JuntasController {
  constructor(private readonly calendario: CalendarioService) {}

  @Get()
  @Allow('staff', 'cliente')
  @ApiOkResponse({ description: '{ data: [{ uf, sigla, nome, capital, site }] }: as 27 Juntas Comerciais, em ordem de UF.' })
  listJuntas() {
    return { data: JUNTAS.map((j) => ({ ...j })) };
  }

  @Get(':uf/feriados')
  @Allow('staff', 'cliente')
  @ApiQuery({ name: 'ano', required: false, description: 'Ano (padrão: o ano corrente em São Paulo).', example: 2027 })
  @ApiOkResponse({
    description:
      '{ data: [{ data, nome, tipo }] } em ordem de data: os dias não úteis da Junta — nacionais, estaduais, municipais (da capital) ' +
      'e os do escritório. Sábados e domingos nunca são dias úteis e não aparecem.',
  })
  @ApiBadRequestResponse({ description: 'UF ou ano inválidos.' })
  async listFeriados(@Param('uf') uf: string, @Query('ano') ano?: string) {
    const year = queryYear(ano, 'ano') ?? Number(todayInSaoPaulo().slice(0, 4));
    return { data: await this.calendario.listJuntaFeriados(uf.toUpperCase(), year) };
  }
}

@ApiTags('processos')
@Controller('processos/modelos')
export class ModelosController {
  constructor(
    private readonly modelos: ModelosService,
    private readonly historico: RegistroHistoricoService,
  ) {}

  @Get()
  @Allow('staff')
  @ApiOkResponse({
    description:
      '{ data: [{ servico, nome, etapas: [{ nome, responsavelTipo, duracaoDiasUteis, documentos? }], personalizado, atualizadoEm, ' +
      'atualizadoPor }] }: o modelo de etapas de cada serviço do catálogo (o padrão até a Diretoria editar).',
  })
  listModelos() {
    return this.modelos.listModelos().then((data) => ({ data }));
  }

  @Get(':servico')
  @Allow('staff')
  @ApiOkResponse({ description: '{ data: modelo }' })
  @ApiNotFoundResponse({ description: 'Serviço fora do catálogo.' })
  async getModelo(@Param('servico') servico: string) {
    return { data: await this.modelos.getModelo(servico) };
  }

  @Put(':servico')
  @Allow('settings')
  @ApiBody({
    schema: {
      example: { etapas: [{ nome: 'Protocolo na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 1, documentos: ['identidade-cpf-socios'] }] },
    },
  })
  @ApiOkResponse({ description: '{ data: modelo }. Vale para os registros criados depois; os existentes mantêm as suas etapas.' })
  @ApiBadRequestResponse({ description: 'Etapa malformada: nome (1 a 120), responsavelTipo, duração (inteiro de 0 a 365), documentos (chaves).' })
  @ApiUnprocessableEntityResponse({ description: 'Nenhuma etapa, etapas demais, ou dois nomes iguais.' })
  @ApiNotFoundResponse({ description: 'Serviço fora do catálogo.' })
  async putModelo(@CurrentPrincipal() actor: AuthPrincipal, @Param('servico') servico: string, @Body() body: unknown) {
    const autor = await this.historico.autor(actor);
    return { data: await this.modelos.putModelo(servico, body, autor.nome) };
  }
}

@ApiTags('processos')
@Controller('registros')
export class EtapasController {
  constructor(
    private readonly etapas: EtapasService,
    private readonly juntas: RegistroJuntaService,
  ) {}

  @Put(':id/etapas/:etapaId')
  @Allow('registros.work')
  @ApiOkResponse({
    description:
      '{ data: registro com historico, etapas e previsao }. Iniciar (pendente → andamento: só a primeira etapa não encerrada), ' +
      'concluir (andamento → concluida), dispensar (→ dispensada, com o motivo em nota), reabrir (a última encerrada → andamento). ' +
      'O status do registro acompanha: uma etapa iniciada com o registro Pendente → Em andamento; todas encerradas → Concluído. ' +
      `Cada passo entra no histórico; uma etapa concluída é avisada ao cliente por e-mail. ${ETAPAS_SHAPE}`,
  })
  @ApiForbiddenResponse({ description: 'Associado que não é o responsável pelo registro.' })
  @ApiConflictResponse({ description: 'Fora de ordem, transição não permitida, registro encerrado, documentos pendentes, ou mudou enquanto isso.' })
  @ApiUnprocessableEntityResponse({ description: 'Dispensa sem motivo; data futura ou anterior ao início.' })
  @ApiNotFoundResponse({ description: 'Registro ou etapa não encontrados.' })
  async moveEtapa(
    @CurrentPrincipal() actor: AuthPrincipal,
    @Param('id', registroUuid) id: string,
    @Param('etapaId', etapaUuid) etapaId: string,
    @Body() dto: UpdateEtapaDto,
  ) {
    return { data: await this.etapas.moveEtapa(actor, id, etapaId, dto) };
  }

  @Put(':id/junta')
  @Allow('registros.work')
  @ApiOkResponse({
    description:
      '{ data: registro com historico }. Muda a Junta Comercial do registro (padrão: a UF do cliente). O prazo mantém os dias úteis ' +
      'que restavam, contados de novo a partir de hoje no calendário da nova Junta.',
  })
  @ApiBadRequestResponse({ description: 'UF inválida.' })
  @ApiForbiddenResponse({ description: 'Associado que não é o responsável pelo registro.' })
  @ApiConflictResponse({ description: 'Registro encerrado, ou mudou enquanto isso.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado.' })
  async changeJunta(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', registroUuid) id: string, @Body() dto: UpdateJuntaDto) {
    return { data: await this.juntas.changeJunta(actor, id, dto.uf) };
  }
}
