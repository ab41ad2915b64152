import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { uuidParam } from '../platform/http';
import { REGISTRO_NOT_FOUND } from '../registros';
import { CreateExigenciaDto, UpdateExigenciaDto } from './dto/exigencia.dto';
import { EXIGENCIA_NOT_FOUND, ExigenciasService } from './exigencias.service';

const uuid = uuidParam(REGISTRO_NOT_FOUND);
const exigenciaUuid = uuidParam(EXIGENCIA_NOT_FOUND);

const SHAPE =
  'Exigência: { _id, registroId, descricao, notificadaEm, rodadaInicio (primeira notificação da rodada), prazo (rodadaInicio + 30 dias ' +
  'corridos, IN DREI 81/2020: não é reaberto), status ("aberta", "cumprida", "expirada": aberta e prazo passado), diasRestantes ' +
  '(corridos; negativo: expirada; null se cumprida), cumpridaEm, cumpridaPorNome, criadoPorNome, createdAt }.';

@ApiTags('exigencias')
@Controller('registros')
export class ExigenciasController {
  constructor(private readonly exigencias: ExigenciasService) {}

  @Get(':id/exigencias')
  @Allow('registros.read', 'cliente')
  @ApiOkResponse({ description: `{ data: exigências[] } do registro, pela data da notificação. O cliente vê as do próprio registro. ${SHAPE}` })
  @ApiNotFoundResponse({ description: 'Registro não encontrado (também quando é de outro cliente, ou de outro associado).' })
  async list(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.exigencias.list(actor, id) };
  }

  @Post(':id/exigencias')
  @Allow('registros.work')
  @ApiCreatedResponse({
    description:
      `{ data: exigência }. Enquanto houver exigência aberta o registro fica "em exigência" (emExigencia) e o prazo dele para, ` +
      `como quando aguarda o cliente; volta a contar quando a última é cumprida. O cliente recebe um e-mail. ${SHAPE}`,
  })
  @ApiBadRequestResponse({ description: 'Descrição ausente ou longa demais (2000), data inválida ou futura.' })
  @ApiConflictResponse({ description: 'Registro encerrado.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado.' })
  async create(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: CreateExigenciaDto) {
    return { data: await this.exigencias.create(actor, id, dto) };
  }

  @Put(':id/exigencias/:eid')
  @Allow('registros.work')
  @ApiOkResponse({ description: `{ data: exigência } marcada como cumprida (também depois de expirada). ${SHAPE}` })
  @ApiBadRequestResponse({ description: 'Status diferente de "cumprida".' })
  @ApiConflictResponse({ description: 'A exigência já foi cumprida.' })
  @ApiNotFoundResponse({ description: 'Registro ou exigência não encontrados.' })
  async update(
    @CurrentPrincipal() actor: AuthPrincipal,
    @Param('id', uuid) id: string,
    @Param('eid', exigenciaUuid) eid: string,
    @Body() _dto: UpdateExigenciaDto,
  ) {
    return { data: await this.exigencias.cumprir(actor, id, eid) };
  }
}
