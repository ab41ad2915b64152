import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiGoneResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { autorCliente, membroOf, ULTIMO_RESPONSAVEL } from '@veritas/common';
import { Allow, type AuthPrincipal, Capacidade, CurrentPrincipal, Public } from '../platform/request';
import { uuidParam } from '../platform/http';
import { RateLimit } from '../platform/limits';
import { AceitarConviteDto, AtualizarMembroDto, ConviteMembroDto } from './dto/membro.dto';
import { CONVITE_ACEITO, MEMBRO_NOT_FOUND, MembrosService } from './membros.service';
import { MEMBRO_ELIMINADO, MembroTitularService } from './membro-titular.service';

const uuid = uuidParam(MEMBRO_NOT_FOUND);
const SHAPE = 'Membro: { _id, nome, email, cpf, papel, papelLabel, capacidades, status (convidado, ativo, removido), conviteExpiraEm, createdAt }.';

/** The company's own members (issue 54, ADR 0058): every member reads the list; the Responsável manages it. */
@ApiTags('membros')
@Controller('clientes/me')
export class MeusMembrosController {
  constructor(
    private readonly membros: MembrosService,
    private readonly titular: MembroTitularService,
  ) {}

  @Get('membros')
  @Allow('cliente')
  @ApiOkResponse({ description: `{ data: membros[], total }, os mais antigos primeiro (no máximo 50 por empresa). ${SHAPE}` })
  async list(@CurrentPrincipal() actor: AuthPrincipal) {
    return this.membros.list(actor.id);
  }

  @Post('membros/convites')
  @Allow('cliente')
  @Capacidade('membros')
  @ApiCreatedResponse({ description: `{ data: membro } convidado: o e-mail com o link (7 dias) vai para a fila de saída. ${SHAPE}` })
  @ApiForbiddenResponse({ description: 'Apenas o Responsável da empresa gerencia os membros.' })
  @ApiConflictResponse({ description: 'E-mail já cadastrado, ou a empresa já tem 50 membros.' })
  async convidar(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: ConviteMembroDto) {
    return { data: await this.membros.convidar(actor.id, dto, autorCliente(membroOf(actor), null)) };
  }

  @Post('membros/:id/convite/reenviar')
  @HttpCode(200)
  @Allow('cliente')
  @Capacidade('membros')
  @ApiOkResponse({ description: `{ data: membro }: um novo link (o anterior deixa de valer), por mais 7 dias. ${SHAPE}` })
  @ApiConflictResponse({ description: 'O membro já aceitou o convite.' })
  async reenviar(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.membros.reenviar(actor.id, id, autorCliente(membroOf(actor), null)) };
  }

  @Delete('membros/:id/convite')
  @HttpCode(204)
  @Allow('cliente')
  @Capacidade('membros')
  @ApiNoContentResponse({ description: 'Convite revogado: o link responde 410.' })
  @ApiConflictResponse({ description: 'O membro já aceitou o convite (remova-o).' })
  async revogar(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string): Promise<void> {
    await this.membros.revogar(actor.id, id);
  }

  @Patch('membros/:id')
  @Allow('cliente')
  @Capacidade('membros')
  @ApiOkResponse({ description: `{ data: membro } com o novo papel e/ou capacidades. ${SHAPE}` })
  @ApiConflictResponse({ description: ULTIMO_RESPONSAVEL })
  @ApiNotFoundResponse({ description: MEMBRO_NOT_FOUND })
  async atualizar(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: AtualizarMembroDto) {
    return { data: await this.membros.atualizar(actor.id, id, dto) };
  }

  @Delete('membros/:id')
  @HttpCode(204)
  @Allow('cliente')
  @Capacidade('membros')
  @ApiNoContentResponse({ description: 'Membro removido: as sessões dele terminam; o que fez continua assinado com o nome dele.' })
  @ApiConflictResponse({ description: ULTIMO_RESPONSAVEL })
  async remover(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string): Promise<void> {
    await this.membros.remover(actor.id, id);
  }

  @Get('membro/dados')
  @Allow('cliente')
  @ApiOkResponse({ description: 'Os dados pessoais do próprio membro (LGPD), em JSON. Os da empresa: a cópia dos dados, do Responsável.' })
  async meusDados(@CurrentPrincipal() actor: AuthPrincipal) {
    return { data: await this.titular.meusDados(actor.id, membroOf(actor)?.id ?? '') };
  }

  @Post('membro/eliminacao')
  @HttpCode(200)
  @Allow('cliente')
  @ApiOkResponse({ description: `{ message: '${MEMBRO_ELIMINADO}' }: nome, e-mail e CPF anonimizados; o acesso termina.` })
  @ApiConflictResponse({ description: ULTIMO_RESPONSAVEL })
  async eliminar(@CurrentPrincipal() actor: AuthPrincipal) {
    await this.titular.eliminar(actor.id, membroOf(actor)?.id ?? '');
    return { message: MEMBRO_ELIMINADO };
  }
}

/** Staff manage a client's members from its record (ADR 0058): those who edit clients. */
@ApiTags('membros')
@Controller('clientes/:id/membros')
export class MembrosClienteController {
  constructor(private readonly membros: MembrosService) {}

  @Get()
  @Allow('clientes.read')
  @ApiOkResponse({ description: `{ data: membros[], total } do cliente. ${SHAPE}` })
  async list(@Param('id', uuidParam('Cliente não encontrado.')) id: string) {
    return this.membros.list(id);
  }

  @Post('convites')
  @Allow('clientes.write')
  @ApiCreatedResponse({ description: `{ data: membro } convidado. ${SHAPE}` })
  @ApiConflictResponse({ description: 'E-mail já cadastrado, ou o cliente já tem 50 membros.' })
  async convidar(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuidParam('Cliente não encontrado.')) id: string, @Body() dto: ConviteMembroDto) {
    return { data: await this.membros.convidar(id, dto, await this.membros.nomeDaEquipe(actor.id)) };
  }

  @Post(':mid/convite/reenviar')
  @HttpCode(200)
  @Allow('clientes.write')
  @ApiOkResponse({ description: `{ data: membro } com um novo link. ${SHAPE}` })
  async reenviar(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Param('mid', uuid) mid: string) {
    return { data: await this.membros.reenviar(id, mid, await this.membros.nomeDaEquipe(actor.id)) };
  }

  @Delete(':mid/convite')
  @HttpCode(204)
  @Allow('clientes.write')
  @ApiNoContentResponse({ description: 'Convite revogado.' })
  async revogar(@Param('id', uuid) id: string, @Param('mid', uuid) mid: string): Promise<void> {
    await this.membros.revogar(id, mid);
  }

  @Patch(':mid')
  @Allow('clientes.write')
  @ApiOkResponse({ description: `{ data: membro }. ${SHAPE}` })
  @ApiConflictResponse({ description: ULTIMO_RESPONSAVEL })
  async atualizar(@Param('id', uuid) id: string, @Param('mid', uuid) mid: string, @Body() dto: AtualizarMembroDto) {
    return { data: await this.membros.atualizar(id, mid, dto) };
  }

  @Delete(':mid')
  @HttpCode(204)
  @Allow('clientes.write')
  @ApiNoContentResponse({ description: 'Membro removido.' })
  @ApiConflictResponse({ description: ULTIMO_RESPONSAVEL })
  async remover(@Param('id', uuid) id: string, @Param('mid', uuid) mid: string): Promise<void> {
    await this.membros.remover(id, mid);
  }
}

/** The invitation's public page (/convite?token=…): who invites, to which company; acceptance. */
@ApiTags('membros')
@Controller('convites')
export class ConvitesController {
  constructor(private readonly membros: MembrosService) {}

  @Get(':token')
  @Public('Acesso público: o convite de um membro (quem convida, para qual empresa). 410 se expirado, usado ou revogado. Limitado por IP.')
  @ApiOkResponse({ description: '{ data: { nome, email, papel, papelLabel, empresa, convidadoPor, expiraEm } }' })
  @ApiGoneResponse({ description: 'Convite expirado, usado ou revogado.' })
  @RateLimit('convite')
  async convite(@Param('token') token: string) {
    return { data: await this.membros.convite(token) };
  }

  @Post(':token/aceitar')
  @HttpCode(200)
  @Public('Acesso público: aceita o convite (nome, CPF opcional, senha); o membro passa a entrar com o seu e-mail. Limitado por IP.')
  @ApiOkResponse({ description: `{ message: '${CONVITE_ACEITO}' }` })
  @ApiGoneResponse({ description: 'Convite expirado, usado ou revogado.' })
  @RateLimit('convite')
  async aceitar(@Param('token') token: string, @Body() dto: AceitarConviteDto) {
    await this.membros.aceitar(token, dto);
    return { message: CONVITE_ACEITO };
  }
}
