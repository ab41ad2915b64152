import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiRateLimited, Public } from '../auth/access.decorator';
import { ForgotPasswordDto, INVALID_RESET_LINK, ResetPasswordDto } from './dto/password-reset.dto';
import { PasswordResetService, RESET_DONE_MESSAGE, RESET_REQUESTED_MESSAGE } from './password-reset.service';

@ApiTags('auth')
@Controller('auth')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post('forgot-password')
  @HttpCode(200)
  @Public(
    'Acesso público. Pede um link de redefinição de senha (equipe ou cliente), enviado por e-mail e válido por 1 hora. ' +
      'A resposta é a mesma, cadastrado ou não o e-mail. Limitado por IP; no máximo PASSWORD_RESET_RATE_PER_EMAIL e-mails por endereço por hora.',
  )
  @ApiOkResponse({ description: `{ message: '${RESET_REQUESTED_MESSAGE}' }` })
  @ApiBadRequestResponse({ description: "E-mail ausente ou em formato inválido ('E-mail inválido')." })
  @ApiRateLimited()
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Ip() ip: string) {
    await this.resets.request(dto.email, ip);
    return { message: RESET_REQUESTED_MESSAGE };
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
