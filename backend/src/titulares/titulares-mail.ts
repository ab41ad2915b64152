import { formatDateBR } from '@veritas/common';
import { escapeHtml } from '../mail';
import type { AppConfig } from '../platform/config';
import type { SolicitacaoTitular } from './entities/solicitacao-titular.entity';

/** The answer to the client (pt-BR, values escaped in the HTML). */
export function respostaMail(
  config: AppConfig,
  nome: string,
  s: SolicitacaoTitular,
  status: 'aprovada' | 'recusada',
  resposta: string | null,
): { subject: string; text: string; html: string } {
  const aprovada = status === 'aprovada';
  const pedido = s.tipo === 'eliminacao' ? 'eliminação dos seus dados pessoais' : 'correção dos dados cadastrais';
  const corpo = aprovada
    ? s.tipo === 'eliminacao'
      ? 'Atendemos o seu pedido: os seus dados pessoais foram anonimizados e o acesso à área do cliente foi encerrado. ' +
        'Guardamos apenas o que a lei nos obriga a manter (registros, cobranças e documentos fiscais, LGPD art. 16), sem os seus dados de contato.'
      : 'Atendemos o seu pedido: os dados cadastrais foram corrigidos.'
    : 'Não pudemos atender o seu pedido.';
  const lines = [
    `Olá, ${nome}.`,
    '',
    `Sobre o seu pedido de ${pedido} (LGPD, art. 18), feito em ${formatDateBR(s.createdAt)}:`,
    corpo,
    ...(resposta ? ['', `${aprovada ? 'Observação' : 'Motivo'}: ${resposta}`] : []),
    '',
    `Encarregado pelo tratamento de dados: ${config.privacy.dpoName} (${config.privacy.dpoEmail}).`,
    '',
    config.firm.brandName,
  ];
  const html = lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).filter(Boolean).join('\n');
  return { subject: `Seu pedido de ${pedido}: ${aprovada ? 'atendido' : 'recusado'}`, text: lines.join('\n'), html };
}
