/**
 * The site's contact form as a firm receives it: visitors asking about the services over the last
 * months, the older ones handled (read, and most answered), the last few unread. Rows through the
 * bulk path (insertAudited: the search index, the audit trail), `busca` folded as the service folds it.
 */
import { randomInt } from 'node:crypto';
import { BATCH, DIA, common, dist, pick } from './base.mjs';
import { CIDADES, PESSOAS, slug } from './clientes.mjs';

const { ContatoMensagem } = dist('contato/entities/contato-mensagem.entity.js');
const { insertAudited } = dist('auditoria/bulk-insert.js');
const { withTransaction } = dist('platform/database/transaction.js');
const { newId } = dist('platform/database/index.js');

/** What visitors write, by the form's subject (CONTACT_SUBJECTS). */
const PEDIDOS = {
  'Abertura de Empresas': 'Gostaria de um orçamento para abrir uma sociedade limitada com dois sócios em {cidade}. Quanto tempo leva o registro na Junta?',
  'Alterações Contratuais': 'Precisamos mudar o endereço da sede e incluir um sócio. Vocês cuidam de tudo junto à Junta Comercial?',
  'Certidões e Documentos': 'Preciso de uma certidão simplificada atualizada para uma licitação na próxima semana. Qual o prazo?',
  'Arquivamento de Balanços': 'Queremos arquivar o balanço do último exercício. Quais documentos devo enviar?',
  'Consultoria Empresarial': 'Estamos avaliando transformar a empresa de EIRELI em sociedade limitada. Podemos agendar uma conversa?',
  'Baixa de Empresas': 'A empresa está sem movimento há dois anos e queremos dar baixa. Como funciona o distrato?',
  'Outros Serviços': 'Vocês fazem o registro de marca no INPI? Gostaria de saber valores.',
};

/** `n` messages over the last `dias` days, oldest first; answers how many were written. */
export async function demoContatos(ds, equipe, n, dias = 120) {
  if (n <= 0) return 0;
  const agora = Date.now();
  const rows = [];
  for (let i = 0; i < n; i++) {
    const em = new Date(agora - dias * DIA + Math.floor(((i + Math.random()) / n) * dias * DIA));
    const nome = pick(PESSOAS);
    const [cidade] = pick(CIDADES);
    const assunto = pick(common.CONTACT_SUBJECTS);
    const empresa = randomInt(3) ? null : `${pick(['Padaria', 'Clínica', 'Oficina', 'Loja'])} ${pick(['Central', 'do Bairro', 'Nova Era'])}`;
    const fields = {
      nome,
      email: `${slug(nome)}.${i}@contato.demo.example`,
      telefone: `${11 + randomInt(80)}9${String(randomInt(1e8)).padStart(8, '0')}`,
      empresa,
      assunto,
      mensagem: PEDIDOS[assunto].replace('{cidade}', cidade),
    };
    const antiga = agora - em.getTime() > 5 * DIA;
    const quem = pick(equipe).nomeCompleto;
    const tratadaEm = antiga && randomInt(5) ? new Date(Math.min(agora, em.getTime() + (1 + randomInt(48)) * 3_600_000)) : null;
    rows.push(
      Object.assign(new ContatoMensagem(), {
        id: newId(), createdAt: em, updatedAt: tratadaEm ?? em, ...fields, aceiteTermos: true, aceiteTermosEm: em,
        lida: antiga || randomInt(2) === 0, tratada: !!tratadaEm, tratadaEm, tratadaPor: tratadaEm ? quem : null,
        respondidaEm: tratadaEm, respondidaPor: tratadaEm ? quem : null,
        busca: common.normalizeSearch(Object.values(fields).filter(Boolean).join(' ')),
      }),
    );
  }
  for (let i = 0; i < rows.length; i += BATCH) await withTransaction(ds, (m) => insertAudited(m, ContatoMensagem, rows.slice(i, i + BATCH)));
  return rows.length;
}
