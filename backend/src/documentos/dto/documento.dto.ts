import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, IsUUID, MaxLength } from 'class-validator';
import { Optional } from '../../platform/http';
import { PlainText } from '../../platform/http';

const blankToUndefined = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? undefined : t;
};

/** The text fields of POST /api/documentos (multipart/form-data, beside the file "arquivo"). */
export class UploadDocumentoDto {
  @ApiPropertyOptional({ description: 'Equipe: o cliente dono do documento (ou informe registroId). Cliente: omita.' })
  @Optional() @Transform(blankToUndefined) @IsUUID('all', { message: 'clienteId inválido.' })
  clienteId?: string;

  @ApiPropertyOptional({ description: 'O registro a que o documento pertence (do mesmo cliente).' })
  @Optional() @Transform(blankToUndefined) @IsUUID('all', { message: 'registroId inválido.' })
  registroId?: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'Título exibido (padrão: o nome do arquivo sem a extensão).' })
  @Optional() @Transform(blankToUndefined) @IsString() @MaxLength(200, { message: 'O título deve ter no máximo 200 caracteres.' })
  @PlainText()
  titulo?: string;
}

/** Swagger's picture of the multipart body. */
export class UploadDocumentoBody extends UploadDocumentoDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'O arquivo (PDF, imagem, Office, XML ou ZIP), até DOC_MAX_BYTES.' })
  arquivo!: unknown;
}
