import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  EMAIL_SAIDA_MESSAGES,
  EMAIL_SAIDA_SEGURANCAS,
  emailSaidaHostProblem,
  emailSaidaPortaProblem,
  emailSaidaRemetenteProblem,
  type EmailSaidaInput,
  type EmailSaidaSeguranca,
} from '@veritas/common';
import { blankToNull, IsEmailBR, Nullable, Optional, PlainText, required, SharedRule, trim } from '../../platform/http';

/** PUT /api/configuracoes/email-saida (issue 53, ADR 0055): the relay the board sets. */
export class EmailSaidaDto implements EmailSaidaInput {
  @ApiProperty({ example: 'smtp.provedor.com.br' })
  @Transform(trim)
  @SharedRule('relayHost', emailSaidaHostProblem)
  @IsString(required('Servidor'))
  @IsNotEmpty(required('Servidor'))
  host!: string;

  @ApiProperty({ example: 587 })
  @Type(() => Number)
  @SharedRule('relayPort', emailSaidaPortaProblem)
  @IsInt({ message: EMAIL_SAIDA_MESSAGES.porta })
  porta!: number;

  @ApiProperty({ enum: EMAIL_SAIDA_SEGURANCAS })
  @IsIn(EMAIL_SAIDA_SEGURANCAS, { message: EMAIL_SAIDA_MESSAGES.seguranca })
  seguranca!: EmailSaidaSeguranca;

  @ApiPropertyOptional({ description: 'Vazio: sem autenticação (e a senha guardada é removida).' })
  @Optional()
  @Transform(blankToNull)
  @Nullable()
  @PlainText()
  @MaxLength(255, { message: 'O usuário pode ter no máximo 255 caracteres.' })
  @IsString({ message: 'Usuário inválido.' })
  usuario?: string | null;

  @ApiPropertyOptional({ description: 'Ausente ou vazia: mantém a senha guardada. Nunca é devolvida pela API.' })
  @Optional()
  @Nullable()
  @PlainText()
  @MaxLength(500, { message: 'A senha pode ter no máximo 500 caracteres.' })
  @IsString({ message: 'Senha inválida.' })
  senha?: string | null;

  @ApiPropertyOptional({ example: 'avisos@suaempresa.com.br', description: 'O remetente dos e-mails do sistema por este servidor (vazio: nao-responda@MAIL_DOMAIN).' })
  @Optional()
  @Transform(blankToNull)
  @Nullable()
  @SharedRule('relayFrom', emailSaidaRemetenteProblem)
  @MaxLength(254, { message: 'O remetente pode ter no máximo 254 caracteres.' })
  @IsString({ message: EMAIL_SAIDA_MESSAGES.remetente })
  remetenteEmail?: string | null;

  @ApiPropertyOptional({ example: 'Veritas Assessoria' })
  @Optional()
  @Transform(blankToNull)
  @Nullable()
  @PlainText()
  @MaxLength(120, { message: 'O nome do remetente pode ter no máximo 120 caracteres.' })
  @IsString({ message: 'Nome do remetente inválido.' })
  remetenteNome?: string | null;
}

/** POST /api/configuracoes/email-saida/teste: where the test e-mail goes. */
export class EmailSaidaTesteDto {
  @ApiProperty({ example: 'voce@gmail.com' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmailBR('Destinatário')
  @MaxLength(254, { message: 'O destinatário pode ter no máximo 254 caracteres.' })
  @IsString(required('Destinatário'))
  @IsNotEmpty(required('Destinatário'))
  para!: string;
}
