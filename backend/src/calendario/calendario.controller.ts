import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { todayInSaoPaulo } from '@veritas/common';
import { Allow } from '../platform/request';
import { uuidParam } from '../platform/http';
import { queryYear } from '../platform/http';
import { CalendarioService, FERIADO_NOT_FOUND, toFeriadoResponse } from './calendario.service';
import { CreateFeriadoDto } from './dto/feriado.dto';

const uuid = uuidParam(FERIADO_NOT_FOUND);

@ApiTags('calendario')
@Controller('calendario')
export class CalendarioController {
  constructor(private readonly calendario: CalendarioService) {}

  @Get('feriados')
  @Allow('staff')
  @ApiQuery({ name: 'ano', required: false, description: 'Ano (padrão: o ano corrente em São Paulo).', example: 2027 })
  @ApiOkResponse({
    description:
      '{ data: [{ _id, data, nome, tipo }] } em ordem de data: os feriados nacionais (tipo "nacional", _id null: fixos e ' +
      'móveis — Carnaval, Sexta-feira Santa, Corpus Christi) e os dias não úteis do escritório (tipo "escritorio"). ' +
      'Sábados e domingos nunca são dias úteis e não aparecem.',
  })
  @ApiBadRequestResponse({ description: 'Ano inválido.' })
  async listFeriados(@Query('ano') ano?: string) {
    const year = queryYear(ano, 'ano') ?? Number(todayInSaoPaulo().slice(0, 4));
    return { data: await this.calendario.listFeriados(year) };
  }

  @Post('feriados')
  @Allow('settings')
  @ApiCreatedResponse({ description: '{ data: { _id, data, nome, tipo: "escritorio" } }. Não altera prazos já calculados.' })
  @ApiBadRequestResponse({ description: 'Data ou nome inválidos.' })
  @ApiConflictResponse({ description: 'A data já é feriado nacional ou já está cadastrada.' })
  async createFeriado(@Body() dto: CreateFeriadoDto) {
    return { data: toFeriadoResponse(await this.calendario.createFeriado(dto)) };
  }

  @Delete('feriados/:id')
  @HttpCode(200)
  @Allow('settings')
  @ApiOkResponse({ description: '{ data: feriado excluído }' })
  @ApiNotFoundResponse({ description: 'Feriado não encontrado (os nacionais não podem ser excluídos).' })
  async deleteFeriado(@Param('id', uuid) id: string) {
    return { data: toFeriadoResponse(await this.calendario.deleteFeriado(id)) };
  }
}
