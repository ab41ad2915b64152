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
import { RegistrosEncerradoIndex1764700000100 } from './1764700000100-RegistrosEncerradoIndex';
import { Processos1764300000000 } from './1764300000000-Processos';
import { Agenda1764600000000 } from './1764600000000-Agenda';
import { Financas1764500000000 } from './1764500000000-Financas';
import { ExigenciasChecklist1764400000000 } from './1764400000000-ExigenciasChecklist';
import { ClientesFts1764800000000 } from './1764800000000-ClientesFts';
import { Auditoria1764900000000 } from './1764900000000-Auditoria';
import { MailDeliveryDedup1764900000100 } from './1764900000100-MailDeliveryDedup';
import { SolicitacoesTitulares1764900000200 } from './1764900000200-SolicitacoesTitulares';
import { AuditoriaContexto1765000000000 } from './1765000000000-AuditoriaContexto';
import { ClientesNomeIndex1765100000000 } from './1765100000000-ClientesNomeIndex';
import { MailSearch1765200000000 } from './1765200000000-MailSearch';
import { ContatoSearch1765300000000 } from './1765300000000-ContatoSearch';
import { RegistrosResponsavelCreated1765400000000 } from './1765400000000-RegistrosResponsavelCreated';
import { DocumentosBusca1765500000000 } from './1765500000000-DocumentosBusca';

/** Every migration, in order. The app runs the pending ones at start-up (never `synchronize`). */
export const MIGRATIONS = [Init1763700000000, TiposCliente1763800000000, CnpjConsultas1763800000100, ClientesListIndex1763800000200, ClientesBuscaAscii1763800000300, Mail1763900000000, Registros1764000000000, ContatoMensagens1764100000000, PasswordResetTokens1764100000100, PasswordChangedAt1764200000000, Processos1764300000000, ExigenciasChecklist1764400000000, Financas1764500000000, Agenda1764600000000, ClientesInativadoEm1764700000000, RegistrosEncerradoIndex1764700000100, ClientesFts1764800000000, Auditoria1764900000000, MailDeliveryDedup1764900000100, SolicitacoesTitulares1764900000200, AuditoriaContexto1765000000000, ClientesNomeIndex1765100000000, MailSearch1765200000000, ContatoSearch1765300000000, RegistrosResponsavelCreated1765400000000, DocumentosBusca1765500000000];
