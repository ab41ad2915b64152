import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users';
import { AvisosController } from './avisos.controller';
import { AvisosService } from './avisos.service';
import { UsuarioAviso } from './entities/usuario-aviso.entity';

/**
 * The panel's bell (issue 53, ADR 0053): each staff member's own notices. The features that own the events
 * import this module and call AvisosService after their commit; it imports no feature.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UsuarioAviso, User])],
  controllers: [AvisosController],
  providers: [AvisosService],
  exports: [AvisosService],
})
export class AvisosModule {}
