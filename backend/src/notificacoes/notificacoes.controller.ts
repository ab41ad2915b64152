import { Body, Controller, Get, Header, HttpCode, Inject, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NOTIFICACOES_SEMPRE_ENVIADAS, PORTAL_PATHS, portalLink } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { RateLimit } from '../platform/limits';
import { Allow, type AuthPrincipal, CurrentPrincipal, Public } from '../platform/request';
import { NotificacoesDto } from './dto/notificacoes.dto';
import { DESCADASTRO_PATH, LINK_DESCADASTRO_INVALIDO, NoticePreferences } from './notificacoes.service';
import { unsubscribePage } from './unsubscribe-page';

const SHAPE = '{ data: { andamento, documentos, cobrancas, agenda } } (true: recebe; todas ligadas até o cliente escolher), sempreEnviadas: os avisos que nenhuma escolha desliga.';

/** Meus dados → Notificações: the client's own choice of optional e-mails. */
@ApiTags('notificações')
@Controller('clientes/me/notificacoes')
export class MinhasNotificacoesController {
  constructor(private readonly prefs: NoticePreferences) {}

  @Get()
  @Allow('cliente')
  @ApiOkResponse({ description: SHAPE })
  async getMinhasNotificacoes(@CurrentPrincipal() actor: AuthPrincipal) {
    return { data: await this.prefs.get(actor.id), sempreEnviadas: NOTIFICACOES_SEMPRE_ENVIADAS };
  }

  @Put()
  @Allow('cliente')
  @ApiOkResponse({ description: `${SHAPE} message: a confirmação.` })
  @ApiBadRequestResponse({ description: 'Um valor que não é true nem false, ou um campo desconhecido.' })
  async updateMinhasNotificacoes(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: NotificacoesDto) {
    return { data: await this.prefs.set(actor.id, dto), sempreEnviadas: NOTIFICACOES_SEMPRE_ENVIADAS, message: 'Preferências de notificação salvas.' };
  }
}

/**
 * The unsubscribe link of every optional e-mail (RFC 8058): the List-Unsubscribe address. A mail
 * program's one-click POST turns the category off; a person's click (GET) opens a page that asks first.
 */
@ApiTags('notificações')
@Controller('notificacoes/descadastrar')
export class DescadastroController {
  constructor(
    private readonly prefs: NoticePreferences,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public('Acesso público pelo link do e-mail (o token assinado é a credencial). Uma página em pt-BR que pede a confirmação do descadastro; nada muda ao abri-la. Limitado por IP.')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'text/html: a página com o botão que confirma (POST no mesmo endereço); 400 com a página de link inválido.' })
  @RateLimit('descadastro')
  showDescadastro(@Query('token') token: string, @Res({ passthrough: true }) res: FastifyReply) {
    const d = this.prefs.describe(token);
    res.type('text/html; charset=utf-8');
    if (!d) {
      res.status(400);
      return this.page('Link inválido', [LINK_DESCADASTRO_INVALIDO]);
    }
    return this.page(`Deixar de receber avisos de ${d.label}?`, [
      `Confirme abaixo para não receber mais e-mails de ${d.label.toLowerCase()}. ${NOTIFICACOES_SEMPRE_ENVIADAS}`,
    ], { action: `${DESCADASTRO_PATH}?token=${encodeURIComponent(String(token))}`, label: 'Confirmar descadastro' });
  }

  @Post()
  @HttpCode(200)
  @Public('Acesso público pelo link do e-mail: o descadastro de um clique (RFC 8058, corpo List-Unsubscribe=One-Click) desliga a categoria do aviso para o cliente. Sem login; limitado por IP.')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'text/html: a confirmação; a categoria fica desligada (também quando já estava).' })
  @ApiBadRequestResponse({ description: `Token ausente, alterado ou forjado ('${LINK_DESCADASTRO_INVALIDO}'): nada muda.` })
  @RateLimit('descadastro')
  async confirmDescadastro(@Query('token') token: string, @Res({ passthrough: true }) res: FastifyReply) {
    const d = await this.prefs.unsubscribe(token);
    res.type('text/html; charset=utf-8');
    return this.page('Descadastro feito', [
      `Você não receberá mais e-mails de ${d.label.toLowerCase()}. Para voltar a recebê-los, ligue a opção em Meus dados → Notificações, na área do cliente.`,
      NOTIFICACOES_SEMPRE_ENVIADAS,
    ]);
  }

  private page(title: string, paragraphs: string[], confirm?: { action: string; label: string }): string {
    const preferencias = portalLink(this.config.firm.siteUrl, PORTAL_PATHS.meusDados);
    return unsubscribePage({ brandName: this.config.firm.brandName, title, paragraphs, confirm, preferencias });
  }
}
