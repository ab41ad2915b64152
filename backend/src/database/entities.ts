import { Feriado } from '../calendario/entities/feriado.entity';
import { Cliente } from '../clientes/entities/cliente.entity';
import { ContatoMensagem } from '../contato/entities/contato-mensagem.entity';
import { PasswordResetToken } from '../password-reset/entities/password-reset-token.entity';
import { Documento } from '../documentos/entities/documento.entity';
import { CnpjConsulta } from '../lookup/entities/cnpj-consulta.entity';
import { MailAttachment } from '../mail/entities/mail-attachment.entity';
import { MailMessage } from '../mail/entities/mail-message.entity';
import { MailOutbox } from '../mail/entities/mail-outbox.entity';
import { RegistroHistorico } from '../registros/entities/registro-historico.entity';
import { Registro } from '../registros/entities/registro.entity';
import { TipoCliente, TipoClienteServico } from '../tipos-cliente/entities/tipo-cliente.entity';
import { User } from '../users/entities/user.entity';
import { RegistroExigencia } from '../exigencias/entities/registro-exigencia.entity';
import { ChecklistModelo } from '../checklist/entities/checklist-modelo.entity';
import { RegistroChecklist } from '../checklist/entities/registro-checklist.entity';

export const ENTITIES = [User, Cliente, TipoCliente, TipoClienteServico, CnpjConsulta, MailMessage, MailAttachment, MailOutbox, Registro, RegistroHistorico, Documento, Feriado, ContatoMensagem, PasswordResetToken, RegistroExigencia, ChecklistModelo, RegistroChecklist];
