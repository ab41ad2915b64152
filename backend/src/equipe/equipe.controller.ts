import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { todayInSaoPaulo } from '@veritas/common';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { uuidParam } from '../platform/http';
import { DateQuery } from '../platform/http';
import { AusenciaDto, ReatribuirDto } from './dto/equipe.dto';
import { AUSENCIA_NOT_FOUND, EquipeService, USER_NOT_FOUND } from './equipe.service';

const userParam = uuidParam(USER_NOT_FOUND);
const ausenciaParam = uuidParam(AUSENCIA_NOT_FOUND);

@ApiTags('equipe')
@Controller()
export class EquipeController {
  constructor(private readonly equipe: EquipeService) {}

  @Get('equipe')
  @Allow('equipe')
  @ApiQuery({ name: 'periodo', required: false, description: '7d, 30d (padrão), mes ou ano: o período de "concluídos" e do tempo mediano.' })
  @ApiOkResponse({
    description:
      '{ data: { periodo, inicio, fim, pessoas: [{ id, nomeCompleto, username, email, permissions, userType, abertos, vencidos, venceEm5DiasUteis, ' +
      'concluidosNoPeriodo, leadTimeMedianoDiasUteis, ausencia }] } }',
  })
  @ApiBadRequestResponse({ description: 'Período inválido.' })
  async getEquipe(@Query('periodo') periodo?: string) {
    return { data: await this.equipe.overview(periodo) };
  }

  @Get('equipe/ausentes')
  @Allow('staff')
  @ApiQuery({ name: 'data', required: false, description: 'Dia (AAAA-MM-DD; padrão: hoje em São Paulo).' })
  @ApiOkResponse({ description: '{ data: [{ id, userId, tipo, de, ate, nota }] }: quem está ausente no dia, para não ser oferecido como responsável.' })
  async listAusentes(@Query('data', DateQuery) data?: string) {
    const dia = data ?? todayInSaoPaulo();
    return { data: await this.equipe.ausentesEm(dia) };
  }

  @Get('equipe/:userId/ausencias')
  @Allow('staff')
  @ApiOkResponse({ description: '{ data: ausências[] } (as mais recentes primeiro). Cada pessoa vê as suas; Diretoria e Master, as de todos.' })
  @ApiNotFoundResponse({ description: USER_NOT_FOUND })
  async listAusencias(@CurrentPrincipal() actor: AuthPrincipal, @Param('userId', userParam) userId: string) {
    return { data: await this.equipe.listAusencias(actor, userId) };
  }

  @Post('equipe/:userId/ausencias')
  @Allow('equipe')
  @ApiCreatedResponse({ description: '{ data: ausência }' })
  @ApiBadRequestResponse({ description: 'Tipo ou datas inválidos.' })
  @ApiConflictResponse({ description: 'Sobrepõe-se a outra ausência da pessoa.' })
  @ApiNotFoundResponse({ description: USER_NOT_FOUND })
  async createAusencia(@Param('userId', userParam) userId: string, @Body() dto: AusenciaDto) {
    return { data: await this.equipe.createAusencia(userId, dto) };
  }

  @Delete('equipe/:userId/ausencias/:id')
  @HttpCode(200)
  @Allow('equipe')
  @ApiOkResponse({ description: '{ data: ausência excluída }' })
  @ApiNotFoundResponse({ description: AUSENCIA_NOT_FOUND })
  async deleteAusencia(@Param('userId', userParam) userId: string, @Param('id', ausenciaParam) id: string) {
    return { data: await this.equipe.deleteAusencia(userId, id) };
  }

  @Post('registros/reatribuir')
  @HttpCode(200)
  @Allow('equipe')
  @ApiOkResponse({ description: '{ data: { movidos } }: os registros abertos de "de" (todos ou os de ids) passam a "para", cada um com a linha no histórico.' })
  @ApiBadRequestResponse({ description: 'Ids inválidos, "de" igual a "para", ou "para" não trabalha registros.' })
  @ApiConflictResponse({ description: '"para" está ausente hoje.' })
  async reassignRegistros(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: ReatribuirDto) {
    return { data: { movidos: await this.equipe.reassign(actor, dto.de, dto.para, dto.ids) } };
  }
}
