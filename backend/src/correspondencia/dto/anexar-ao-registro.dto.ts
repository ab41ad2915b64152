import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { Optional } from '../../platform/http';

/** POST /api/emails/message/:id/anexos/:indice/registro: where the attachment goes (issue 56). */
export class AnexarAoRegistroDto {
  @ApiProperty({ description: 'O registro que recebe o documento.' })
  @IsUUID('all', { message: 'Registro inválido.' })
  registroId!: string;

  @ApiPropertyOptional({ nullable: true, description: 'Um item da lista de documentos do registro: o arquivo é enviado para ele (fica "enviado").' })
  @ValidateIf((o: AnexarAoRegistroDto) => o.itemId !== null && o.itemId !== undefined)
  @IsUUID('all', { message: 'Item da lista de documentos inválido.' })
  itemId?: string | null;

  @ApiPropertyOptional({ description: 'Título do documento (sem item); padrão: o nome do arquivo.' })
  @Optional()
  @IsString({ message: 'O título deve ser um texto.' })
  @MaxLength(200, { message: 'O título pode ter até 200 caracteres.' })
  titulo?: string;
}
