// The public surface of contato: other folders import from here, never one of its files (architecture.spec.ts).
export { ContatoModule } from './contato.module';
export { ContatoMensagem } from './entities/contato-mensagem.entity';
