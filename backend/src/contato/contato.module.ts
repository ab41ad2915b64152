import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvisosModule } from '../avisos';
import { MailModule } from '../mail';
import { User } from '../users';
import { ContatoController } from './contato.controller';
import { ContatoRetencaoJob } from './contato-retencao.job';
import { ContatoService } from './contato.service';
import { ContatoMensagem } from './entities/contato-mensagem.entity';

/** /api/contato: the public contact form and the staff screen /painel/mensagens. */
@Module({
  imports: [TypeOrmModule.forFeature([ContatoMensagem, User]), AvisosModule, MailModule],
  controllers: [ContatoController],
  providers: [ContatoService, ContatoRetencaoJob],
})
export class ContatoModule {}
