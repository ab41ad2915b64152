import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Allow } from '../platform/request';
import { EmailSaidaDto, EmailSaidaTesteDto } from './dto/email-saida.dto';
import { EmailSaidaService, NADA_CONFIGURADO, TESTE_SEM_SERVIDOR } from './email-saida.service';

const SHAPE =
  '{ fonte (ambiente: SMTP_URL prevalece | painel | nenhuma), painel: { host, porta, seguranca (starttls|tls|nenhuma), usuario, senhaDefinida, ' +
  'remetenteEmail, remetenteNome, atualizadoEm } | null }. A senha nunca é devolvida.';

/** /api/configuracoes/email-saida (issue 53, ADR 0055): the relay of outgoing mail, for the board. */
@ApiTags('configurações')
@Controller('configuracoes/email-saida')
export class EmailSaidaController {
  constructor(private readonly emailSaida: EmailSaidaService) {}

  @Get()
  @Allow('settings')
  @ApiOkResponse({ description: `{ data: ${SHAPE} }` })
  async getEmailSaida() {
    return { data: await this.emailSaida.read() };
  }

  @Put()
  @Allow('settings')
  @ApiOkResponse({
    description:
      `{ data: ${SHAPE}, message }. A senha é guardada cifrada (SETTINGS_SECRET); ausente, a guardada é mantida; sem usuário, é removida. ` +
      'As mensagens que aguardavam o envio ser configurado voltam à fila. Fica na trilha de auditoria (sem a senha).',
  })
  async saveEmailSaida(@Body() dto: EmailSaidaDto) {
    const { config, retomadas } = await this.emailSaida.save(dto);
    const fila = retomadas === 1 ? ' 1 mensagem que aguardava voltou à fila.' : retomadas > 1 ? ` ${retomadas} mensagens que aguardavam voltaram à fila.` : '';
    const aviso = config.fonte === 'ambiente' ? ' Atenção: SMTP_URL está definida no servidor e prevalece sobre estas configurações.' : '';
    return { data: config, message: `Configurações de e-mail de saída salvas.${fila}${aviso}` };
  }

  @Delete()
  @Allow('settings')
  @ApiOkResponse({ description: `{ data: ${SHAPE}, message }: o servidor de envio do painel é removido (SMTP_URL, se definida, continua).` })
  @ApiNotFoundResponse({ description: NADA_CONFIGURADO })
  async removeEmailSaida() {
    if (!(await this.emailSaida.remove())) throw new NotFoundException(NADA_CONFIGURADO);
    return { data: await this.emailSaida.read(), message: 'Servidor de envio removido.' };
  }

  @Post('teste')
  @HttpCode(200)
  @Allow('settings')
  @ApiOkResponse({ description: '{ message }: o e-mail de teste foi aceito pelo servidor de envio em uso.' })
  @ApiConflictResponse({ description: TESTE_SEM_SERVIDOR })
  @ApiUnprocessableEntityResponse({ description: 'O e-mail de teste não foi enviado: o servidor de envio recusou ou não respondeu; a mensagem diz o motivo.' })
  async testEmailSaida(@Body() dto: EmailSaidaTesteDto) {
    await this.emailSaida.test(dto.para);
    return { message: `E-mail de teste enviado para ${dto.para}.` };
  }
}
