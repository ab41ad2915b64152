import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CARGOS, CLIENTE_STATUS, ESTADOS } from '@veritas/common';
import { TipoClienteResponseDto } from '../../tipos-cliente';

const opt = (example?: string, extra: Record<string, unknown> = {}) => ({ type: String, nullable: true, example, ...extra });

/** A client as the API answers it (Swagger; the TypeScript type is ClienteResponse in @veritas/common). */
export class ClienteResponseDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ example: 'Padaria Pão Quente Ltda' }) razaoSocial!: string;
  @ApiProperty(opt('Pão Quente')) nomeFantasia!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '11.222.333/0001-81', description: 'Com máscara; null enquanto a empresa de um fundador está em abertura.' }) cnpj!: string | null;
  @ApiProperty(opt('529.982.247-25', { description: 'O CPF do fundador (cadastro sem CNPJ), com máscara; null nos demais.' })) cpf!: string | null;
  @ApiProperty(opt()) cnes!: string | null;
  @ApiProperty(opt()) nire!: string | null;
  @ApiProperty({ example: 'contato@padaria.com.br', description: 'E-mail de login.' }) email!: string;
  @ApiProperty(opt('responsavel@padaria.com.br')) emailRF!: string | null;
  @ApiProperty(opt('(11) 3333-4444')) telefone!: string | null;
  @ApiProperty(opt('(11) 98888-7777')) celularWhatsApp!: string | null;
  @ApiProperty(opt()) telefoneResponsavel!: string | null;
  @ApiProperty(opt()) celularWhatsAppResponsavel!: string | null;
  @ApiProperty(opt('01310-100')) cep!: string | null;
  @ApiProperty(opt('Avenida Paulista')) endereco!: string | null;
  @ApiProperty(opt('1000')) numero!: string | null;
  @ApiProperty(opt()) complemento!: string | null;
  @ApiProperty(opt('Bela Vista')) bairro!: string | null;
  @ApiProperty(opt('São Paulo')) cidade!: string | null;
  @ApiProperty(opt('SP', { enum: ESTADOS })) estado!: string | null;
  @ApiProperty({ example: 'Brasil' }) pais!: string;
  @ApiProperty(opt()) nomeCompletoResponsavel!: string | null;
  @ApiProperty(opt(undefined, { enum: CARGOS })) cargo!: string | null;
  @ApiProperty(opt('1980-05-20', { description: 'AAAA-MM-DD' })) dataNascimento!: string | null;
  @ApiProperty(opt()) nomeCompletoAssinanteDBE!: string | null;
  @ApiProperty(opt(undefined, { enum: CARGOS })) cargoAssinanteDBE!: string | null;
  @ApiProperty(opt(undefined, { description: 'AAAA-MM-DD' })) dataNascimentoAssinanteDBE!: string | null;
  @ApiProperty({ enum: CLIENTE_STATUS }) status!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) tipoClienteId!: string | null;
  @ApiPropertyOptional({ type: TipoClienteResponseDto, nullable: true, description: 'Só no detalhe (GET /api/clientes/:id e /api/clientes/me): o tipo com seus serviços e valores.' })
  tipoCliente?: TipoClienteResponseDto | null;
  @ApiProperty({ description: 'ISO 8601, UTC.' }) createdAt!: string;
  @ApiProperty({ description: 'ISO 8601, UTC.' }) updatedAt!: string;
}
