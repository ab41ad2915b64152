import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { blankToNull, IsIsoDate, Nullable, Optional, required } from '../../platform/http';
import { PlainText } from '../../platform/http';
import { AUSENCIA_TIPOS } from '@veritas/common';


/** POST /api/equipe/:userId/ausencias. */
export class AusenciaDto {
  @ApiProperty({ enum: AUSENCIA_TIPOS })
  @IsIn(AUSENCIA_TIPOS as unknown as string[], { message: 'Tipo inválido: use ferias, licenca ou outro.' })
  @IsNotEmpty(required('Tipo'))
  tipo!: string;

  @ApiProperty({ example: '2027-01-10', description: 'Primeiro dia (AAAA-MM-DD).' })
  @IsIsoDate('De')
  @IsString(required('De'))
  @IsNotEmpty(required('De'))
  @PlainText()
  de!: string;

  @ApiProperty({ example: '2027-01-24', description: 'Último dia, incluído (AAAA-MM-DD).' })
  @IsIsoDate('Até')
  @IsString(required('Até'))
  @IsNotEmpty(required('Até'))
  @PlainText()
  ate!: string;

  @ApiPropertyOptional({ maxLength: 200, nullable: true })
  @Transform(blankToNull)
  @Nullable()
  @MaxLength(200, { message: 'A nota deve ter no máximo 200 caracteres.' })
  @IsString({ message: 'Nota inválida.' })
  @PlainText({ multiLine: true })
  nota?: string | null;
}

/** POST /api/registros/reatribuir. */
export class ReatribuirDto {
  @ApiProperty({ description: 'De quem saem os registros (id).' })
  @IsUUID('all', { message: 'de inválido: informe o id de um usuário.' })
  @IsNotEmpty(required('de'))
  de!: string;

  @ApiProperty({ description: 'Quem os recebe (id de quem trabalha registros).' })
  @IsUUID('all', { message: 'para inválido: informe o id de um usuário.' })
  @IsNotEmpty(required('para'))
  para!: string;

  @ApiPropertyOptional({ type: [String], description: 'Apenas estes registros (abertos, de "de"); sem a lista: todos os abertos de "de".' })
  @Optional()
  @IsUUID('all', { each: true, message: 'Id de registro inválido.' })
  @ArrayMaxSize(5000, { message: 'No máximo 5000 registros por vez.' })
  @ArrayMinSize(1, { message: 'Informe ao menos um registro, ou omita ids para mover todos.' })
  @IsArray({ message: 'ids deve ser uma lista de ids.' })
  ids?: string[];
}
