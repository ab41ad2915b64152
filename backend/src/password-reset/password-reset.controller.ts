import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../platform/request';
import { RateLimit } from '../platform/limits';
import { ForgotPasswordDto, INVALID_RESET_LINK, ResetPasswordDto } from './dto/password-reset.dto';
import { CheckResetTokenDto } from './dto/password-reset.dto';
import { PasswordResetService, RESET_DONE_MESSAGE, RESET_REQUESTED_MESSAGE, RESET_REQUESTED_STAFF_MESSAGE } from './password-reset.service';

@ApiTags('auth')
@Controller('auth')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post('forgot-password')
  @HttpCode(200)
  @Public(
    'Acesso público. Pede um link de redefinição de senha (equipe ou cliente), enviado por e-mail e válido por 1 hora. ' +
      'A resposta é a mesma, cadastrado ou não o e-mail (num endereço do domínio da empresa, o de contas da equipe: o link vai ao e-mail de recuperação confirmado). Limitado por IP; no máximo PASSWORD_RESET_RATE_PER_EMAIL e-mails por endereço por hora.',
  )
  @ApiOkResponse({ description: `{ message: '${RESET_REQUESTED_MESSAGE}' } (domínio da empresa: '${RESET_REQUESTED_STAFF_MESSAGE}')` })
  @ApiBadRequestResponse({ description: "E-mail ausente ou em formato inválido ('E-mail inválido')." })
  @RateLimit('recuperar-senha')
  async forgotPassword(@Body() dto: ForgotPasswordDto) {
    await this.resets.request(dto.email);
    return { message: this.resets.requestMessage(dto.email) };
  }

  @Post('reset-password/check')
  @HttpCode(200)
  @Public(
    'Acesso público. Diz se o link de redefinição ainda vale (não usado, não expirado), para a página recusá-lo ao abrir: ' +
      '{ valido: boolean }, nada sobre a conta. O token vai no corpo, não no endereço (não fica nos logs). Limitado por IP.',
  )
  @ApiOkResponse({ description: '{ valido: true } ou { valido: false }.' })
  @ApiBadRequestResponse({ description: `Token ausente ou longo demais ('${INVALID_RESET_LINK}').` })
  @RateLimit('link-senha')
  async checkReset(@Body() dto: CheckResetTokenDto) {
    return { valido: await this.resets.isUsable(dto.token) };
  }

  @Post('reset-password')
  @HttpCode(200)
  @Public('Acesso público. Define a nova senha com o token do link; o link e os demais links pendentes da conta deixam de valer.')
  @ApiOkResponse({ description: `{ message: '${RESET_DONE_MESSAGE}' }` })
  @ApiBadRequestResponse({ description: `'${INVALID_RESET_LINK}', ou a política de senha (§5).` })
  async resetPassword(@Body() dto: ResetPasswordDto) {
    await this.resets.reset(dto.token, dto.password);
    return { message: RESET_DONE_MESSAGE };
  }
}
