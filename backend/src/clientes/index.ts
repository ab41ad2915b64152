// The public surface of clientes: other folders import from here, never one of its files (architecture.spec.ts).
export { ClienteDependentsRegistry } from './cliente-dependents';
export { loginEmailTaken, loginPrincipal } from './cliente-login';
export { clienteSearch, clientesFts } from './cliente-search';
export { applyClienteFields, clienteBusca, foldBusca, toClienteResponse, toMembroResponse } from './cliente.mapper';
export { ClientesModule } from './clientes.module';
export { CLIENTE_INATIVO, CLIENTE_NOT_FOUND, CNPJ_TAKEN, ClientesService, EMAIL_TAKEN, JA_CONSTITUIDA, SEM_CNPJ } from './clientes.service';
export { ClienteResponseDto } from './dto/cliente-response.dto';
export { ClienteFieldsDto, RegisterFundadorDto } from './dto/cliente.dto';
export type { ConstituicaoEmpresa } from './dto/cliente.dto';
export { Cliente } from './entities/cliente.entity';
export { ClienteMembro } from './entities/cliente-membro.entity';
