import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvisosModule } from '../avisos';
import { Cliente } from '../clientes';
import { DocumentosModule } from '../documentos';
import { MailModule } from '../mail';
import { StorageModule } from '../platform/storage';
import { RegistroMensagem } from './entities/registro-mensagem.entity';
import { MensagemNotifier } from './mensagem-notifier';
import { MensagemUploadInterceptor } from './mensagem-upload.interceptor';
import { MensagensBuscaController } from './mensagens-busca.controller';
import { MensagensBuscaService } from './mensagens-busca.service';
import { MensagensController } from './mensagens.controller';
import { MensagensService } from './mensagens.service';

/** Issue 56's last part (ADR 0057): a conversation per registro between the client (portal) and the firm (panel). */
@Module({
  imports: [TypeOrmModule.forFeature([RegistroMensagem, Cliente]), DocumentosModule, AvisosModule, MailModule, StorageModule],
  controllers: [MensagensController, MensagensBuscaController],
  providers: [MensagensService, MensagensBuscaService, MensagemNotifier, MensagemUploadInterceptor],
})
export class MensagensModule {}
