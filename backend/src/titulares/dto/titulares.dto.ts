import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CLIENTE_CONTATO_CAMPOS } from '@veritas/common';
import { ClienteFieldsDto } from '../../clientes';
import { blankToNull, IsCnpj, Nullable, Optional, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';

/** PUT /api/clientes/me/contato: the contact fields a client corrects itself (absent fields keep their value). */
export class ContatoClienteDto extends PickType(ClienteFieldsDto, CLIENTE_CONTATO_CAMPOS) {}

/** POST /api/clientes/me/correcao: identity fields go to staff, with the reason. */
export class CorrecaoDto {
  @ApiPropertyOptional({ example: 'Padaria Pão Quente Ltda' })
  @Optional() @Transform(trim) @IsString() @IsNotEmpty({ message: 'Razão Social não pode ficar em branco.' })
  @MaxLength(200, { message: 'Razão Social deve ter no máximo 200 caracteres.' })
  @PlainText()
  razaoSocial?: string;

  @ApiPropertyOptional({ example: '11.222.333/0001-81' })
  @Optional() @Transform(trim) @IsCnpj()
  cnpj?: string;

  @ApiPropertyOptional({ example: 'A razão social mudou na última alteração contratual.' })
  @Transform(trim)
  @MaxLength(2000, { message: 'O motivo deve ter no máximo 2000 caracteres.' })
  @IsString({ message: 'Informe o motivo da correção.' })
  @IsNotEmpty({ message: 'Informe o motivo da correção.' })
  @PlainText({ multiLine: true })
  motivo!: string;
}

/** POST /api/clientes/me/eliminacao: the reason is optional (the right does not depend on one). */
export class EliminacaoDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @Nullable() @Transform(blankToNull) @IsString() @MaxLength(2000, { message: 'O motivo deve ter no máximo 2000 caracteres.' })
  @PlainText({ multiLine: true })
  motivo?: string | null;
}

/** POST /api/solicitacoes-titulares/:id/aprovar — an optional note to the client. */
export class AprovarDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @Nullable() @Transform(blankToNull) @IsString() @MaxLength(2000, { message: 'A resposta deve ter no máximo 2000 caracteres.' })
  @PlainText({ multiLine: true })
  resposta?: string | null;
}

/** POST /api/solicitacoes-titulares/:id/recusar — the reason is required (it is sent to the client). */
export class RecusarDto {
  @ApiPropertyOptional({ description: 'O motivo da recusa (obrigatório), enviado ao cliente.' })
  @Transform(trim)
  @MaxLength(2000, { message: 'O motivo deve ter no máximo 2000 caracteres.' })
  @IsString({ message: 'Informe o motivo da recusa.' })
  @IsNotEmpty({ message: 'Informe o motivo da recusa.' })
  @PlainText({ multiLine: true })
  resposta!: string;
}
