import { Init1763700000000 } from './1763700000000-Init';
import { TiposCliente1763800000000 } from './1763800000000-TiposCliente';
import { CnpjConsultas1763800000100 } from './1763800000100-CnpjConsultas';
import { ClientesListIndex1763800000200 } from './1763800000200-ClientesListIndex';
import { ClientesBuscaAscii1763800000300 } from './1763800000300-ClientesBuscaAscii';
import { Mail1763900000000 } from './1763900000000-Mail';
import { Registros1764000000000 } from './1764000000000-Registros';
import { ContatoMensagens1764100000000 } from './1764100000000-ContatoMensagens';
import { PasswordResetTokens1764100000100 } from './1764100000100-PasswordResetTokens';
import { PasswordChangedAt1764200000000 } from './1764200000000-PasswordChangedAt';
import { ClientesInativadoEm1764700000000 } from './1764700000000-ClientesInativadoEm';
import { Processos1764300000000 } from './1764300000000-Processos';
import { ExigenciasChecklist1764400000000 } from './1764400000000-ExigenciasChecklist';

/** Every migration, in order. The app runs the pending ones at start-up (never `synchronize`). */
export const MIGRATIONS = [Init1763700000000, TiposCliente1763800000000, CnpjConsultas1763800000100, ClientesListIndex1763800000200, ClientesBuscaAscii1763800000300, Mail1763900000000, Registros1764000000000, ContatoMensagens1764100000000, PasswordResetTokens1764100000100, PasswordChangedAt1764200000000, Processos1764300000000, ExigenciasChecklist1764400000000, ClientesInativadoEm1764700000000];
