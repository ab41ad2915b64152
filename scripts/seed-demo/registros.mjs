/** The demo firm's work: registros through the status machine, its mailbox and its agenda. */
import { randomInt, randomUUID } from 'node:crypto';
import { DIA, pick } from './base.mjs';

// ---------- registros in every status

/** Catalogue services with their default stages and checklists (backend/src/processos/modelos-padrao.ts). */
export const SERVICOS = ['certidao-simplificada', 'abertura-empresas', 'alteracoes-contratuais', 'baixa-empresas', 'arquivamento-balancos', 'certidao-inteiro-teor'];
/** What a client asks for under each service: the registro's description. */
export const DESCRICOES = {
  'certidao-simplificada': ['Certidão simplificada para licitação', 'Certidão simplificada atualizada para o banco', 'Certidão simplificada para cadastro de fornecedor'],
  'abertura-empresas': ['Abertura de sociedade limitada', 'Constituição de sociedade limitada unipessoal (SLU)', 'Abertura de empresa com dois sócios'],
  'alteracoes-contratuais': ['Alteração contratual: mudança de endereço', 'Inclusão de sócio', 'Alteração de atividade (CNAE)', 'Abertura de filial', 'Aumento do capital social', 'Retirada de sócio'],
  'baixa-empresas': ['Baixa de empresa (distrato social)', 'Encerramento de filial', 'Baixa de empresa sem movimento'],
  'arquivamento-balancos': ['Arquivamento do balanço patrimonial de {ano}', 'Arquivamento da ata de aprovação das contas de {ano}'],
  'certidao-inteiro-teor': ['Certidão de inteiro teor do contrato social', 'Certidão de inteiro teor da última alteração', 'Certidão de inteiro teor de ata arquivada'],
};
/** A description of `servico` for a registro opened on `abertoEm` (a balance sheet is the year before's). */
export function descricaoDe(servico, abertoEm) {
  return pick(DESCRICOES[servico]).replace('{ano}', String(abertoEm.getUTCFullYear() - 1));
}
/** Paths through the status machine (REGISTRO_TRANSITIONS), each ending in one status. */
const PATHS = [[], ['andamento'], ['andamento', 'concluido'], ['andamento', 'concluido'], ['recusado'], ['cancelado'], ['andamento', 'pendente'], ['andamento', 'cancelado']];
/** Registros opened more than RECENTES_DIAS ago have mostly ended (one in twelve is still open). */
const ENCERRADOS = PATHS.filter((p) => ['concluido', 'recusado', 'cancelado'].includes(p.at(-1)));
const RECENTES_DIAS = 45;
/** The firm's history: registros opened over the last year, oldest first. */
export const HISTORIA_DIAS = 365;

/**
 * One registro of the firm's history, opened at `abertoEm`: its status path dated as an office
 * works (started within two days; the stages about their template's business days each, the whole
 * taking 60–125 % of that; refused or cancelled from the start within five days), its stages as
 * far as that time took them (all of them when it concluded; one of them in progress while it
 * is open).
 */
export function demoRegistro(clienteId, servico, abertoEm, duracoes) {
  const agora = Date.now();
  const antigo = agora - abertoEm.getTime() > RECENTES_DIAS * DIA && randomInt(12) > 0;
  let caminho = pick(antigo ? ENCERRADOS : PATHS);
  const inicio = Math.min(agora, abertoEm.getTime() + (0.2 + Math.random() * 1.8) * DIA);
  const soma = duracoes.reduce((a, b) => a + b, 0);
  const duracao = soma * 1.4 * DIA * (0.6 + Math.random() * 0.65);
  /** Stages concluded by time t (at most all but the one in progress). */
  const feitasAte = (t) => {
    let fim = inicio;
    let k = 0;
    while (k < duracoes.length - 1 && (fim += (duracoes[k] / soma) * duracao) <= t) k++;
    return k;
  };
  // Not concluded yet if its stages would end after now.
  if (caminho.at(-1) === 'concluido' && inicio + duracao > agora) caminho = ['andamento'];
  let datas;
  let etapasConcluidas = 0;
  if (caminho[0] !== 'andamento') {
    datas = [Math.min(agora, abertoEm.getTime() + (1 + Math.random() * 4) * DIA)];
  } else if (caminho.length === 1) {
    datas = [inicio];
    etapasConcluidas = feitasAte(agora);
  } else if (caminho[1] === 'concluido') {
    datas = [inicio, inicio + duracao];
    etapasConcluidas = duracoes.length;
  } else {
    const fim = Math.min(agora, inicio + Math.random() * duracao);
    datas = [inicio, fim];
    etapasConcluidas = feitasAte(fim);
  }
  const passos = caminho.map((status, i) => ({ status, nota: status === 'recusado' ? 'Documentação incompleta.' : undefined, em: new Date(datas[i]) }));
  return { clienteId, servico, descricao: descricaoDe(servico, abertoEm), passos, abertoEm, etapasConcluidas };
}

// ---------- a mailbox: clients writing to the firm and the firm's answers

export const ASSUNTOS = ['Dúvida sobre o andamento', 'Documentos enviados', 'Certidão para licitação', 'Alteração de endereço da sede', 'Inclusão de sócio', 'Balanço patrimonial', 'Boleto de honorários', 'Exigência da Junta', 'Contrato social assinado', 'Agendamento de assinatura'];
export const CORPOS = [
  'Bom dia,\n\nPoderiam informar em que etapa está o nosso processo na Junta?\n\nObrigado.',
  'Boa tarde,\n\nSeguem os documentos solicitados. Qualquer pendência, nos avisem.\n\nAtenciosamente.',
  'Prezados,\n\nPrecisamos da certidão simplificada atualizada até sexta-feira para uma licitação.\n\nGrato.',
  'Olá,\n\nO contrato foi assinado por todos os sócios hoje. Como procedemos?\n\nAbraços.',
];

/** One message between a demo client and the master: most from the client (Entrada), some answers (Enviados). */
export function demoEmail(cliente, master, numero, date, ownerId) {
  const client = { address: cliente.email, name: cliente.razaoSocial };
  const enviado = randomInt(10) < 3;
  const assunto = `${enviado ? 'Re: ' : ''}${pick(ASSUNTOS)}${numero ? ` — protocolo ${numero}` : ''}`;
  const text = enviado ? `Olá,\n\nRecebemos sua mensagem e já estamos tratando do assunto.\n\n${master.name}` : pick(CORPOS);
  const html = randomInt(3) === 0 ? `<p>${text.split('\n\n').join('</p><p>').replace(/\n/g, '<br>')}</p>` : null;
  const old = Date.now() - date.getTime() > 7 * 86_400_000;
  return {
    message: {
      messageId: `<${randomUUID()}@demo.veritas>`,
      inReplyTo: null,
      from: enviado ? master : client,
      to: [enviado ? client : master],
      cc: [],
      bcc: [],
      subject: assunto,
      date,
      html,
      text,
      attachments: [],
    },
    placement: { ownerId, folder: enviado ? 'sent' : 'inbox', read: enviado || old || randomInt(3) > 0, keepBcc: enviado },
  };
}

// ---------- the agenda: meetings and signings with clients, around today

export const EVENTOS = [
  ['reuniao', 'Reunião de alinhamento'],
  ['assinatura', 'Assinatura do contrato social'],
  ['reuniao', 'Entrega de documentos'],
  ['vistoria', 'Vistoria do endereço da sede'],
  ['outro', 'Retorno sobre a exigência da Junta'],
];

