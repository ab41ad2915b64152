import { BadRequestException, Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { EMAIL_FOLDERS, type EmailFolder, FOLDER_FILTERS, isEmailFolder, MAIL_MESSAGES, MAILBOX_FILTERS, MAILBOX_FOLDER_INVALID, mailboxFolder } from '@veritas/common';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { ApiListQuery, keptJson, ListQueryParams, ListRequest, listResponse, parseListQuery } from '../platform/read-side';
import { ReceivedFiles, sandboxedDownload, uuidParam } from '../platform/http';
import { AttachmentsInterceptor } from './attachments.interceptor';
import { ComposeEmailDto, ImportantDto, MarkReadDto, MoveEmailDto, StarDto } from './dto/email.dto';
import { toEmailDetail, toEmailSummary } from './email.mapper';
import { EmailsService, UploadedPart } from './emails.service';
import type { MailMessage } from '../mail';

const messageId = uuidParam(MAIL_MESSAGES.notFound);
const attachmentId = uuidParam(MAIL_MESSAGES.attachmentNotFound);

/** How a folder's list sorts (API field → column), on both list routes. */
const FOLDER_SORT = { sortable: { date: 'm.date', subject: 'm.subject', from: 'm.fromAddress', size: 'm.size' }, defaultSort: ['date', 'DESC'] as [string, 'DESC'] };
const VINCULO_FILTERS = 'clienteId e registroId (ids: só as mensagens vinculadas a esse cliente ou registro; id inválido: 400)';
const LIST_ANSWER =
  '{ data: emails[], total, unread } (unread: não lidos da Caixa de Entrada) e Content-Range. Com q, a contagem para depois de 1.000 ' +
  'resultados: { total: 1000, totalExato: false } e Content-Range "emails 0-49/*" ("mais de 1.000").';

/**
 * The staff mailbox (§7). Fixed paths (usage, message/:id, attachment/:id, send, drafts) are
 * declared before /:folder, whose values are a fixed list, so they never collide. GET /emails is
 * the same list with the folder as a filter, for the panel's list (react-admin's getList).
 */
@ApiTags('emails')
@Controller('emails')
export class EmailsController {
  constructor(private readonly emails: EmailsService) {}

  @Get('usage')
  @Allow('mail')
  @ApiOkResponse({ description: '{ data: { usedBytes, quotaBytes } } — espaço usado pela caixa e a cota (MAIL_QUOTA_BYTES).' })
  async getUsage(@CurrentPrincipal() p: AuthPrincipal) {
    return { data: await this.emails.usage(p) };
  }

  @Get('message/:id')
  @Allow('mail')
  @ApiOkResponse({ description: '{ data: email } com body (HTML sanitizado), text e attachments.' })
  @ApiNotFoundResponse({ description: 'Email não encontrado (ou de outra pessoa).' })
  async getEmail(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string) {
    return { data: await this.detail(await this.emails.getMessage(p, id)) };
  }

  @Get('attachment/:id')
  @Allow('mail')
  @ApiOkResponse({ description: 'O arquivo, com o tipo e o nome originais (sempre como download).' })
  @ApiNotFoundResponse({ description: 'Anexo não encontrado (ou de outra pessoa).' })
  async downloadAttachment(@CurrentPrincipal() p: AuthPrincipal, @Param('id', attachmentId) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const a = await this.emails.getAttachment(p, id);
    return sandboxedDownload(res, await this.emails.openAttachment(a), { type: a.contentType, length: a.size, fileName: a.filename });
  }

  @Get()
  @Allow('mail')
  @ApiListQuery('folder (a pasta de GET /api/emails/{folder}; sem ele, a Caixa de Entrada), q, unread (true), hasAttachments (true), ' + VINCULO_FILTERS)
  @ApiOkResponse({ description: `A pasta do filtro, como GET /api/emails/{folder}: ${LIST_ANSWER}` })
  @ApiBadRequestResponse({ description: 'Pasta desconhecida no filtro, ou sort, range ou filter inválidos.' })
  async listMailbox(@CurrentPrincipal() p: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, { ...FOLDER_SORT, filters: MAILBOX_FILTERS });
    const folder = mailboxFolder(req.filter);
    if (!folder) throw new BadRequestException(MAILBOX_FOLDER_INVALID);
    // The service reads the folder apart; its filters are the ones GET /:folder takes.
    delete req.filter.folder;
    return this.folderAnswer(p, folder, req, res);
  }

  @Get(':folder')
  @Allow('mail')
  @ApiParam({ name: 'folder', enum: EMAIL_FOLDERS })
  @ApiListQuery('q (assunto, remetente, destinatários e corpo), unread (true), hasAttachments (true), ' + VINCULO_FILTERS)
  @ApiOkResponse({ description: LIST_ANSWER })
  @ApiNotFoundResponse({ description: 'Pasta desconhecida (use inbox, starred, sent, drafts, archive ou trash).' })
  async listEmails(@CurrentPrincipal() p: AuthPrincipal, @Param('folder') folder: string, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    if (!isEmailFolder(folder)) throw new NotFoundException(MAIL_MESSAGES.folderNotFound);
    const req = parseListQuery(query, { ...FOLDER_SORT, filters: FOLDER_FILTERS });
    return this.folderAnswer(p, folder, req, res);
  }

  @Post('send')
  @Allow('mail')
  @UseInterceptors(AttachmentsInterceptor)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiCreatedResponse({ description: '{ data: email (a cópia em Enviados), message: "Email enviado com sucesso!" }' })
  @ApiBadRequestResponse({ description: 'Sem destinatário ("Por favor, adicione um destinatário.") ou endereço inválido.' })
  @ApiPayloadTooLargeResponse({ description: 'Anexo ou conjunto de anexos acima de MAIL_MAX_BYTES.' })
  @ApiServiceUnavailableResponse({ description: 'Endereço externo sem SMTP_URL configurado; a mensagem fica em Rascunhos (draftId).' })
  @ApiBadGatewayResponse({ description: 'O servidor de envio falhou ("Erro ao enviar email: ..."); a mensagem fica em Rascunhos (draftId).' })
  async sendEmail(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: ComposeEmailDto, @ReceivedFiles() uploads: UploadedPart[]) {
    const sent = await this.emails.send(p, dto, uploads);
    return { data: toEmailSummary(sent), message: MAIL_MESSAGES.sent };
  }

  @Post('drafts')
  @Allow('mail')
  @UseInterceptors(AttachmentsInterceptor)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiCreatedResponse({ description: '{ data: email } — o rascunho, em Rascunhos.' })
  @ApiPayloadTooLargeResponse({ description: 'Anexo ou conjunto de anexos acima de MAIL_MAX_BYTES.' })
  async createDraft(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: ComposeEmailDto, @ReceivedFiles() uploads: UploadedPart[]) {
    return { data: await this.detail(await this.emails.saveDraft(p, dto, uploads)) };
  }

  @Put('drafts/:id')
  @Allow('mail')
  @UseInterceptors(AttachmentsInterceptor)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOkResponse({ description: '{ data: email } — o rascunho atualizado (mesmo id).' })
  @ApiNotFoundResponse({ description: 'Rascunho não encontrado.' })
  async updateDraft(@CurrentPrincipal() p: AuthPrincipal, @Param('id', uuidParam('Rascunho não encontrado.')) id: string, @Body() dto: ComposeEmailDto, @ReceivedFiles() uploads: UploadedPart[]) {
    return { data: await this.detail(await this.emails.saveDraft(p, dto, uploads, id)) };
  }

  @Put(':id/read')
  @Allow('mail')
  @ApiOkResponse({ description: '{ data: email } marcado como lido (ou não lido, com { read: false }).' })
  @ApiNotFoundResponse({ description: 'Email não encontrado.' })
  async markRead(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string, @Body() dto: MarkReadDto) {
    return { data: toEmailSummary(await this.emails.setFlags(p, id, () => ({ read: dto.read ?? true }))) };
  }

  @Put(':id/star')
  @Allow('mail')
  @ApiOkResponse({ description: '{ data: email } com a estrela marcada, desmarcada ou invertida.' })
  @ApiNotFoundResponse({ description: 'Email não encontrado.' })
  async toggleStar(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string, @Body() dto: StarDto) {
    return { data: toEmailSummary(await this.emails.setFlags(p, id, (m) => ({ starred: dto.starred ?? !m.starred }))) };
  }

  @Put(':id/important')
  @Allow('mail')
  @ApiOkResponse({ description: '{ data: email } com a marca de importante marcada, desmarcada ou invertida.' })
  @ApiNotFoundResponse({ description: 'Email não encontrado.' })
  async toggleImportant(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string, @Body() dto: ImportantDto) {
    return { data: toEmailSummary(await this.emails.setFlags(p, id, (m) => ({ important: dto.important ?? !m.important }))) };
  }

  @Put(':id/folder')
  @Allow('mail')
  @ApiOkResponse({ description: '{ data: email } na pasta pedida (inbox, archive ou trash); para a Lixeira, lembrando de onde veio.' })
  @ApiBadRequestResponse({ description: 'Pasta de destino inválida.' })
  @ApiConflictResponse({ description: 'Rascunhos só podem ir para a Lixeira.' })
  @ApiNotFoundResponse({ description: 'Email não encontrado.' })
  async moveEmail(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string, @Body() dto: MoveEmailDto) {
    return { data: toEmailSummary(await this.emails.moveMessage(p, id, dto.folder)) };
  }

  @Post(':id/restore')
  @HttpCode(200)
  @Allow('mail')
  @ApiOkResponse({ description: '{ data: email } de volta à pasta de onde foi para a Lixeira.' })
  @ApiConflictResponse({ description: 'Só mensagens da Lixeira podem ser restauradas.' })
  @ApiNotFoundResponse({ description: 'Email não encontrado.' })
  async restoreEmail(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string) {
    return { data: toEmailSummary(await this.emails.restoreMessage(p, id)) };
  }

  @Delete(':id')
  @HttpCode(200)
  @Allow('mail')
  @ApiOkResponse({ description: '{ data: { _id, result: "trash" | "deleted" } } — para a Lixeira; da Lixeira, excluído de vez.' })
  @ApiNotFoundResponse({ description: 'Email não encontrado.' })
  async deleteEmail(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string) {
    return { data: { _id: id, result: await this.emails.deleteMessage(p, id) } };
  }

  private async folderAnswer(p: AuthPrincipal, folder: EmailFolder, req: ListRequest, res: FastifyReply) {
    const answer = await this.emails.listFolder(p, folder, req);
    return keptJson(res, answer, () => ({ ...listResponse(res, 'emails', req, answer.rows, answer.contagem), unread: answer.unread }));
  }

  private async detail(m: MailMessage) {
    const [body, attachments] = await Promise.all([this.emails.readBody(m), this.emails.attachmentsOf(m)]);
    return toEmailDetail(m, body, attachments);
  }
}
