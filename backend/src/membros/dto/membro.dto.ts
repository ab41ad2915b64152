import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CAPACIDADES_AJUSTAVEIS, type Capacidade, capacidadesProblem, PAPEIS_MEMBRO, type PapelMembro, papelProblem } from '@veritas/common';
import { IsCpf, IsEmailBR, IsStrongPassword, Optional, PlainText, required, SharedRule, trim } from '../../platform/http';

const lowerTrim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** The member's name, as invited and as accepted. */
class NomeDto {
  @ApiProperty({ example: 'Ana Souza', maxLength: 160 })
  @Transform(trim)
  @MaxLength(160, { message: 'Nome deve ter no máximo 160 caracteres.' })
  @IsString(required('Nome'))
  @IsNotEmpty(required('Nome'))
  @PlainText()
  nome!: string;

  @ApiPropertyOptional({ example: '529.982.247-25', description: 'Opcional; com ou sem máscara, dígitos verificadores conferidos.' })
  @Optional()
  @IsCpf()
  @IsString({ message: 'CPF inválido.' })
  @PlainText()
  cpf?: string;
}

/** POST …/membros/convites: whom to invite, in which role (ADR 0058). */
export class ConviteMembroDto extends NomeDto {
  @ApiProperty({ example: 'ana@contabil.com.br', description: 'O login do membro: único entre os membros de todas as empresas.' })
  @Transform(lowerTrim)
  @IsEmailBR()
  @IsString(required('E-mail'))
  @IsNotEmpty(required('E-mail'))
  email!: string;

  @ApiProperty({ enum: PAPEIS_MEMBRO, example: 'contador' })
  @SharedRule('papelMembro', papelProblem)
  @IsNotEmpty(required('Papel'))
  papel!: PapelMembro;

  @ApiPropertyOptional({ enum: CAPACIDADES_AJUSTAVEIS, isArray: true, description: 'Sem ela, as do papel (CAPACIDADES_PADRAO).' })
  @Optional()
  @SharedRule('capacidadesMembro', capacidadesProblem)
  @IsArray({ message: 'Capacidades inválidas.' })
  capacidades?: Capacidade[];
}

/** PATCH …/membros/:id: its role and/or capacities. */
export class AtualizarMembroDto {
  @ApiPropertyOptional({ enum: PAPEIS_MEMBRO })
  @Optional()
  @SharedRule('papelMembro', papelProblem)
  @IsNotEmpty(required('Papel'))
  papel?: PapelMembro;

  @ApiPropertyOptional({ enum: CAPACIDADES_AJUSTAVEIS, isArray: true })
  @Optional()
  @SharedRule('capacidadesMembro', capacidadesProblem)
  @IsArray({ message: 'Capacidades inválidas.' })
  capacidades?: Capacidade[];
}

/** POST /api/convites/:token/aceitar: the invitee's name, CPF and password. */
export class AceitarConviteDto extends NomeDto {
  @ApiProperty({ example: 'S3nha!forte', description: 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.' })
  @IsStrongPassword()
  @IsString(required('Senha'))
  @IsNotEmpty(required('Senha'))
  senha!: string;
}
