import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsString,
  IsUrl,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { blankToNull, Nullable, Optional, required, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';
import { EVENTO_TIPOS } from '@veritas/common';


/** POST and PUT /api/agenda/eventos (PUT replaces the whole event). */
export class EventoDto {
  @ApiProperty({ enum: EVENTO_TIPOS })
  @IsIn(EVENTO_TIPOS as unknown as string[], { message: 'Tipo inválido: use reuniao, assinatura, vistoria ou outro.' })
  @IsNotEmpty(required('Tipo'))
  tipo!: string;

  @ApiProperty({ example: 'Assinatura do contrato social', maxLength: 200 })
  @Transform(trim)
  @MaxLength(200, { message: 'O título deve ter no máximo 200 caracteres.' })
  @IsString(required('Título'))
  @IsNotEmpty(required('Título'))
  @PlainText()
  titulo!: string;

  @ApiProperty({ example: '2027-03-01T13:00:00.000Z', description: 'Início (ISO 8601; instante UTC ou com deslocamento).' })
  @IsISO8601({ strict: true }, { message: 'Início inválido: use data e hora ISO 8601.' })
  @IsString(required('Início'))
  @IsNotEmpty(required('Início'))
  @PlainText()
  inicio!: string;

  @ApiProperty({ example: '2027-03-01T14:00:00.000Z' })
  @IsISO8601({ strict: true }, { message: 'Fim inválido: use data e hora ISO 8601.' })
  @IsString(required('Fim'))
  @IsNotEmpty(required('Fim'))
  @PlainText()
  fim!: string;

  @ApiPropertyOptional({ description: 'Dia inteiro (início e fim à meia-noite de São Paulo).' })
  @Optional()
  @IsBoolean({ message: 'diaInteiro deve ser verdadeiro ou falso.' })
  diaInteiro?: boolean;

  @ApiPropertyOptional({ maxLength: 300, nullable: true })
  @Transform(blankToNull)
  @Nullable()
  @MaxLength(300, { message: 'O local deve ter no máximo 300 caracteres.' })
  @IsString({ message: 'Local inválido.' })
  @PlainText()
  local?: string | null;

  @ApiPropertyOptional({ maxLength: 500, nullable: true, description: 'Endereço da videochamada (http ou https).' })
  @Transform(blankToNull)
  @Nullable()
  @MaxLength(500, { message: 'O link deve ter no máximo 500 caracteres.' })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'Link inválido: informe um endereço http(s).' })
  link?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Ids dos participantes (equipe).' })
  @Optional()
  @IsUUID('all', { each: true, message: 'Participante inválido.' })
  @ArrayMaxSize(50, { message: 'No máximo 50 participantes.' })
  @IsArray({ message: 'participantes deve ser uma lista de ids.' })
  participantes?: string[];

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsUUID('all', { message: 'clienteId inválido.' })
  clienteId?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsUUID('all', { message: 'registroId inválido.' })
  registroId?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 5000, description: 'Notas internas (não vão ao feed nem ao cliente).' })
  @Transform(blankToNull)
  @Nullable()
  @MaxLength(5000, { message: 'As notas devem ter no máximo 5000 caracteres.' })
  @IsString({ message: 'Notas inválidas.' })
  @PlainText({ multiLine: true })
  notas?: string | null;

  @ApiPropertyOptional({ nullable: true, example: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10', description: 'Recorrência RRULE (RFC 5545), sem DTSTART.' })
  @Transform(blankToNull)
  @Nullable()
  @MaxLength(500, { message: 'A recorrência deve ter no máximo 500 caracteres.' })
  @IsString({ message: 'Recorrência inválida.' })
  @PlainText()
  rrule?: string | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0, maximum: 10080, description: 'Lembrete por e-mail N minutos antes (até 7 dias).' })
  @Nullable()
  @Max(10080, { message: 'O lembrete pode ser de no máximo 10080 minutos (7 dias) antes.' })
  @Min(0, { message: 'O lembrete não pode ser negativo.' })
  @IsInt({ message: 'O lembrete deve ser um número inteiro de minutos.' })
  lembreteMinutos?: number | null;

  @ApiPropertyOptional({ description: 'Envia ao cliente um convite (.ics, METHOD:REQUEST) por e-mail.' })
  @Optional()
  @IsBoolean({ message: 'convidarCliente deve ser verdadeiro ou falso.' })
  convidarCliente?: boolean;
}
