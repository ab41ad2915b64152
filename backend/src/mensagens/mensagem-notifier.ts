import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PORTAL_PATHS, portalLink } from '@veritas/common';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { clienteNotice, MailService } from '../mail';

/** How much of the answer the e-mail quotes; the whole text is in the portal. */
const TRECHO = 500;

/**
 * "Nova mensagem da equipe" (ADR 0057): the firm's answer on a registro is told to the client by e-mail, category
 * mensagens (the outbox asks the client's preferences and adds the unsubscribe link; the portal's Novidades list
 * it either way). After the message committed; a failure is logged, never the message's.
 */
@Injectable()
export class MensagemNotifier {
  private readonly logger = new Logger(MensagemNotifier.name);

  constructor(
    private readonly mail: MailService,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async respondida(m: { clienteId: string; registro: { id: string; numero: string }; autorNome: string; texto: string }): Promise<void> {
    try {
      const cliente = await this.clientes.findOne({ where: { id: m.clienteId }, select: { id: true, email: true, razaoSocial: true } });
      if (!cliente?.email) return;
      const path = PORTAL_PATHS.registro(m.registro.id);
      const trecho = m.texto.length > TRECHO ? `${m.texto.slice(0, TRECHO)}…` : m.texto;
      const { text, html } = clienteNotice({
        brandName: this.config.firm.brandName,
        nome: cliente.razaoSocial,
        paragraphs: [`${m.autorNome} respondeu no registro ${m.registro.numero}:`, trecho, 'Para responder, escreva em Mensagens, no registro, na área do cliente.'],
        link: portalLink(this.config.firm.siteUrl, path),
        linkLabel: `o registro ${m.registro.numero}`,
      });
      await this.mail.enqueue({
        to: [cliente.email],
        subject: `Registro ${m.registro.numero}: nova mensagem da equipe`,
        text,
        html,
        cliente: { id: cliente.id, evento: 'registro.mensagem', link: path },
      });
    } catch (err) {
      this.logger.error(`Aviso de mensagem no registro ${m.registro.numero} não enviado: ${(err as Error).message}`);
    }
  }
}
