import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow as AcceptField, IsIn, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { CARGOS, CLIENTE_FIELD_LABELS as LABEL, CLIENTE_STATUS, ClienteStatus, CNPJ_REQUIRED_MESSAGE, CPF_REQUIRED_MESSAGE, ESTADOS } from '@veritas/common';
import { blankToNull, IsCep, IsCnpj, IsCpf, IsEmailBR, IsIsoDate, IsPhone, IsStrongPassword, Nullable, Optional, required, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';


/** The fields a client company has besides its login (§3.3), shared by registration and staff forms. */
export class ClienteFieldsDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Padaria Pão Quente' })
  @Nullable() @Transform(blankToNull) @IsString() @MaxLength(200, { message: 'Nome fantasia deve ter no máximo 200 caracteres.' })
  @PlainText()
  nomeFantasia?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '35212345678' })
  @Nullable() @Transform(blankToNull) @IsString() @MaxLength(20, { message: 'NIRE deve ter no máximo 20 caracteres.' })
  @PlainText()
  nire?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'responsavel@empresa.com.br' })
  @Nullable() @Transform(blankToNull) @IsEmailBR('E-mail do responsável')
  emailRF?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '(11) 3333-4444' })
  @Nullable() @Transform(blankToNull) @IsPhone('Telefone')
  telefone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '(11) 98888-7777' })
  @Nullable() @Transform(blankToNull) @IsPhone('Celular/WhatsApp')
  celularWhatsApp?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @Nullable() @Transform(blankToNull) @IsPhone('Telefone do responsável')
  telefoneResponsavel?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @Nullable() @Transform(blankToNull) @IsPhone('Celular/WhatsApp do responsável')
  celularWhatsAppResponsavel?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '01310-100' })
  @Nullable() @Transform(blankToNull) @IsCep()
  cep?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @Nullable() @Transform(blankToNull) @IsString() @MaxLength(200, { message: 'Endereço deve ter no máximo 200 caracteres.' })
  @PlainText()
  endereco?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @Nullable() @Transform(blankToNull) @IsString() @MaxLength(20, { message: 'Número deve ter no máximo 20 caracteres.' })
  @PlainText()
  numero?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @Nullable() @Transform(blankToNull) @IsString() @MaxLength(100, { message: 'Complemento deve ter no máximo 100 caracteres.' })
  @PlainText()
  complemento?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @Nullable() @Transform(blankToNull) @IsString() @MaxLength(100, { message: 'Bairro deve ter no máximo 100 caracteres.' })
  @PlainText()
  bairro?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @Nullable() @Transform(blankToNull) @IsString() @MaxLength(100, { message: 'Cidade deve ter no máximo 100 caracteres.' })
  @PlainText()
  cidade?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: ESTADOS })
  @Nullable() @Transform(blankToNull) @IsIn([...ESTADOS, null], { message: 'Estado inválido: use a sigla da UF.' })
  estado?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, default: 'Brasil' })
  @Nullable() @Transform(blankToNull) @IsString() @MaxLength(60, { message: 'País deve ter no máximo 60 caracteres.' })
  @PlainText()
  pais?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @Nullable() @Transform(blankToNull) @IsString() @MaxLength(160, { message: 'Nome do responsável deve ter no máximo 160 caracteres.' })
  @PlainText()
  nomeCompletoResponsavel?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: CARGOS })
  @Nullable() @Transform(blankToNull) @IsIn([...CARGOS, null], { message: 'Cargo inválido.' })
  cargo?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '1980-05-20' })
  @Nullable() @Transform(blankToNull) @IsIsoDate('Data de nascimento')
  dataNascimento?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @Nullable() @Transform(blankToNull) @IsString() @MaxLength(160, { message: 'Nome do assinante do DBE deve ter no máximo 160 caracteres.' })
  @PlainText()
  nomeCompletoAssinanteDBE?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: CARGOS })
  @Nullable() @Transform(blankToNull) @IsIn([...CARGOS, null], { message: 'Cargo do assinante do DBE inválido.' })
  cargoAssinanteDBE?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '1975-01-31' })
  @Nullable() @Transform(blankToNull) @IsIsoDate('Data de nascimento do assinante do DBE')
  dataNascimentoAssinanteDBE?: string | null;
}

/** POST /api/clientes/register: the public registration (§2.9, §3.3). */
export class RegisterClienteDto extends ClienteFieldsDto {
  @ApiProperty({ example: 'Padaria Pão Quente Ltda' })
  @Transform(trim)
  @MaxLength(200, { message: 'Razão Social deve ter no máximo 200 caracteres.' })
  @IsString(required(LABEL.razaoSocial))
  @IsNotEmpty(required(LABEL.razaoSocial))
  @PlainText()
  razaoSocial!: string;

  @ApiProperty({ example: '11.222.333/0001-81', description: 'Numérico ou alfanumérico (a partir de julho de 2026).' })
  @IsCnpj()
  @IsString(required(LABEL.cnpj))
  @IsNotEmpty(required(LABEL.cnpj))
  @PlainText()
  cnpj!: string;

  @ApiProperty({ example: 'contato@padaria.com.br', description: 'E-mail de login.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmailBR()
  @IsString(required(LABEL.email))
  @IsNotEmpty(required(LABEL.email))
  email!: string;

  @ApiProperty({ example: 'S3nha!forte', description: 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.' })
  @IsStrongPassword()
  @IsString(required(LABEL.password))
  @IsNotEmpty(required(LABEL.password))
  password!: string;
}

const lowerTrim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** On edit a blank password keeps the current one (§5): it counts as not sent. */
const blankToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

const RAZAO_REQUIRED = { message: 'Razão Social é obrigatória' };
const EMAIL_REQUIRED = { message: 'E-mail é obrigatório' };
const SENHA_REQUIRED = { message: 'Senha é obrigatória' };
const STATUS_MESSAGE = { message: 'Status inválido: use ativo ou inativo.' };
const TIPO_MESSAGE = { message: 'O tipo de cliente informado não existe.' };

/**
 * The staff client form (§2.12, §5) on create, with the form's own messages. The confirmation of
 * the password is checked by the form and not sent (§5).
 */
export class CreateClienteDto extends ClienteFieldsDto {
  @ApiProperty({ example: 'Padaria Pão Quente Ltda', maxLength: 200 })
  @Transform(trim)
  @MaxLength(200, { message: 'Razão Social deve ter no máximo 200 caracteres.' })
  @IsString(RAZAO_REQUIRED)
  @IsNotEmpty(RAZAO_REQUIRED)
  @PlainText()
  razaoSocial!: string;

  @ApiProperty({ example: '11.222.333/0001-81', description: 'Com ou sem máscara; numérico ou alfanumérico. Guardado sem máscara, respondido com máscara.' })
  @IsCnpj()
  @IsString({ message: CNPJ_REQUIRED_MESSAGE })
  @IsNotEmpty({ message: CNPJ_REQUIRED_MESSAGE })
  @PlainText()
  cnpj!: string;

  @ApiProperty({ example: 'contato@padaria.com.br', description: 'E-mail de login do cliente (único).' })
  @Transform(lowerTrim)
  @IsEmailBR()
  @IsString(EMAIL_REQUIRED)
  @IsNotEmpty(EMAIL_REQUIRED)
  email!: string;

  @ApiProperty({ example: 'S3nha!forte', description: 'Obrigatória no cadastro: mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.' })
  @IsStrongPassword()
  @IsString(SENHA_REQUIRED)
  @IsNotEmpty(SENHA_REQUIRED)
  password!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2077251', maxLength: 20 })
  @Nullable() @Transform(blankToNull) @IsString() @MaxLength(20, { message: 'CNES deve ter no máximo 20 caracteres.' })
  @PlainText()
  cnes?: string | null;

  @ApiPropertyOptional({ enum: CLIENTE_STATUS, default: 'ativo' })
  @Optional()
  @IsIn(CLIENTE_STATUS, STATUS_MESSAGE)
  status?: ClienteStatus;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'Um tipo de cliente existente e ativo; null ou vazio: nenhum.' })
  @Nullable()
  @Transform(blankToNull)
  @IsUUID('all', TIPO_MESSAGE)
  tipoClienteId?: string | null;
}

/**
 * PUT /api/clientes/:id: the same form; fields left out keep their value, a blank optional field
 * is cleared, and a blank password keeps the current one. The read-only fields a record carries
 * are accepted and ignored, so an edit form can send back what it received.
 */
export class UpdateClienteDto extends ClienteFieldsDto {
  @ApiPropertyOptional({ example: 'Padaria Pão Quente Ltda', maxLength: 200 })
  @Optional()
  @Transform(trim)
  @MaxLength(200, { message: 'Razão Social deve ter no máximo 200 caracteres.' })
  @IsString(RAZAO_REQUIRED)
  @IsNotEmpty(RAZAO_REQUIRED)
  @PlainText()
  razaoSocial?: string;

  @ApiPropertyOptional({ example: '11.222.333/0001-81' })
  @Optional()
  @IsCnpj()
  @IsString({ message: CNPJ_REQUIRED_MESSAGE })
  @IsNotEmpty({ message: CNPJ_REQUIRED_MESSAGE })
  @PlainText()
  cnpj?: string;

  @ApiPropertyOptional({ example: 'contato@padaria.com.br' })
  @Optional()
  @Transform(lowerTrim)
  @IsEmailBR()
  @IsString(EMAIL_REQUIRED)
  @IsNotEmpty(EMAIL_REQUIRED)
  email?: string;

  @ApiPropertyOptional({ description: 'Enviada só quando preenchida; em branco mantém a senha atual. Mesma política do cadastro.' })
  @Optional()
  @Transform(blankToUndefined)
  @IsStrongPassword()
  @IsString({ message: 'Senha inválida.' })
  password?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20 })
  @Nullable() @Transform(blankToNull) @IsString() @MaxLength(20, { message: 'CNES deve ter no máximo 20 caracteres.' })
  @PlainText()
  cnes?: string | null;

  @ApiPropertyOptional({ enum: CLIENTE_STATUS, description: 'inativo: o cliente não entra mais no portal (sessões abertas param na hora).' })
  @Optional()
  @IsIn(CLIENTE_STATUS, STATUS_MESSAGE)
  status?: ClienteStatus;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'null ou vazio retira o tipo. Um tipo inativo só é aceito se o cliente já o tiver.' })
  @Nullable()
  @Transform(blankToNull)
  @IsUUID('all', TIPO_MESSAGE)
  tipoClienteId?: string | null;

  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado.' }) @AcceptField() _id?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado.' }) @AcceptField() id?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado.' }) @AcceptField() createdAt?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado.' }) @AcceptField() updatedAt?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado (o tipo se escolhe por tipoClienteId).' }) @AcceptField() tipoCliente?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado: o CPF do fundador vem do cadastro sem CNPJ (issue 54).' }) @AcceptField() cpf?: unknown;
}

/**
 * POST /api/clientes/register/fundador (issue 54): "Ainda não tenho CNPJ (abertura de empresa)". The
 * founder's name, CPF, e-mail (login), phone and the intended company's name; the company gets its
 * CNPJ when the abertura's CNPJ stage completes.
 */
export class RegisterFundadorDto {
  @ApiProperty({ example: 'Ana Souza', maxLength: 160 })
  @Transform(trim)
  @MaxLength(160, { message: 'Nome completo deve ter no máximo 160 caracteres.' })
  @IsString(required('Nome completo'))
  @IsNotEmpty(required('Nome completo'))
  @PlainText()
  nome!: string;

  @ApiProperty({ example: '529.982.247-25', description: 'Com ou sem máscara; dígitos verificadores conferidos. Guardado sem máscara.' })
  @IsCpf()
  @IsString({ message: CPF_REQUIRED_MESSAGE })
  @IsNotEmpty({ message: CPF_REQUIRED_MESSAGE })
  @PlainText()
  cpf!: string;

  @ApiProperty({ example: 'ana@exemplo.com.br', description: 'E-mail de login (único).' })
  @Transform(lowerTrim)
  @IsEmailBR()
  @IsString(required(LABEL.email))
  @IsNotEmpty(required(LABEL.email))
  email!: string;

  @ApiProperty({ example: '(11) 98888-7777' })
  @Transform(trim)
  @IsPhone('Telefone')
  @IsString(required('Telefone'))
  @IsNotEmpty(required('Telefone'))
  telefone!: string;

  @ApiProperty({ example: 'Padaria Pão Quente Ltda', description: 'O nome pretendido da empresa (a razão social definitiva vem com o CNPJ).', maxLength: 200 })
  @Transform(trim)
  @MaxLength(200, { message: 'Nome pretendido da empresa deve ter no máximo 200 caracteres.' })
  @IsString(required('Nome pretendido da empresa'))
  @IsNotEmpty(required('Nome pretendido da empresa'))
  @PlainText()
  razaoSocial!: string;

  @ApiProperty({ example: 'S3nha!forte', description: 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.' })
  @IsStrongPassword()
  @IsString(required(LABEL.password))
  @IsNotEmpty(required(LABEL.password))
  password!: string;
}

/** The CNPJ, NIRE and (optionally) razão social an abertura's CNPJ stage records (issue 54). */
export interface ConstituicaoEmpresa {
  cnpj: string;
  nire: string;
  razaoSocial?: string | null;
}
