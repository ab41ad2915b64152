import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayUnique, IsArray, IsBoolean, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { STAFF_PERMISSIONS, StaffPermission } from '@veritas/common';
import { IsStrongPassword, Optional, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export const USERNAME_RULE = /^[a-z0-9][a-z0-9._-]{1,39}$/;
const USERNAME_MESSAGE = 'Nome de usuário inválido: use de 2 a 40 letras minúsculas, números, ponto, hífen ou sublinhado.';

export class CreateUserDto {
  @ApiProperty({ example: 'joana.silva', description: 'Gera o e-mail username@MAIL_DOMAIN.' })
  @Transform(lower)
  @Matches(USERNAME_RULE, { message: USERNAME_MESSAGE })
  @IsString({ message: 'Nome de usuário é obrigatório.' })
  @IsNotEmpty({ message: 'Nome de usuário é obrigatório.' })
  @PlainText()
  username!: string;

  @ApiProperty({ example: 'Joana da Silva' })
  @Transform(trim)
  @MaxLength(160, { message: 'Nome completo deve ter no máximo 160 caracteres.' })
  @IsString({ message: 'Nome completo é obrigatório.' })
  @IsNotEmpty({ message: 'Nome completo é obrigatório.' })
  @PlainText()
  nomeCompleto!: string;

  @ApiProperty({ example: 'S3nha!forte', description: 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.' })
  @IsStrongPassword()
  @IsString({ message: 'Senha é obrigatória.' })
  @IsNotEmpty({ message: 'Senha é obrigatória.' })
  password!: string;

  @ApiPropertyOptional({ default: false })
  @Optional()
  @IsBoolean({ message: 'isAdmin deve ser verdadeiro ou falso.' })
  isAdmin?: boolean;

  @ApiPropertyOptional({ enum: STAFF_PERMISSIONS, isArray: true, example: ['Associados'] })
  @Optional()
  @IsArray({ message: 'permissions deve ser uma lista.' })
  @ArrayUnique({ message: 'permissions não pode repetir valores.' })
  @IsIn(STAFF_PERMISSIONS, { each: true, message: `Permissão inválida: use ${STAFF_PERMISSIONS.join(', ')}.` })
  permissions?: StaffPermission[];
}

export class UpdateUserDto {
  @ApiPropertyOptional({ example: 'joana.silva' })
  @Optional()
  @Transform(lower)
  @IsString({ message: USERNAME_MESSAGE })
  @Matches(USERNAME_RULE, { message: USERNAME_MESSAGE })
  @PlainText()
  username?: string;

  @ApiPropertyOptional({ example: 'Joana da Silva' })
  @Optional()
  @Transform(trim)
  @IsString({ message: 'Nome completo é obrigatório.' })
  @IsNotEmpty({ message: 'Nome completo é obrigatório.' })
  @MaxLength(160, { message: 'Nome completo deve ter no máximo 160 caracteres.' })
  @PlainText()
  nomeCompleto?: string;

  @ApiPropertyOptional({ description: 'Enviada só quando preenchida; em branco mantém a senha atual.' })
  @Optional()
  @Transform(({ value }) => (value === '' || value === null ? undefined : value))
  @IsString({ message: 'Senha inválida.' })
  @IsStrongPassword()
  password?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: 'isAdmin deve ser verdadeiro ou falso.' })
  isAdmin?: boolean;

  @ApiPropertyOptional({ enum: STAFF_PERMISSIONS, isArray: true })
  @Optional()
  @IsArray({ message: 'permissions deve ser uma lista.' })
  @ArrayUnique({ message: 'permissions não pode repetir valores.' })
  @IsIn(STAFF_PERMISSIONS, { each: true, message: `Permissão inválida: use ${STAFF_PERMISSIONS.join(', ')}.` })
  permissions?: StaffPermission[];

  /** Read-only (derived from username); accepted so a form can echo it back, and ignored. */
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado: o e-mail é derivado do nome de usuário.' })
  @Optional()
  @IsString()
  @PlainText()
  email?: string;
}

export class UserResponseDto {
  @ApiProperty() _id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() nomeCompleto!: string;
  @ApiProperty({ readOnly: true }) email!: string;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty({ enum: STAFF_PERMISSIONS, isArray: true }) permissions!: StaffPermission[];
  @ApiProperty() createdAt!: string;
}
