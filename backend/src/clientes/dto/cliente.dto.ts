import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { CARGOS, ESTADOS } from '@veritas/common';
import { IsCep, IsCnpj, IsEmailBR, IsIsoDate, IsPhone, IsStrongPassword, required } from '../../common/validators';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: blank means "not informed" (null), so the form can send every field. */
const blankToNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? null : t;
};

/** The fields a client company has besides its login (§3.3), shared by registration and staff forms. */
export class ClienteFieldsDto {
  @ApiPropertyOptional({ example: 'Padaria Pão Quente' })
  @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(200, { message: 'Nome fantasia deve ter no máximo 200 caracteres.' })
  nomeFantasia?: string | null;

  @ApiPropertyOptional({ example: '35212345678' })
  @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(20, { message: 'NIRE deve ter no máximo 20 caracteres.' })
  nire?: string | null;

  @ApiPropertyOptional({ example: 'responsavel@empresa.com.br' })
  @IsOptional() @Transform(blankToNull) @IsEmailBR('E-mail do responsável')
  emailRF?: string | null;

  @ApiPropertyOptional({ example: '(11) 3333-4444' })
  @IsOptional() @Transform(blankToNull) @IsPhone('Telefone')
  telefone?: string | null;

  @ApiPropertyOptional({ example: '(11) 98888-7777' })
  @IsOptional() @Transform(blankToNull) @IsPhone('Celular/WhatsApp')
  celularWhatsApp?: string | null;

  @ApiPropertyOptional()
  @IsOptional() @Transform(blankToNull) @IsPhone('Telefone do responsável')
  telefoneResponsavel?: string | null;

  @ApiPropertyOptional()
  @IsOptional() @Transform(blankToNull) @IsPhone('Celular/WhatsApp do responsável')
  celularWhatsAppResponsavel?: string | null;

  @ApiPropertyOptional({ example: '01310-100' })
  @IsOptional() @Transform(blankToNull) @IsCep()
  cep?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(200, { message: 'Endereço deve ter no máximo 200 caracteres.' })
  endereco?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(20, { message: 'Número deve ter no máximo 20 caracteres.' })
  numero?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(100, { message: 'Complemento deve ter no máximo 100 caracteres.' })
  complemento?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(100, { message: 'Bairro deve ter no máximo 100 caracteres.' })
  bairro?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(100, { message: 'Cidade deve ter no máximo 100 caracteres.' })
  cidade?: string | null;

  @ApiPropertyOptional({ enum: ESTADOS })
  @IsOptional() @Transform(blankToNull) @IsIn([...ESTADOS, null], { message: 'Estado inválido: use a sigla da UF.' })
  estado?: string | null;

  @ApiPropertyOptional({ default: 'Brasil' })
  @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(60, { message: 'País deve ter no máximo 60 caracteres.' })
  pais?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(160, { message: 'Nome do responsável deve ter no máximo 160 caracteres.' })
  nomeCompletoResponsavel?: string | null;

  @ApiPropertyOptional({ enum: CARGOS })
  @IsOptional() @Transform(blankToNull) @IsIn([...CARGOS, null], { message: 'Cargo inválido.' })
  cargo?: string | null;

  @ApiPropertyOptional({ example: '1980-05-20' })
  @IsOptional() @Transform(blankToNull) @IsIsoDate('Data de nascimento')
  dataNascimento?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(blankToNull) @IsString() @MaxLength(160, { message: 'Nome do assinante do DBE deve ter no máximo 160 caracteres.' })
  nomeCompletoAssinanteDBE?: string | null;

  @ApiPropertyOptional({ enum: CARGOS })
  @IsOptional() @Transform(blankToNull) @IsIn([...CARGOS, null], { message: 'Cargo do assinante do DBE inválido.' })
  cargoAssinanteDBE?: string | null;

  @ApiPropertyOptional({ example: '1975-01-31' })
  @IsOptional() @Transform(blankToNull) @IsIsoDate('Data de nascimento do assinante do DBE')
  dataNascimentoAssinanteDBE?: string | null;
}

/** POST /api/clientes/register: the public registration (§2.9, §3.3). */
export class RegisterClienteDto extends ClienteFieldsDto {
  @ApiProperty({ example: 'Padaria Pão Quente Ltda' })
  @Transform(trim)
  @MaxLength(200, { message: 'Razão Social deve ter no máximo 200 caracteres.' })
  @IsString(required('Razão Social'))
  @IsNotEmpty(required('Razão Social'))
  razaoSocial!: string;

  @ApiProperty({ example: '11.222.333/0001-81', description: 'Numérico ou alfanumérico (a partir de julho de 2026).' })
  @IsCnpj()
  @IsString(required('CNPJ'))
  @IsNotEmpty(required('CNPJ'))
  cnpj!: string;

  @ApiProperty({ example: 'contato@padaria.com.br', description: 'E-mail de login.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmailBR()
  @IsString(required('E-mail'))
  @IsNotEmpty(required('E-mail'))
  email!: string;

  @ApiProperty({ example: 'S3nha!forte', description: 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.' })
  @IsStrongPassword()
  @IsString(required('Senha'))
  @IsNotEmpty(required('Senha'))
  password!: string;
}
