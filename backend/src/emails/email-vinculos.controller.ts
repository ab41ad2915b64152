import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MAIL_MESSAGES } from '@veritas/common';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { uuidParam } from '../platform/http';
import { EmailVinculosDto } from './dto/email-vinculos.dto';
import { EmailVinculosService } from './email-vinculos.service';

const messageId = uuidParam(MAIL_MESSAGES.notFound);
const ANSWER = '{ data: [{ id, clienteId, clienteNome, registroId, registroNumero, origem: "auto"|"manual" }] } — só os registros que quem pede pode ver.';

/** A message's client and registros (issue 56): whoever may read the message may relink it. */
@ApiTags('emails')
@Controller('emails/message/:id/vinculos')
export class EmailVinculosController {
  constructor(private readonly vinculos: EmailVinculosService) {}

  @Get()
  @Allow('mail')
  @ApiOkResponse({ description: ANSWER })
  @ApiNotFoundResponse({ description: 'Email não encontrado (ou de outra pessoa).' })
  async list(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string) {
    return { data: await this.vinculos.list(p, id) };
  }

  @Put()
  @Allow('mail')
  @ApiOkResponse({ description: `Os vínculos depois da troca: ${ANSWER}` })
  @ApiBadRequestResponse({ description: 'Corpo inválido (clienteId, registroIds).' })
  @ApiNotFoundResponse({ description: 'Email, cliente ou registro não encontrado (ou que quem pede não pode ver).' })
  async replace(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string, @Body() dto: EmailVinculosDto) {
    return { data: await this.vinculos.replace(p, id, dto) };
  }
}
