import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PlainText } from '../../platform/http';
import { PASSWORD_MAX_LENGTH } from '@veritas/common';

const FILL_ALL = 'Por favor, preencha todos os campos.';

export class LoginDto {
  @ApiProperty({ example: 'master@veritas.com.br' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @MaxLength(254, { message: 'Email ou senha inválidos.' })
  @IsString({ message: FILL_ALL })
  @IsNotEmpty({ message: FILL_ALL })
  @PlainText()
  email!: string;

  @ApiProperty({ example: 'S3nha!forte', maxLength: PASSWORD_MAX_LENGTH })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'Email ou senha inválidos.' })
  @IsString({ message: FILL_ALL })
  @IsNotEmpty({ message: FILL_ALL })
  password!: string;
}
