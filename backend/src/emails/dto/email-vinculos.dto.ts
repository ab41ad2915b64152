import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsUUID, ValidateIf } from 'class-validator';
import { MAIL_LINK_MAX_CANDIDATES } from '@veritas/common';

/** PUT /api/emails/message/:id/vinculos: the message's links, replaced by these (issue 56). */
export class EmailVinculosDto {
  @ApiPropertyOptional({ nullable: true, description: 'Cliente do e-mail; null ou ausente: só o(s) cliente(s) dos registros.' })
  @ValidateIf((o: EmailVinculosDto) => o.clienteId !== null && o.clienteId !== undefined)
  @IsUUID('all', { message: 'Cliente inválido.' })
  clienteId?: string | null;

  @ApiProperty({ type: [String], description: `Registros do e-mail (até ${MAIL_LINK_MAX_CANDIDATES}); [] remove os vínculos a registros.` })
  @IsArray({ message: 'registroIds deve ser uma lista.' })
  @ArrayMaxSize(MAIL_LINK_MAX_CANDIDATES, { message: `No máximo ${MAIL_LINK_MAX_CANDIDATES} registros por e-mail.` })
  @IsUUID('all', { each: true, message: 'Registro inválido.' })
  registroIds!: string[];
}
