// The public surface of tipos-cliente: other folders import from here, never one of its files (architecture.spec.ts).
export { TipoClienteResponseDto } from './dto/tipo-cliente.dto';
export { TipoCliente, TipoClienteServico, moneyColumn } from './entities/tipo-cliente.entity';
export { TipoClienteUsage } from './tipo-cliente-usage';
export { toTipoClienteResponse } from './tipo-cliente.mapper';
export { TiposClienteModule } from './tipos-cliente.module';
export { TiposClienteService } from './tipos-cliente.service';
