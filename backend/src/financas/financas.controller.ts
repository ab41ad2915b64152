import { BadRequestException, Body, Controller, Get, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiPayloadTooLargeResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type FileInMemory, ReceivedFile, uuidParam } from '../platform/http';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { parsePeriodo } from '../dashboard';
import { ConfirmarExtratoDto } from './dto/cobranca.dto';
import { EXTRATO_NOT_FOUND, ExtratosService } from './extratos.service';
import { OfxUploadInterceptor, OFX_FIELD } from './ofx-upload.interceptor';
import { ResumoService } from './resumo.service';

const uuid = uuidParam(EXTRATO_NOT_FOUND);

const EXTRATO_SHAPE =
  '{ _id, nomeArquivo, conta, importadoPorNome, createdAt, repetidas, transacoes: [{ _id, fitid, data, valor, memo, situacao ' +
  '(conciliada | txid | valor | ambigua | sem-correspondencia), cobrancaId (a proposta), candidatas: [{ cobrancaId, clienteNome, vencimento, saldo, txid }] }] }';

@ApiTags('financas')
@Controller('financas')
export class FinancasController {
  constructor(
    private readonly resumoService: ResumoService,
    private readonly extratos: ExtratosService,
  ) {}

  @Get('resumo')
  @Allow('financas.read')
  @ApiQuery({ name: 'periodo', required: false, description: '7d, 30d (padrão), mes ou ano' })
  @ApiOkResponse({
    description:
      '{ data: { periodo, de, ate, aReceber, vencido, recebido (pagamentos no período), faturado (cobranças do período), aging: [{ faixa ' +
      '0-30|31-60|61-90|>90, valor, quantidade }], porServico, porTipoCliente: [{ nome, quantidade, faturado, honorarios, taxas, recebido, emAberto }] } } (BRL).',
  })
  @ApiBadRequestResponse({ description: 'Período inválido.' })
  async resumo(@Query('periodo') periodo?: string) {
    return { data: await this.resumoService.resumo(parsePeriodo(periodo)) };
  }

  @Post('extratos')
  @Allow('financas.write')
  @UseInterceptors(OfxUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { [OFX_FIELD]: { type: 'string', format: 'binary' } } } })
  @ApiCreatedResponse({ description: `Importa um extrato OFX (até 1 MB) e propõe as conciliações; nada é pago antes de confirmar. { data: ${EXTRATO_SHAPE} }` })
  @ApiBadRequestResponse({ description: 'Arquivo ausente ou que não é OFX.' })
  @ApiPayloadTooLargeResponse({ description: 'Arquivo acima de 1 MB.' })
  async importarExtrato(@CurrentPrincipal() actor: AuthPrincipal, @ReceivedFile() file: FileInMemory | undefined) {
    if (!file) throw new BadRequestException(`Envie o arquivo OFX no campo "${OFX_FIELD}".`);
    return { data: await this.extratos.importar(actor, file) };
  }

  @Get('extratos/:id')
  @Allow('financas.read')
  @ApiOkResponse({ description: `{ data: ${EXTRATO_SHAPE} }` })
  @ApiNotFoundResponse({ description: 'Extrato não encontrado.' })
  async getExtrato(@Param('id', uuid) id: string) {
    return { data: await this.extratos.getExtrato(id) };
  }

  @Post('extratos/:id/confirmar')
  @Allow('financas.write')
  @ApiCreatedResponse({ description: '{ matches: [{ transacaoId, cobrancaId }] } → pagamentos PIX registrados (os já conciliados são ignorados): { data: extrato + registrados }.' })
  @ApiNotFoundResponse({ description: 'Extrato não encontrado.' })
  async confirmarExtrato(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: ConfirmarExtratoDto) {
    return { data: await this.extratos.confirmar(actor, id, dto.matches) };
  }
}
