import { BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateNested } from 'class-validator';
import { createValidationPipe } from './validation';

class ServicoDto {
  @MaxLength(5, { message: 'No máximo 5 caracteres.' }) @IsString({ message: 'Nome inválido.' }) nome!: string;
}

class TipoDto {
  @IsNotEmpty({ message: 'Nome é obrigatório' }) nome!: string;
  @ValidateNested({ each: true }) @Type(() => ServicoDto) servicos!: ServicoDto[];
}

async function refusal(body: unknown): Promise<Record<string, unknown>> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: TipoDto });
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse() as Record<string, unknown>;
  }
  throw new Error('expected a 400');
}

describe('the validation pipe', () => {
  it('says every message, and each by the field it is about (nested fields as paths)', async () => {
    const answer = await refusal({ nome: '', servicos: [{ nome: 'longo demais' }], extra: 1 });
    expect(answer.errors).toEqual({
      nome: 'Nome é obrigatório',
      'servicos.0.nome': 'No máximo 5 caracteres.',
      extra: 'O campo extra não é permitido.',
    });
    // One sentence per field, each closed with a full stop, joined with a space: never with ';' (issue 58).
    expect(String(answer.message)).not.toContain(';');
    expect(String(answer.message).split(/(?<=\.) /).sort()).toEqual(['No máximo 5 caracteres.', 'Nome é obrigatório.', 'O campo extra não é permitido.']);
  });
});
