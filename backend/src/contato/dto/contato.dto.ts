import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, MaxLength, registerDecorator, ValidationArguments } from 'class-validator';
import { CONTACT_LIMITS, CONTACT_SUBJECTS, ContactField, validateContactForm } from '@veritas/common';
import { Nullable, Optional } from '../../platform/http';
import { PlainText } from '../../platform/http';

/**
 * One field of the contact form, judged by the same function the site's form runs
 * (validateContactForm), so the server answers with the very message the form would show.
 */
function ContactRule(field: ContactField) {
  return (object: object, propertyName: string) => {
    registerDecorator({
      name: 'contactRule',
      target: object.constructor,
      propertyName,
      validator: {
        validate: (_value: unknown, args: ValidationArguments) => !validateContactForm(args.object as never)[field],
        defaultMessage: (args?: ValidationArguments) => validateContactForm((args?.object ?? {}) as never)[field] ?? 'Valor inválido.',
      },
    });
  };
}

/** POST /api/contato: the form of §3.2 plus the honeypot. */
export class CreateContatoDto {
  @ApiProperty({ example: 'Maria Souza', maxLength: CONTACT_LIMITS.nome })
  @ContactRule('nome')
  @PlainText()
  nome!: string;

  @ApiProperty({ example: 'maria@exemplo.com.br' })
  @ContactRule('email')
  @PlainText()
  email!: string;

  @ApiProperty({ example: '(11) 98888-7777', description: 'DDD e número (10 ou 11 dígitos), com ou sem máscara.' })
  @ContactRule('telefone')
  @PlainText()
  telefone!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Padaria Pão Quente', maxLength: CONTACT_LIMITS.empresa })
  @Nullable()
  @ContactRule('empresa')
  @IsString({ message: 'Empresa inválida.' })
  @PlainText()
  empresa?: string | null;

  @ApiProperty({ enum: CONTACT_SUBJECTS })
  @ContactRule('assunto')
  @PlainText()
  assunto!: string;

  @ApiProperty({ example: 'Gostaria de abrir uma empresa.', maxLength: CONTACT_LIMITS.mensagem })
  @ContactRule('mensagem')
  @PlainText({ multiLine: true })
  mensagem!: string;

  @ApiProperty({ example: true, description: 'Precisa ser true: o momento do aceite é guardado (LGPD).' })
  @ContactRule('aceiteTermos')
  aceiteTermos!: boolean;

  @ApiPropertyOptional({ description: 'Armadilha para robôs: fica oculto no formulário e deve vir vazio.' })
  @Optional()
  @IsString({ message: 'Requisição inválida.' })
  @MaxLength(500, { message: 'Requisição inválida.' })
  @PlainText()
  website?: string;
}

const BOOLEAN = (field: string) => ({ message: `O campo ${field} deve ser verdadeiro ou falso.` });

/** PUT /api/contato/:id: mark read/unread, handled/pending. */
export class UpdateContatoDto {
  @ApiPropertyOptional({ description: 'false: volta a aparecer como não lida.' })
  @Optional()
  @IsBoolean(BOOLEAN('lida'))
  lida?: boolean;

  @ApiPropertyOptional({ description: 'true: tratada (guarda quem e quando); false: volta a pendente.' })
  @Optional()
  @IsBoolean(BOOLEAN('tratada'))
  tratada?: boolean;
}

export const REPLY_MAX = 20_000;

/** POST /api/contato/:id/resposta: a reply by e-mail to the visitor. */
export class ResponderContatoDto {
  @ApiPropertyOptional({ example: 'Re: Abertura de Empresas', description: "Padrão: 'Re: ' e o assunto da mensagem." })
  @Optional()
  @IsString({ message: 'Assunto inválido.' })
  @MaxLength(200, { message: 'O assunto deve ter no máximo 200 caracteres.' })
  @PlainText()
  assunto?: string;

  @ApiProperty({ example: 'Olá, Maria! Podemos ajudar...', description: 'Texto simples; quebras de linha mantidas.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(REPLY_MAX, { message: `A resposta deve ter no máximo ${REPLY_MAX} caracteres.` })
  @IsString({ message: 'Escreva a resposta.' })
  @IsNotEmpty({ message: 'Escreva a resposta.' })
  @PlainText({ multiLine: true })
  mensagem!: string;
}
