import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { NotificacoesPreferencias } from '@veritas/common';
import { Optional } from '../../platform/http';

const flag = (label: string) => ({ message: `${label}: informe true (receber) ou false (não receber).` });

/** PUT /api/clientes/me/notificacoes: the categories to change (absent ones keep their value). */
export class NotificacoesDto implements Partial<NotificacoesPreferencias> {
  @ApiPropertyOptional({ description: 'Andamento: solicitação recebida, status, etapas e exigências.' })
  @Optional() @IsBoolean(flag('Andamento'))
  andamento?: boolean;

  @ApiPropertyOptional({ description: 'Documentos: itens da lista aceitos ou recusados.' })
  @Optional() @IsBoolean(flag('Documentos'))
  documentos?: boolean;

  @ApiPropertyOptional({ description: 'Mensagens: respostas da equipe às mensagens do cliente nas solicitações.' })
  @Optional() @IsBoolean(flag('Mensagens'))
  mensagens?: boolean;

  @ApiPropertyOptional({ description: 'Cobranças e lembretes: cobranças emitidas, pagamentos recebidos e lembretes de vencimento.' })
  @Optional() @IsBoolean(flag('Cobranças e lembretes'))
  cobrancas?: boolean;

  @ApiPropertyOptional({ description: 'Agenda: convites, alterações e cancelamentos de compromissos.' })
  @Optional() @IsBoolean(flag('Agenda'))
  agenda?: boolean;
}
