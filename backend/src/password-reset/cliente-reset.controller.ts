import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Allow } from '../platform/request';
import { uuidParam } from '../platform/http';
import { PasswordResetService, RESET_CLIENTE_INATIVO, RESET_CLIENTE_NOT_FOUND, RESET_SENT_TO_CLIENTE } from './password-reset.service';

const clienteUuid = uuidParam(RESET_CLIENTE_NOT_FOUND);

/** The staff side of password recovery: a client's link, sent from the panel. */
@ApiTags('clientes')
@Controller('clientes')
export class ClienteResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post(':id/enviar-redefinicao-senha')
  @HttpCode(200)
  @Allow('clientes.sendReset')
  @ApiOkResponse({
    description:
      `{ message: '${RESET_SENT_TO_CLIENTE}' }. Envia ao e-mail de acesso do cliente um link de redefinição de senha ` +
      '(o mesmo da recuperação de senha): quem não é Master nem Diretoria não altera a senha do cliente, envia o link.',
  })
  @ApiNotFoundResponse({ description: RESET_CLIENTE_NOT_FOUND })
  @ApiConflictResponse({ description: RESET_CLIENTE_INATIVO })
  @ApiTooManyRequestsResponse({ description: 'Limite de links por e-mail e por hora atingido.' })
  async sendResetLink(@Param('id', clienteUuid) id: string) {
    await this.resets.sendClienteLink(id);
    return { message: RESET_SENT_TO_CLIENTE };
  }
}
