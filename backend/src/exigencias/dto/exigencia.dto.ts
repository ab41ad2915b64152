import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsIsoDate, required, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';


export const EXIGENCIA_DESCRICAO_MAX = 2000;

/** POST /api/registros/:id/exigencias */
export class CreateExigenciaDto {
  @ApiProperty({ example: 'Apresentar o comprovante de pagamento do DARE e corrigir a cláusula do capital social.', maxLength: EXIGENCIA_DESCRICAO_MAX })
  @Transform(trim)
  @MaxLength(EXIGENCIA_DESCRICAO_MAX, { message: `A descrição deve ter no máximo ${EXIGENCIA_DESCRICAO_MAX} caracteres.` })
  @IsString(required('Descrição'))
  @IsNotEmpty(required('Descrição'))
  @PlainText({ multiLine: true })
  descricao!: string;

  @ApiProperty({ example: '2026-11-20', description: 'Dia em que o escritório foi notificado (AAAA-MM-DD; não pode ser futuro).' })
  @IsIsoDate('Data da notificação')
  @IsString(required('Data da notificação'))
  @IsNotEmpty(required('Data da notificação'))
  @PlainText()
  notificadaEm!: string;
}

/** PUT /api/registros/:id/exigencias/:eid */
export class UpdateExigenciaDto {
  @ApiProperty({ enum: ['cumprida'] })
  @IsIn(['cumprida'], { message: 'Status inválido: o único valor aceito é "cumprida".' })
  @IsNotEmpty(required('Status'))
  status!: 'cumprida';
}
