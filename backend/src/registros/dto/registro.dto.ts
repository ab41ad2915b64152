import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsNotEmpty, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { REGISTRO_STATUSES, RegistroStatus, UFS } from '@veritas/common';
import { Optional, required, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';

const blankToUndefined = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? undefined : t;
};

export const DESCRICAO_MAX = 4000;
export const NOTA_MAX = 2000;

/** POST /api/registros: 'Nova Solicitação' (client) or a request on a client's behalf (staff). */
export class CreateRegistroDto {
  @ApiPropertyOptional({
    example: 'abertura-empresas',
    description: 'Código de um serviço de GET /api/registros/servicos (catálogo ou "tc:..." do tipo de cliente). Informe servico ou tipo.',
  })
  @Optional() @Transform(blankToUndefined) @IsString() @MaxLength(130, { message: 'Serviço inválido.' })
  @PlainText()
  servico?: string;

  @ApiPropertyOptional({
    example: 'Abertura de Empresa',
    description: 'Alternativa a servico: o nome do serviço como listado (sem diferença de maiúsculas ou acentos).',
  })
  @Optional() @Transform(blankToUndefined) @IsString() @MaxLength(120, { message: 'Serviço inválido.' })
  @PlainText()
  tipo?: string;

  @ApiProperty({ example: 'Abertura de uma LTDA com dois sócios, capital de R$ 50.000,00.', maxLength: DESCRICAO_MAX })
  @Transform(trim)
  @MaxLength(DESCRICAO_MAX, { message: `A descrição deve ter no máximo ${DESCRICAO_MAX} caracteres.` })
  @IsString(required('Descrição'))
  @IsNotEmpty(required('Descrição'))
  @PlainText({ multiLine: true })
  descricao!: string;

  @ApiPropertyOptional({ description: 'Equipe: o cliente da solicitação (obrigatório). Cliente: omita (é sempre o próprio).' })
  @Optional() @IsUUID('all', { message: 'clienteId inválido.' })
  clienteId?: string;

  @ApiPropertyOptional({ description: 'Equipe: já atribuir a um responsável (um associado só pode atribuir a si mesmo).' })
  @Optional() @IsUUID('all', { message: 'responsavelId inválido.' })
  responsavelId?: string;

  @ApiPropertyOptional({
    example: 'RJ',
    description: 'Equipe: a UF da Junta Comercial (GET /api/juntas). Sem ela, a do estado do cliente (ou a da empresa). Cliente: omita.',
  })
  @Optional() @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value))
  @IsIn(UFS as unknown as string[], { message: 'UF inválida: use a sigla de um estado (por exemplo SP, RJ, MG) ou DF.' })
  juntaUf?: string;
}

/** PUT /api/registros/:id/status */
export class UpdateStatusDto {
  @ApiProperty({ enum: REGISTRO_STATUSES, example: 'andamento' })
  @IsIn(REGISTRO_STATUSES as unknown as string[], { message: 'Status inválido: use pendente, andamento, concluido, cancelado ou recusado.' })
  @IsDefined(required('Status'))
  status!: RegistroStatus;

  @ApiPropertyOptional({ example: 'Aguardando o contrato social assinado.', maxLength: NOTA_MAX, description: 'Observação da mudança.' })
  @Optional() @Transform(blankToUndefined) @IsString({ message: 'A observação deve ser um texto.' })
  @MaxLength(NOTA_MAX, { message: `A observação deve ter no máximo ${NOTA_MAX} caracteres.` })
  @PlainText({ multiLine: true })
  note?: string;

  @ApiPropertyOptional({
    default: false,
    description: 'Equipe: se o cliente vê a observação (padrão: interna). A observação de um cliente é sempre visível a ele.',
  })
  @Optional() @IsBoolean({ message: 'visivelCliente deve ser verdadeiro ou falso.' })
  visivelCliente?: boolean;
}

/** PUT /api/registros/:id/responsavel */
export class AssignDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Id de um usuário da equipe, ou null para deixar sem responsável.' })
  @ValidateIf((o: AssignDto) => o.responsavelId !== null)
  @IsUUID('all', { message: 'responsavelId inválido.' })
  @IsDefined({ message: 'Informe responsavelId (ou null para deixar sem responsável).' })
  responsavelId!: string | null;
}
