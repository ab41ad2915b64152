import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarioModule } from '../calendario';
import { RegistrosModule } from '../registros';
import { User } from '../users';
import { Ausencia } from './entities/ausencia.entity';
import { EquipeController } from './equipe.controller';
import { EquipeService } from './equipe.service';

/** The team (/painel/equipe): load per person, absences, bulk reassignment. */
@Module({
  imports: [TypeOrmModule.forFeature([User, Ausencia]), CalendarioModule, RegistrosModule],
  controllers: [EquipeController],
  providers: [EquipeService],
  exports: [EquipeService],
})
export class EquipeModule {}
