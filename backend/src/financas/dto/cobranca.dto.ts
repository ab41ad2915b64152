import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsNotEmpty, IsNumber, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { FORMAS_PAGAMENTO, FormaPagamento, LinhaTipo } from '@veritas/common';
import { Optional, required, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';

const DATA = /^\d{4}-\d{2}-\d{2}$/;
export const NOTA_MAX = 1000;
export const MOTIVO_MAX = 1000;

export class LinhaDto {
  @ApiProperty({ example: 'Abertura de empresa' }) descricao!: string;
  @ApiProperty({ enum: ['honorario', 'taxa'] }) tipo!: LinhaTipo;
  @ApiProperty({ example: 1234.5, description: 'BRL, até duas casas decimais.' }) valor!: number;
}

/** POST /api/cobrancas: a manual charge. */
export class CreateCobrancaDto {
  @ApiProperty() @IsUUID('all', { message: 'clienteId inválido.' }) clienteId!: string;

  @ApiPropertyOptional({ description: 'Registro a que a cobrança se refere (do mesmo cliente).' })
  @Optional() @IsUUID('all', { message: 'registroId inválido.' })
  registroId?: string;

  @ApiPropertyOptional({ example: '2026-12-01', description: 'Vencimento "AAAA-MM-DD"; padrão: hoje + FINANCAS_VENCIMENTO_DIAS.' })
  @Optional() @IsString() @Matches(DATA, { message: 'Vencimento inválido: use AAAA-MM-DD.' })
  @PlainText()
  vencimento?: string;

  @ApiProperty({ type: [LinhaDto] })
  @IsArray({ message: 'Informe as linhas da cobrança (lista de { descricao, tipo, valor }).' })
  linhas!: unknown[];
}

/** PUT /api/cobrancas/:id: while aberta and without payments. */
export class UpdateCobrancaDto {
  @ApiPropertyOptional({ example: '2026-12-01' })
  @Optional() @IsString() @Matches(DATA, { message: 'Vencimento inválido: use AAAA-MM-DD.' })
  @PlainText()
  vencimento?: string;

  @ApiPropertyOptional({ type: [LinhaDto] })
  @Optional() @IsArray({ message: 'As linhas devem ser uma lista de { descricao, tipo, valor }.' })
  linhas?: unknown[];
}

export class CancelarCobrancaDto {
  @ApiProperty({ example: 'Serviço não prestado.' })
  @Transform(trim)
  @MaxLength(MOTIVO_MAX, { message: `O motivo deve ter no máximo ${MOTIVO_MAX} caracteres.` })
  @IsString(required('Motivo'))
  @IsNotEmpty(required('Motivo'))
  @PlainText({ multiLine: true })
  motivo!: string;
}

export class PagamentoDto {
  @ApiPropertyOptional({ example: '2026-11-20', description: 'Data do pagamento "AAAA-MM-DD"; padrão: hoje.' })
  @Optional() @IsString() @Matches(DATA, { message: 'Data inválida: use AAAA-MM-DD.' })
  @PlainText()
  data?: string;

  @ApiProperty({ example: 500, description: 'BRL, até duas casas decimais; no máximo o saldo.' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'O valor deve ser um número (BRL).' })
  valor!: number;

  @ApiProperty({ enum: FORMAS_PAGAMENTO })
  @IsIn(FORMAS_PAGAMENTO as unknown as string[], { message: `Forma de pagamento inválida: use ${FORMAS_PAGAMENTO.join(', ')}.` })
  forma!: FormaPagamento;

  @ApiPropertyOptional()
  @Optional() @Transform(trim) @IsString() @MaxLength(NOTA_MAX, { message: `A nota deve ter no máximo ${NOTA_MAX} caracteres.` })
  @PlainText({ multiLine: true })
  nota?: string;
}

export class ConfirmarExtratoDto {
  @ApiProperty({ example: [{ transacaoId: '…', cobrancaId: '…' }] })
  @IsArray({ message: 'Informe matches: [{ transacaoId, cobrancaId }].' })
  matches!: unknown[];
}
