import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsIsoDate, required, trim } from '../../platform/http';
import { PlainText } from '../../platform/http';


/** POST /api/calendario/feriados: a non-working day of the firm's own. */
export class CreateFeriadoDto {
  @ApiProperty({ example: '2027-01-25', description: 'Data no formato AAAA-MM-DD.' })
  @IsIsoDate('Data')
  @IsString(required('Data'))
  @IsNotEmpty(required('Data'))
  @PlainText()
  data!: string;

  @ApiProperty({ example: 'Aniversário de São Paulo', maxLength: 120 })
  @Transform(trim)
  @MaxLength(120, { message: 'O nome deve ter no máximo 120 caracteres.' })
  @IsString(required('Nome'))
  @IsNotEmpty(required('Nome'))
  @PlainText()
  nome!: string;
}
