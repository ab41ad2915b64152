import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { formatDateBR, PORTAL_PATHS, portalLink } from '@veritas/common';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { escapeHtml, MailService } from '../mail';

interface RegistroRef {
  id: string;
  numero: string;
  tipo: string;
  clienteId: string;
}

/**
 * Tells the client what the process needs from it (issue 11): an exigência opened, a document
 * refused. Through the mail outbox, after the change has committed; a failure here is logged and
 * swallowed (the RegistroNotifier pattern), so it never blocks or undoes the change.
 */
@Injectable()
export class ProcessoNotifier {
  private readonly logger = new Logger(ProcessoNotifier.name);

  constructor(
    private readonly mail: MailService,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async exigenciaAberta(r: RegistroRef, descricao: string, prazo: string): Promise<void> {
    await this.send(r, 'processo.exigencia', `Registro ${r.numero}: exigência da Junta Comercial`, [
      `A Junta Comercial fez uma exigência no seu registro ${r.numero} (${r.tipo}):`,
      descricao,
      `O prazo para cumpri-la termina em ${formatDateBR(prazo)}. Se precisarmos de algo seu, o pedido aparece na área do cliente.`,
    ]);
  }

  /** An open exigência whose deadline draws near (the daily AvisosPrazos job, once per deadline). */
  async exigenciaVencendo(r: RegistroRef, descricao: string, prazo: string): Promise<void> {
    await this.send(r, 'processo.exigencia-prazo', `Registro ${r.numero}: exigência vence em ${formatDateBR(prazo)}`, [
      `O prazo da exigência da Junta Comercial no seu registro ${r.numero} (${r.tipo}) termina em ${formatDateBR(prazo)}:`,
      descricao,
      'Se ainda falta algo seu (um documento, uma assinatura), o pedido está na área do cliente.',
    ]);
  }

  async documentoRecusado(r: RegistroRef, item: string, motivo: string): Promise<void> {
    await this.send(r, 'processo.documento-recusado', `Registro ${r.numero}: documento recusado`, [
      `O documento "${item}" enviado para o registro ${r.numero} (${r.tipo}) não pôde ser aceito.`,
      `Motivo: ${motivo}`,
      'Envie um novo arquivo pela área do cliente, no item da lista de documentos.',
    ]);
  }

  async documentoAceito(r: RegistroRef, item: string): Promise<void> {
    await this.send(r, 'processo.documento-aceito', `Registro ${r.numero}: documento aceito`, [
      `O documento "${item}" enviado para o registro ${r.numero} (${r.tipo}) foi conferido e aceito.`,
    ]);
  }

  private async send(r: RegistroRef, evento: string, subject: string, paragraphs: string[]): Promise<void> {
    try {
      const cliente = await this.clientes.findOne({ where: { id: r.clienteId }, select: { id: true, email: true, razaoSocial: true } });
      if (!cliente?.email) return;
      const path = PORTAL_PATHS.registro(r.id);
      const link = portalLink(this.config.firm.siteUrl, path);
      const all = [`Olá, ${cliente.razaoSocial}.`, ...paragraphs];
      const text = [...all.flatMap((p) => [p, '']), `Acompanhe pela área do cliente: ${link}`, '', this.config.firm.brandName].join('\n');
      const html = [
        ...all.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p>Acompanhe pela <a href="${escapeHtml(link)}">área do cliente</a>.</p>`,
        `<p>${escapeHtml(this.config.firm.brandName)}</p>`,
      ].join('\n');
      await this.mail.enqueue({ to: [cliente.email], subject, text, html, cliente: { id: cliente.id, evento, link: path } });
    } catch (err) {
      this.logger.error(`Aviso "${subject}" não enviado: ${(err as Error).message}`);
    }
  }
}
