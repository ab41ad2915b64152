// The public surface of avisos: other folders import from here, never one of its files (architecture.spec.ts).
export { UsuarioAviso } from './entities/usuario-aviso.entity';
export { AvisosModule } from './avisos.module';
export { AvisosService } from './avisos.service';
export type { AvisoPara, NovoAviso } from './avisos.service';
