import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString } from 'class-validator';
import { MENSAGEM_MESSAGES, mensagemTextoProblem } from '@veritas/common';
import { PlainText, SharedRule, trim } from '../../platform/http';

/** POST /api/registros/:id/mensagens (multipart/form-data, or JSON without files): the text; files in "arquivo". */
export class NovaMensagemDto {
  @ApiProperty({ description: 'O texto (1 a 5.000 caracteres; quebras de linha mantidas).', maxLength: 5000 })
  @PlainText({ multiLine: true })
  @Transform(trim)
  @SharedRule('mensagemTexto', mensagemTextoProblem)
  @IsString({ message: MENSAGEM_MESSAGES.textoInvalido })
  @IsNotEmpty({ message: MENSAGEM_MESSAGES.textoObrigatorio })
  texto!: string;
}

/** The multipart form as Swagger shows it. */
export class NovaMensagemBody extends NovaMensagemDto {
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', format: 'binary' }, description: 'Até 5 arquivos, cada um até DOC_MAX_BYTES; viram documentos do registro.' })
  arquivo?: unknown[];
}
