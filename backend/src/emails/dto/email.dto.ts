import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { MOVE_TARGETS, type MoveTarget } from '@veritas/common';
import { Optional } from '../../platform/http';
import { PlainText } from '../../platform/http';

/** 2 MB of HTML: a long message with quoted history, not a vehicle for files (those are attachments). */
export const BODY_MAX_CHARS = 2_000_000;

/**
 * Compose (§7: to, subject, body, cc, bcc), as JSON or as multipart/form-data with files in the
 * field `attachments`. Address fields take one string with addresses separated by commas or
 * semicolons ("Nome <a@b.com>" allowed) or a list of such strings.
 */
/** OpenAPI for a field given as one string or a list of strings. */
const TEXT_OR_LIST = [{ type: 'string' }, { type: 'array', items: { type: 'string' } }];

export class ComposeEmailDto {
  @ApiPropertyOptional({ oneOf: TEXT_OR_LIST, description: 'Para', example: 'ana@veritas.com.br, cliente@exemplo.com.br' })
  @Optional()
  @IsString({ each: true, message: 'Para deve ser um texto ou uma lista de endereços.' })
  @PlainText()
  to?: string | string[];

  @ApiPropertyOptional({ oneOf: TEXT_OR_LIST, description: 'Cc' })
  @Optional()
  @IsString({ each: true, message: 'Cc deve ser um texto ou uma lista de endereços.' })
  @PlainText()
  cc?: string | string[];

  @ApiPropertyOptional({ oneOf: TEXT_OR_LIST, description: 'Cco' })
  @Optional()
  @IsString({ each: true, message: 'Cco deve ser um texto ou uma lista de endereços.' })
  @PlainText()
  bcc?: string | string[];

  @ApiPropertyOptional({ description: 'Assunto' })
  @Optional()
  @IsString({ message: 'O assunto deve ser um texto.' })
  @MaxLength(998, { message: 'O assunto pode ter no máximo 998 caracteres.' })
  @PlainText()
  subject?: string;

  @ApiPropertyOptional({ description: 'Corpo em HTML (sanitizado pelo servidor).' })
  @Optional()
  @IsString({ message: 'O corpo da mensagem deve ser um texto.' })
  @MaxLength(BODY_MAX_CHARS, { message: 'O corpo da mensagem é grande demais.' })
  @PlainText({ multiLine: true })
  body?: string;

  @ApiPropertyOptional({ description: 'Rascunho sendo enviado (POST /send) — ele passa para Enviados.' })
  @Optional()
  @IsUUID('all', { message: 'draftId inválido.' })
  draftId?: string;

  @ApiPropertyOptional({
    oneOf: TEXT_OR_LIST,
    description:
      'Anexos já guardados a incluir (os de um rascunho, ou os de uma mensagem encaminhada), por id. ' +
      'Num rascunho, omitir mantém os anexos que ele já tem.',
  })
  @Optional()
  @IsUUID('all', { each: true, message: 'attachmentIds deve listar ids de anexos.' })
  attachmentIds?: string | string[];

  @ApiPropertyOptional({ description: 'Id (_id) da mensagem respondida ou encaminhada, para o encadeamento.' })
  @Optional()
  @IsUUID('all', { message: 'inReplyTo inválido.' })
  inReplyTo?: string;
}

export class MarkReadDto {
  @ApiPropertyOptional({ description: 'Padrão: true (lida).' })
  @Optional()
  @IsBoolean({ message: 'read deve ser verdadeiro ou falso.' })
  read?: boolean;
}

export class StarDto {
  @ApiPropertyOptional({ description: 'Omitido: inverte a marca.' })
  @Optional()
  @IsBoolean({ message: 'starred deve ser verdadeiro ou falso.' })
  starred?: boolean;
}

export class ImportantDto {
  @ApiPropertyOptional({ description: 'Omitido: inverte a marca.' })
  @Optional()
  @IsBoolean({ message: 'important deve ser verdadeiro ou falso.' })
  important?: boolean;
}

export class MoveEmailDto {
  @ApiProperty({ description: 'Pasta de destino: inbox (Caixa de Entrada), archive (Arquivo) ou trash (Lixeira).', enum: MOVE_TARGETS })
  @IsIn(MOVE_TARGETS, { message: 'Pasta de destino inválida: use inbox, archive ou trash.' })
  folder!: MoveTarget;
}
