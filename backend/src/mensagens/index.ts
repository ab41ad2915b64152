// The public surface of mensagens: other folders import from here, never one of its files (architecture.spec.ts).
export { RegistroMensagem } from './entities/registro-mensagem.entity';
export { MensagensModule } from './mensagens.module';
