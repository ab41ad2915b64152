import { Cliente } from '../clientes/entities/cliente.entity';
import { User } from '../users/entities/user.entity';

export const ENTITIES = [User, Cliente];
