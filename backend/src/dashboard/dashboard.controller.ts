import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { REGISTRO_STATUSES } from '@veritas/common';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { DashboardService } from './dashboard.service';
import { parsePeriodo, PERIODOS } from './periodo';

const int = { type: 'integer' };
const counts = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, int])) });

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Allow('staff')
  @ApiQuery({ name: 'periodo', required: false, enum: PERIODOS, description: 'Últimos 7 dias, últimos 30 dias (padrão), este mês, este ano — no calendário de São Paulo, incluindo hoje.' })
  @ApiOkResponse({
    description:
      '`{ data }` com os números do painel, cada um contado no banco. escopo "firma" (master e diretoria): todos os registros; ' +
      '"proprio" (associado): só os registros de que é responsável. Clientes e tipos de cliente são sempre os da firma; ' +
      'emails.naoLidos é sempre a caixa de entrada de quem pergunta. "novos" e "concluidos" contam dentro do período; serie ' +
      'dá, por dia (7d, 30d, mes) ou por mês (ano), os clientes e registros novos, para o gráfico.',
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            periodo: {
              type: 'object',
              properties: {
                codigo: { type: 'string', enum: [...PERIODOS] },
                rotulo: { type: 'string', example: 'Últimos 30 dias' },
                inicio: { type: 'string', example: '2026-10-23T03:00:00.000Z', description: 'Meia-noite em São Paulo do primeiro dia (UTC).' },
                fim: { type: 'string', example: '2026-11-22T03:00:00.000Z', description: 'Fim de hoje em São Paulo (exclusivo).' },
              },
            },
            escopo: { type: 'string', enum: ['firma', 'proprio'] },
            clientes: counts('total', 'ativos', 'inativos', 'novos'),
            tiposCliente: counts('total', 'ativos', 'inativos'),
            registros: {
              type: 'object',
              properties: {
                total: int,
                porStatus: counts(...REGISTRO_STATUSES),
                abertos: { ...int, description: 'pendente + andamento' },
                novos: { ...int, description: 'Criados no período.' },
                concluidos: { ...int, description: 'Concluídos no período.' },
                vencidos: { ...int, description: 'Abertos, com o prazo correndo e já passado.' },
                semResponsavel: { ...int, description: 'Abertos e sem responsável, da firma toda (um associado pode assumi-los).' },
              },
            },
            emails: counts('naoLidos'),
            exigencias: {
              type: 'object',
              description:
                'Issue 11: exigências abertas dos registros no mesmo escopo; vencendo = a até 5 dias corridos do prazo ou já expiradas; ' +
                'proximas: até 20 delas, prazo mais próximo primeiro.',
              properties: {
                abertas: int,
                vencendo: int,
                expiradas: int,
                proximas: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      _id: { type: 'string' },
                      registroId: { type: 'string' },
                      registroNumero: { type: 'string' },
                      clienteId: { type: 'string' },
                      clienteNome: { type: 'string', nullable: true },
                      descricao: { type: 'string' },
                      prazo: { type: 'string', example: '2026-12-20' },
                      diasRestantes: { ...int, description: 'Dias corridos; negativo: expirada.' },
                      expirada: { type: 'boolean' },
                    },
                  },
                },
              },
            },
            serie: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  chave: { type: 'string', example: '2026-11-21', description: 'AAAA-MM-DD (dia) ou AAAA-MM (mês, período ano).' },
                  inicio: { type: 'string', example: '2026-11-21T03:00:00.000Z' },
                  clientesNovos: int,
                  registrosNovos: int,
                },
              },
            },
          },
        },
      },
    },
  })
  @ApiBadRequestResponse({ description: 'Período inválido: use 7d, 30d, mes ou ano.' })
  async getDashboard(@CurrentPrincipal() principal: AuthPrincipal, @Query('periodo') periodo?: string) {
    return { data: await this.dashboard.getDashboard(principal, parsePeriodo(periodo)) };
  }
}
