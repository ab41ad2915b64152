import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { ETAPA_STATUS, EtapaStatus, UFS } from '@veritas/common';
import { IsCnpj, IsIsoDate, Nullable, Optional, required } from '../../platform/http';
import { PlainText } from '../../platform/http';

export const PROTOCOLO_MAX = 100;
export const ETAPA_NOTA_MAX = 2000;

const trimToNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? null : t;
};

/** PUT /api/registros/:id/etapas/:etapaId */
export class UpdateEtapaDto {
  @ApiProperty({
    enum: ETAPA_STATUS,
    example: 'andamento',
    description:
      'andamento: inicia (pendente → andamento, só a primeira etapa não encerrada) ou reabre (a última encerrada); ' +
      'concluida: conclui (andamento → concluida); dispensada: dispensa (nota = motivo, obrigatória). ' +
      'O mesmo status atual: só atualiza protocolo, nota e visivelCliente (sem nenhum deles: 409).',
  })
  @IsIn(ETAPA_STATUS as unknown as string[], { message: 'Status inválido: use pendente, andamento, concluida ou dispensada.' })
  @IsDefined(required('Status'))
  status!: EtapaStatus;

  @ApiPropertyOptional({ example: 'SP2612345678', maxLength: PROTOCOLO_MAX, description: 'Número de protocolo no órgão desta etapa (null apaga).' })
  @Optional() @Transform(trimToNull)
  @MaxLength(PROTOCOLO_MAX, { message: `O protocolo deve ter no máximo ${PROTOCOLO_MAX} caracteres.` })
  @IsString({ message: 'O protocolo deve ser um texto.' })
  @PlainText()
  protocolo?: string | null;

  @ApiPropertyOptional({ example: 'Deferido sem exigências.', maxLength: ETAPA_NOTA_MAX, description: 'Observação (o motivo, ao dispensar).' })
  @Optional() @Transform(trimToNull)
  @MaxLength(ETAPA_NOTA_MAX, { message: `A observação deve ter no máximo ${ETAPA_NOTA_MAX} caracteres.` })
  @IsString({ message: 'A observação deve ser um texto.' })
  @PlainText({ multiLine: true })
  nota?: string | null;

  @ApiPropertyOptional({ default: false, description: 'Se o cliente vê a observação.' })
  @Optional() @IsBoolean({ message: 'visivelCliente deve ser verdadeiro ou falso.' })
  visivelCliente?: boolean;

  @ApiPropertyOptional({ example: '2026-11-20', description: 'Dia do início ou da conclusão (padrão: hoje); nunca no futuro.' })
  @Optional() @IsIsoDate('Data') @IsString({ message: 'Data inválida: use o formato AAAA-MM-DD.' })
  @PlainText()
  data?: string;

  @ApiPropertyOptional({
    example: '11.222.333/0001-81',
    description: 'Só ao concluir a etapa CNPJ da abertura de um cliente sem CNPJ (fundador): obrigatório ali, com nire; o cliente passa a ser a empresa.',
  })
  @Nullable() @Transform(trimToNull) @IsCnpj()
  @PlainText()
  cnpj?: string | null;

  @ApiPropertyOptional({ example: '35212345678', description: 'NIRE da empresa aberta (11 dígitos), com cnpj.' })
  @Nullable() @Transform(trimToNull)
  @Matches(/^\d{11}$/, { message: 'NIRE inválido: informe os 11 dígitos.' })
  @IsString({ message: 'NIRE inválido: informe os 11 dígitos.' })
  nire?: string | null;

  @ApiPropertyOptional({ example: 'Padaria Pão Quente Ltda', maxLength: 200, description: 'A razão social registrada, se diferente do nome pretendido (com cnpj).' })
  @Nullable() @Transform(trimToNull)
  @MaxLength(200, { message: 'Razão Social deve ter no máximo 200 caracteres.' })
  @IsString({ message: 'Razão Social inválida.' })
  @PlainText()
  razaoSocial?: string | null;
}

/** PUT /api/registros/:id/junta */
export class UpdateJuntaDto {
  @ApiProperty({ example: 'RJ', description: 'UF da Junta Comercial (GET /api/juntas).' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsIn(UFS as unknown as string[], { message: 'UF inválida: use a sigla de um estado (por exemplo SP, RJ, MG) ou DF.' })
  @IsDefined(required('UF'))
  uf!: string;
}
