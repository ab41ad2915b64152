import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { formatDateBR, REGISTRO_STATUS_LABELS, RegistroResponse, RegistroStatus, PORTAL_PATHS, portalLink } from '@veritas/common';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { clienteNotice, escapeHtml, MailService } from '../mail';

/**
 * Tells the client about a status change, through the mail outbox (stored, then delivered in the
 * background with retries). Called after the change has committed; whatever happens here is
 * logged and swallowed, so it can neither block nor undo the change.
 */
@Injectable()
export class RegistroNotifier {
  private readonly logger = new Logger(RegistroNotifier.name);

  constructor(
    private readonly mail: MailService,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async statusChanged(clienteId: string, registro: RegistroResponse, from: RegistroStatus, to: RegistroStatus, nota: string | null): Promise<void> {
    try {
      const cliente = await this.clientes.findOne({ where: { id: clienteId }, select: { id: true, email: true, razaoSocial: true } });
      if (!cliente?.email) return;
      await this.mail.enqueue({ to: [cliente.email], ...statusMail(this.config, cliente.razaoSocial, registro, from, to, nota), cliente: { id: cliente.id, evento: 'registro.status', link: PORTAL_PATHS.registro(registro._id) } });
    } catch (err) {
      this.logger.error(`Aviso de mudança de status do registro ${registro.numero} não enviado: ${(err as Error).message}`);
    }
  }

  /** A new request (issue 53): its protocol, its service and when it is expected to be done, with a link to it. */
  async recebido(r: { id: string; numero: string; clienteId: string; tipo: string; prazo: string | null }): Promise<void> {
    try {
      const cliente = await this.clientes.findOne({ where: { id: r.clienteId }, select: { id: true, email: true, razaoSocial: true } });
      if (!cliente?.email) return;
      const { text, html } = clienteNotice({
        brandName: this.config.firm.brandName,
        nome: cliente.razaoSocial,
        paragraphs: [
          `Recebemos a sua solicitação. Protocolo: ${r.numero}.`,
          `Serviço: ${r.tipo}.`,
          ...(r.prazo ? [`Previsão de conclusão: até ${formatDateBR(r.prazo)} (prazo do serviço, em dias úteis).`] : []),
          'Avisaremos a cada mudança; se precisarmos de algum documento seu, o pedido aparece na área do cliente.',
        ],
        link: portalLink(this.config.firm.siteUrl, PORTAL_PATHS.registro(r.id)),
        linkLabel: `o registro ${r.numero}`,
      });
      await this.mail.enqueue({ to: [cliente.email], subject: `Solicitação recebida: registro ${r.numero}`, text, html, cliente: { id: cliente.id, evento: 'registro.recebido', link: PORTAL_PATHS.registro(r.id) } });
    } catch (err) {
      this.logger.error(`Aviso de solicitação recebida (registro ${r.numero}) não enviado: ${(err as Error).message}`);
    }
  }
}

/** Subject and bodies of the status e-mail (pt-BR, values escaped in the HTML). */
export function statusMail(
  config: AppConfig,
  nome: string,
  r: RegistroResponse,
  from: RegistroStatus,
  to: RegistroStatus,
  nota: string | null,
): { subject: string; text: string; html: string } {
  const de = REGISTRO_STATUS_LABELS[from];
  const para = REGISTRO_STATUS_LABELS[to];
  const link = portalLink(config.firm.siteUrl, PORTAL_PATHS.registro(r._id));
  const lines = [
    `Olá, ${nome}.`,
    '',
    `O status do seu registro ${r.numero} (${r.tipo}) mudou de ${de} para ${para}.`,
    ...(nota ? ['', `Observação: ${nota}`] : []),
    ...(to === 'pendente' ? ['', 'Estamos aguardando uma providência sua; o prazo fica suspenso até lá.'] : []),
    ...(r.prazo && to === 'andamento' ? ['', `Prazo previsto: ${formatDateBR(r.prazo)}.`] : []),
    '',
    `Acompanhe pela área do cliente: ${link}`,
    '',
    config.firm.brandName,
  ];
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    p(`Olá, ${nome}.`),
    `<p>O status do seu registro <strong>${escapeHtml(r.numero)}</strong> (${escapeHtml(r.tipo)}) mudou de ${escapeHtml(de)} para <strong>${escapeHtml(para)}</strong>.</p>`,
    ...(nota ? [`<p>Observação: ${escapeHtml(nota)}</p>`] : []),
    ...(to === 'pendente' ? [p('Estamos aguardando uma providência sua; o prazo fica suspenso até lá.')] : []),
    ...(r.prazo && to === 'andamento' ? [p(`Prazo previsto: ${formatDateBR(r.prazo)}.`)] : []),
    `<p>Acompanhe pela <a href="${escapeHtml(link)}">área do cliente</a>.</p>`,
    p(config.firm.brandName),
  ].join('\n');
  return { subject: `Registro ${r.numero}: ${para}`, text: lines.join('\n'), html };
}
