import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsEmailBR, IsStrongPassword } from '../../platform/http';

export const INVALID_RESET_LINK = 'Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo link de redefinição.';

const EMAIL_REQUIRED = { message: 'Informe o seu e-mail.' };
const NEW_PASSWORD_REQUIRED = { message: 'Informe a nova senha.' };
const BAD_LINK = { message: INVALID_RESET_LINK };

/** POST /api/auth/forgot-password */
export class ForgotPasswordDto {
  @ApiProperty({ example: 'contato@padaria.com.br', description: 'O e-mail de login (equipe ou cliente).' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmailBR()
  @IsString(EMAIL_REQUIRED)
  @IsNotEmpty(EMAIL_REQUIRED)
  email!: string;
}

/** POST /api/auth/reset-password/check: whether a link can still be used, before the password is typed. */
export class CheckResetTokenDto {
  @ApiProperty({ description: 'O token do link enviado por e-mail (parâmetro token de /redefinir-senha).' })
  @MaxLength(200, BAD_LINK)
  @IsString(BAD_LINK)
  @IsNotEmpty(BAD_LINK)
  token!: string;
}

/** POST /api/auth/reset-password */
export class ResetPasswordDto {
  @ApiProperty({ description: 'O token do link enviado por e-mail (parâmetro token de /redefinir-senha).' })
  @MaxLength(200, BAD_LINK)
  @IsString(BAD_LINK)
  @IsNotEmpty(BAD_LINK)
  token!: string;

  @ApiProperty({ example: 'N0va!senha', description: 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.' })
  @IsStrongPassword()
  @IsString(NEW_PASSWORD_REQUIRED)
  @IsNotEmpty(NEW_PASSWORD_REQUIRED)
  password!: string;
}
