import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarioModule } from '../calendario/calendario.module';
import { RegistrosModule } from '../registros/registros.module';
import { User } from '../users/entities/user.entity';
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
