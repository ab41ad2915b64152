import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { blankToNull, Optional, required, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';


export const MOTIVO_MAX = 1000;

/** What the client reads of a checklist item: its name and, optionally, what is expected. */
class ChecklistItemTextoDto {
  @ApiProperty({ example: 'Documento de identidade e CPF de cada sócio', maxLength: 200 })
  @Transform(trim)
  @MaxLength(200, { message: 'O nome deve ter no máximo 200 caracteres.' })
  @IsString(required('Nome'))
  @IsNotEmpty(required('Nome'))
  @PlainText()
  nome!: string;

  @ApiPropertyOptional({ nullable: true, maxLength: 1000 })
  @Transform(blankToNull)
  @ValidateIf((o: ChecklistItemTextoDto) => o.descricao !== null && o.descricao !== undefined)
  @IsString({ message: 'Descrição inválida.' })
  @MaxLength(1000, { message: 'A descrição deve ter no máximo 1000 caracteres.' })
  @PlainText({ multiLine: true })
  descricao?: string | null;
}

/** One item of PUT /api/processos/checklists/:servico. */
export class ChecklistModeloItemDto extends ChecklistItemTextoDto {
  @ApiProperty({ example: 'identidade-cpf-socios', description: 'Chave estável: letras minúsculas, dígitos e hífens (até 60).' })
  @Transform(trim)
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Chave inválida: use letras minúsculas, dígitos e hífens (ex.: "comprovante-endereco").' })
  @MaxLength(60, { message: 'A chave deve ter no máximo 60 caracteres.' })
  @IsString(required('Chave'))
  @IsNotEmpty(required('Chave'))
  @PlainText()
  chave!: string;

  @ApiProperty({ example: true })
  @IsBoolean({ message: 'obrigatorio deve ser verdadeiro ou falso.' })
  obrigatorio!: boolean;
}

/** PUT /api/processos/checklists/:servico: the whole list, in order. */
export class PutChecklistModeloDto {
  @ApiProperty({ type: [ChecklistModeloItemDto] })
  @IsArray({ message: 'Informe os itens (lista).' })
  @ArrayMaxSize(50, { message: 'No máximo 50 itens.' })
  @ValidateNested({ each: true })
  @Type(() => ChecklistModeloItemDto)
  itens!: ChecklistModeloItemDto[];
}

/** PUT /api/registros/:id/checklist/:itemId */
export class AvaliarChecklistDto {
  @ApiProperty({ enum: ['aceito', 'recusado'] })
  @IsIn(['aceito', 'recusado'], { message: 'Status inválido: use "aceito" ou "recusado".' })
  @IsNotEmpty(required('Status'))
  status!: 'aceito' | 'recusado';

  @ApiPropertyOptional({ maxLength: MOTIVO_MAX, description: 'Obrigatório ao recusar: o cliente vê.' })
  @Optional()
  @Transform(trim)
  @IsString({ message: 'Motivo inválido.' })
  @MaxLength(MOTIVO_MAX, { message: `O motivo deve ter no máximo ${MOTIVO_MAX} caracteres.` })
  @PlainText({ multiLine: true })
  motivo?: string;
}

/** POST /api/registros/:id/checklist: one more document asked of this registro's client (an exigência's, say). */
export class CreateChecklistItemDto extends ChecklistItemTextoDto {
  @ApiPropertyOptional({ default: true })
  @Optional()
  @IsBoolean({ message: 'obrigatorio deve ser verdadeiro ou falso.' })
  obrigatorio?: boolean;
}
