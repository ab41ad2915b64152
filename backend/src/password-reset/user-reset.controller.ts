import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Allow } from '../platform/request';
import { uuidParam } from '../platform/http';
import { PasswordResetService, RESET_SENT_TO_USER, RESET_USER_NOT_FOUND, RESET_USER_SEM_RECUPERACAO } from './password-reset.service';

const userUuid = uuidParam(RESET_USER_NOT_FOUND);

/** The board's "Enviar link de redefinição" for a staff member (issue 53, ADR 0048). */
@ApiTags('users')
@Controller('users')
export class UserResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post(':id/enviar-redefinicao-senha')
  @HttpCode(200)
  @Allow('users.sendReset')
  @ApiOkResponse({
    description:
      `{ message: '${RESET_SENT_TO_USER}' }. Envia ao e-mail de recuperação confirmado do usuário um link de redefinição de senha ` +
      '(nunca à caixa do painel, que só abre depois de entrar). Fica na trilha de auditoria do usuário.',
  })
  @ApiNotFoundResponse({ description: RESET_USER_NOT_FOUND })
  @ApiConflictResponse({ description: RESET_USER_SEM_RECUPERACAO })
  @ApiTooManyRequestsResponse({ description: 'Limite de links por e-mail e por hora atingido.' })
  async sendUserResetLink(@Param('id', userUuid) id: string) {
    await this.resets.sendUserLink(id);
    return { message: RESET_SENT_TO_USER };
  }
}
