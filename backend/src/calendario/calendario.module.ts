import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarioController } from './calendario.controller';
import { CalendarioService } from './calendario.service';
import { Feriado } from './entities/feriado.entity';

/** Business days: national holidays plus the firm's own non-working days. */
@Module({
  imports: [TypeOrmModule.forFeature([Feriado])],
  controllers: [CalendarioController],
  providers: [CalendarioService],
  exports: [CalendarioService],
})
export class CalendarioModule {}
