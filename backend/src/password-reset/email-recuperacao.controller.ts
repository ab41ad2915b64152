import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Allow, type AuthPrincipal, CurrentPrincipal, Public } from '../platform/request';
import { RateLimit } from '../platform/limits';
import { ConfirmEmailRecuperacaoDto, INVALID_RECOVERY_LINK, SetEmailRecuperacaoDto } from './dto/email-recuperacao.dto';
import { EmailRecuperacaoService, RECOVERY_CONFIRMED, RECOVERY_REMOVED } from './email-recuperacao.service';

/**
 * Minha conta → E-mail de recuperação (issue 53, ADR 0048): each staff member sets their own, and
 * confirms it by the link mailed to it. Always the caller's own: no route takes a user id.
 */
@ApiTags('auth')
@Controller('auth/recuperacao')
export class EmailRecuperacaoController {
  constructor(private readonly recovery: EmailRecuperacaoService) {}

  @Get()
  @Allow('staff')
  @ApiOkResponse({ description: '{ data: { email, verificado, verificadoEm } | null }: o e-mail de recuperação de quem chama.' })
  async getEmailRecuperacao(@CurrentPrincipal() me: AuthPrincipal) {
    return { data: await this.recovery.get(me.id) };
  }

  @Put()
  @Allow('staff')
  @ApiOkResponse({ description: '{ data, message }: o endereço fica pendente e recebe um link de confirmação (24 horas).' })
  @ApiBadRequestResponse({ description: 'E-mail ausente ou inválido.' })
  @ApiUnprocessableEntityResponse({ description: 'Endereço do domínio da empresa (MAIL_DOMAIN): recusado.' })
  @ApiTooManyRequestsResponse({ description: 'Limite de links por e-mail e por hora atingido.' })
  async setEmailRecuperacao(@CurrentPrincipal() me: AuthPrincipal, @Body() dto: SetEmailRecuperacaoDto) {
    return this.recovery.set(me.id, dto.email);
  }

  @Delete()
  @HttpCode(200)
  @Allow('staff')
  @ApiOkResponse({ description: `{ data: null, message: '${RECOVERY_REMOVED}' }` })
  async removeEmailRecuperacao(@CurrentPrincipal() me: AuthPrincipal) {
    await this.recovery.remove(me.id);
    return { data: null, message: RECOVERY_REMOVED };
  }

  @Post('confirmar')
  @HttpCode(200)
  @Public('Acesso público. Confirma um e-mail de recuperação com o token do link enviado a ele (uma vez, em até 24 horas). Limitado por IP.')
  @ApiOkResponse({ description: `{ message: '${RECOVERY_CONFIRMED}' }` })
  @ApiBadRequestResponse({ description: `'${INVALID_RECOVERY_LINK}'` })
  @RateLimit('link-senha')
  async confirmEmailRecuperacao(@Body() dto: ConfirmEmailRecuperacaoDto) {
    await this.recovery.confirm(dto.token);
    return { message: RECOVERY_CONFIRMED };
  }
}
