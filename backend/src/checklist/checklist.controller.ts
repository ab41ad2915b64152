import { Body, Controller, Get, Param, Post, Put, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ReceivedFile, type StoredFile, uuidParam } from '../platform/http';
import { Allow, type AuthPrincipal, Capacidade, CurrentPrincipal } from '../platform/request';
import { UploadInterceptor } from '../documentos';
import { REGISTRO_NOT_FOUND } from '../registros';
import { AvaliarChecklistDto, CreateChecklistItemDto, PutChecklistModeloDto } from './dto/checklist.dto';
import { ChecklistService, ITEM_NOT_FOUND } from './checklist.service';
import { ExigenciasService } from '../exigencias';

const uuid = uuidParam(REGISTRO_NOT_FOUND);
const itemUuid = uuidParam(ITEM_NOT_FOUND);

const ITEM_SHAPE =
  'Item: { _id, registroId, chave, nome, descricao, obrigatorio, ordem, status ("pendente", "enviado", "aceito", "recusado"), motivo ' +
  '(da recusa; o cliente vê), documentoId (o arquivo: GET /api/documentos/:id/download), nomeArquivo, enviadoEm, avaliadoEm, avaliadoPorNome }.';
const MODELO_SHAPE = '{ servico, nome, itens: [{ chave, nome, descricao, obrigatorio }] } em ordem.';

class ArquivoBody {
  arquivo!: unknown;
}

@ApiTags('checklist')
@Controller()
export class ChecklistController {
  constructor(
    private readonly checklist: ChecklistService,
    private readonly exigencias: ExigenciasService,
  ) {}

  @Get('registros/me/pendencias')
  @Allow('cliente')
  @ApiOkResponse({
    description:
      '"Aguardando você": { data: { exigencias: [exigência aberta + registroNumero, registroTipo], documentos: [item pendente ou ' +
      'recusado + registroNumero, registroTipo] } } dos registros em aberto do próprio cliente; exigências pelo prazo mais próximo.',
  })
  async pendencias(@CurrentPrincipal() actor: AuthPrincipal) {
    const [exigencias, documentos] = await Promise.all([this.exigencias.abertasDoCliente(actor.id), this.checklist.pendentesDoCliente(actor.id)]);
    return { data: { exigencias, documentos } };
  }

  @Get('processos/checklists/:servico')
  @Allow('registros.read')
  @ApiOkResponse({ description: `{ data: ${MODELO_SHAPE} }: os documentos que o serviço pede (copiados para cada registro novo).` })
  @ApiNotFoundResponse({ description: 'Serviço não encontrado no catálogo.' })
  async getModelo(@Param('servico') servico: string) {
    return { data: await this.checklist.getModelo(servico) };
  }

  @Put('processos/checklists/:servico')
  @Allow('settings')
  @ApiOkResponse({ description: `{ data: ${MODELO_SHAPE} }. Substitui a lista do serviço; os registros já criados mantêm a sua.` })
  @ApiBadRequestResponse({ description: 'Itens inválidos ou com chave repetida.' })
  @ApiNotFoundResponse({ description: 'Serviço não encontrado no catálogo.' })
  async putModelo(@Param('servico') servico: string, @Body() dto: PutChecklistModeloDto) {
    return { data: await this.checklist.putModelo(servico, dto) };
  }

  @Get('registros/:id/checklist')
  @Allow('registros.read', 'cliente')
  @ApiOkResponse({ description: `{ data: itens[] } da lista de documentos do registro, em ordem. ${ITEM_SHAPE}` })
  @ApiNotFoundResponse({ description: 'Registro não encontrado (também quando é de outro cliente, ou de outro associado).' })
  async list(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.checklist.list(actor, id) };
  }

  @Post('registros/:id/checklist')
  @Allow('registros.work')
  @ApiCreatedResponse({
    description: `{ data: item } novo, no fim da lista, com a chave "extra-N": um documento a mais pedido ao cliente deste registro (o de uma exigência, por exemplo). ${ITEM_SHAPE}`,
  })
  @ApiBadRequestResponse({ description: 'Nome ausente ou longo demais.' })
  @ApiConflictResponse({ description: 'Registro encerrado.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado.' })
  async addItem(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: CreateChecklistItemDto) {
    return { data: await this.checklist.addItem(actor, id, dto.nome, dto.descricao ?? null, dto.obrigatorio ?? true) };
  }

  @Post('registros/:id/checklist/:itemId/arquivo')
  @Allow('cliente', 'registros.work')
  @Capacidade('enviar_documentos')
  @UseInterceptors(UploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { arquivo: { type: 'string', format: 'binary' } } }, type: ArquivoBody })
  @ApiCreatedResponse({
    description:
      `{ data: item } "enviado". O arquivo (campo "arquivo") segue as regras de POST /api/documentos e vira um documento do ` +
      `cliente ligado ao registro. Um item recusado pode receber outro arquivo. ${ITEM_SHAPE}`,
  })
  @ApiBadRequestResponse({ description: 'Sem arquivo, arquivo vazio.' })
  @ApiConflictResponse({ description: 'Item já aceito, ou registro encerrado.' })
  @ApiNotFoundResponse({ description: 'Registro ou item não encontrado.' })
  @ApiPayloadTooLargeResponse({ description: 'Maior que DOC_MAX_BYTES (padrão 20 MB).' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Tipo não permitido, ou conteúdo que não corresponde à extensão.' })
  async upload(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Param('itemId', itemUuid) itemId: string, @ReceivedFile() file: StoredFile | undefined) {
    return { data: await this.checklist.upload(actor, id, itemId, file) };
  }

  @Put('registros/:id/checklist/:itemId')
  @Allow('registros.work')
  @ApiOkResponse({ description: `{ data: item } aceito ou recusado (com motivo, que o cliente vê e recebe por e-mail). ${ITEM_SHAPE}` })
  @ApiBadRequestResponse({ description: 'Status inválido.' })
  @ApiConflictResponse({ description: 'Item sem arquivo enviado, ou já recusado (aguardando outro arquivo).' })
  @ApiUnprocessableEntityResponse({ description: 'Recusa sem motivo.' })
  @ApiNotFoundResponse({ description: 'Registro ou item não encontrado.' })
  async avaliar(
    @CurrentPrincipal() actor: AuthPrincipal,
    @Param('id', uuid) id: string,
    @Param('itemId', itemUuid) itemId: string,
    @Body() dto: AvaliarChecklistDto,
  ) {
    return { data: await this.checklist.avaliar(actor, id, itemId, dto.status, dto.motivo) };
  }
}
