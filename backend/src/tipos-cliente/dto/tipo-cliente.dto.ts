import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow as AcceptField, IsBoolean, IsNotEmpty, IsString, MaxLength, registerDecorator } from 'class-validator';

import { SERVICO_NOME_REQUIRED, SERVICO_VALOR_NEGATIVO, TIPO_NOME_REQUIRED } from '@veritas/common';
import { Optional, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';

export { SERVICO_NOME_REQUIRED, SERVICO_VALOR_NEGATIVO, TIPO_NOME_REQUIRED };
export const SERVICO_VALOR_INVALIDO = 'O valor do serviço deve ser um número.';
export const SERVICO_VALOR_CASAS = 'O valor do serviço deve ter no máximo duas casas decimais.';
export const SERVICO_VALOR_MAXIMO = 'O valor do serviço deve ser menor que R$ 10.000.000.000,00.';
export const MAX_SERVICOS = 100;
/** The largest value DECIMAL(12,2) holds. */
const MAX_VALOR = 9_999_999_999.99;


/**
 * A service as the form sends it. An absent or blank valor is 0 (the form starts a new service at
 * 0); a numeric string is accepted ("150.50" or "150,50"); anything else stays as NaN for the check.
 */
function normalizeServico(item: unknown): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
  const { nome, valor, ...rest } = item as Record<string, unknown>;
  let v: unknown = valor;
  if (v === undefined || v === null || v === '') v = 0;
  else if (typeof v === 'string') v = /^\s*-?\d+([.,]\d+)?\s*$/.test(v) ? Number(v.trim().replace(',', '.')) : Number.NaN;
  else if (typeof v !== 'number') v = Number.NaN;
  return { ...rest, nome: typeof nome === 'string' ? nome.trim() : nome, valor: v };
}

/** The first rule a service breaks, in the form's order (name, then value), or null. */
export function servicoError(item: unknown): string | null {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return 'Cada serviço deve ser um objeto com nome e valor.';
  const { nome, valor, ...rest } = item as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra) return `O campo servicos.${extra} não é permitido.`;
  if (typeof nome !== 'string' || !nome) return SERVICO_NOME_REQUIRED;
  if (nome.length > 120) return 'O nome do serviço deve ter no máximo 120 caracteres.';
  if (typeof valor !== 'number' || !Number.isFinite(valor)) return SERVICO_VALOR_INVALIDO;
  if (valor < 0) return SERVICO_VALOR_NEGATIVO;
  // Cents must be whole: 19.99 passes (19.99 * 100 is 1998.9999... in binary), 19.999 does not.
  if (Math.abs(valor * 100 - Math.round(valor * 100)) > 1e-6) return SERVICO_VALOR_CASAS;
  if (valor > MAX_VALOR) return SERVICO_VALOR_MAXIMO;
  return null;
}

/** One message for the whole list (the first broken rule), not one per service. */
function IsServicos() {
  return (object: object, propertyName: string) => {
    let last = '';
    registerDecorator({
      name: 'isServicos',
      target: object.constructor,
      propertyName,
      validator: {
        validate(value: unknown) {
          if (value === undefined) return true;
          if (!Array.isArray(value)) last = 'servicos deve ser uma lista.';
          else if (value.length > MAX_SERVICOS) last = `Um tipo de cliente pode ter no máximo ${MAX_SERVICOS} serviços.`;
          else last = value.map(servicoError).find((e) => e !== null) ?? '';
          return last === '';
        },
        defaultMessage: () => last,
      },
    });
  };
}

export class ServicoDto {
  @ApiProperty({ example: 'Abertura de empresa', maxLength: 120 })
  nome!: string;

  @ApiProperty({ example: 1500.5, minimum: 0, maximum: MAX_VALOR, description: 'Em reais, até duas casas decimais; ausente ou vazio vale 0.' })
  valor!: number;
}

/** POST /api/tipos-cliente (§3.7, §5). */
export class CreateTipoClienteDto {
  @ApiProperty({ example: 'MEI', maxLength: 120 })
  @Transform(trim)
  @MaxLength(120, { message: 'O nome do tipo de cliente deve ter no máximo 120 caracteres.' })
  @IsString({ message: TIPO_NOME_REQUIRED })
  @IsNotEmpty({ message: TIPO_NOME_REQUIRED })
  @PlainText()
  nome!: string;

  @ApiPropertyOptional({ default: true })
  @Optional()
  @IsBoolean({ message: 'ativo deve ser verdadeiro ou falso.' })
  ativo?: boolean;

  @ApiPropertyOptional({ type: [ServicoDto], description: `Até ${MAX_SERVICOS} serviços, na ordem em que são exibidos.` })
  @Optional()
  @Transform(({ value }) => (Array.isArray(value) ? value.map(normalizeServico) : value))
  @IsServicos()
  servicos?: ServicoDto[];
}

/**
 * PUT /api/tipos-cliente/:id: the same form; fields left out keep their value, and `servicos`, when
 * sent, replaces the whole list. The read-only fields a record carries are accepted and ignored,
 * so an edit form can send back what it received.
 */
export class UpdateTipoClienteDto {
  @ApiPropertyOptional({ example: 'MEI', maxLength: 120 })
  @Optional()
  @Transform(trim)
  @MaxLength(120, { message: 'O nome do tipo de cliente deve ter no máximo 120 caracteres.' })
  @IsString({ message: TIPO_NOME_REQUIRED })
  @IsNotEmpty({ message: TIPO_NOME_REQUIRED })
  @PlainText()
  nome?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: 'ativo deve ser verdadeiro ou falso.' })
  ativo?: boolean;

  @ApiPropertyOptional({ type: [ServicoDto], description: 'Quando enviada, substitui a lista inteira.' })
  @Optional()
  @Transform(({ value }) => (Array.isArray(value) ? value.map(normalizeServico) : value))
  @IsServicos()
  servicos?: ServicoDto[];

  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado.' }) @AcceptField() _id?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado.' }) @AcceptField() id?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado.' }) @AcceptField() createdAt?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignorado.' }) @AcceptField() updatedAt?: unknown;
}

export class TipoClienteResponseDto {
  @ApiProperty() _id!: string;
  @ApiProperty() nome!: string;
  @ApiProperty() ativo!: boolean;
  @ApiProperty({ type: [ServicoDto] }) servicos!: ServicoDto[];
  @ApiProperty({ description: 'ISO 8601, UTC.' }) createdAt!: string;
  @ApiProperty({ description: 'ISO 8601, UTC.' }) updatedAt!: string;
}
