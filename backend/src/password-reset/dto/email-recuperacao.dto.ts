import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsEmailBR } from '../../platform/http';

export const INVALID_RECOVERY_LINK = 'Este link de confirmação é inválido, já foi usado ou expirou. Informe o e-mail de recuperação de novo no painel para receber outro link.';

const EMAIL_REQUIRED = { message: 'Informe o e-mail de recuperação.' };
const BAD_LINK = { message: INVALID_RECOVERY_LINK };

/** PUT /api/auth/recuperacao: the signed-in staff member's recovery e-mail. */
export class SetEmailRecuperacaoDto {
  @ApiProperty({ example: 'maria.silva@gmail.com', description: 'Um e-mail pessoal, fora do domínio da empresa.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmailBR('E-mail de recuperação')
  @MaxLength(254, { message: 'O e-mail de recuperação pode ter no máximo 254 caracteres.' })
  @IsString(EMAIL_REQUIRED)
  @IsNotEmpty(EMAIL_REQUIRED)
  email!: string;
}

/** POST /api/auth/recuperacao/confirmar: the token of the confirmation link. */
export class ConfirmEmailRecuperacaoDto {
  @ApiProperty({ description: 'O token do link de confirmação enviado ao e-mail de recuperação.' })
  @MaxLength(200, BAD_LINK)
  @IsString(BAD_LINK)
  @IsNotEmpty(BAD_LINK)
  token!: string;
}
