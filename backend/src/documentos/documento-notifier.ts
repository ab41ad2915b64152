import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PORTAL_PATHS, portalLink } from '@veritas/common';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { clienteNotice, MailService } from '../mail';

/**
 * "Documento disponível" (issue 53): a document the firm filed for the client (on one of its
 * registros, or on the client itself) is announced to it, category documentos, linking to the
 * registro or to Documentos. After the upload committed; a failure is logged, never the upload's.
 */
@Injectable()
export class DocumentoNotifier {
  private readonly logger = new Logger(DocumentoNotifier.name);

  constructor(
    private readonly mail: MailService,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async disponivel(d: { clienteId: string; titulo: string; registro: { id: string; numero: string } | null }): Promise<void> {
    try {
      const cliente = await this.clientes.findOne({ where: { id: d.clienteId }, select: { id: true, email: true, razaoSocial: true } });
      if (!cliente?.email) return;
      const path = d.registro ? PORTAL_PATHS.registro(d.registro.id) : PORTAL_PATHS.documentos;
      const onde = d.registro ? ` no registro ${d.registro.numero}` : '';
      const { text, html } = clienteNotice({
        brandName: this.config.firm.brandName,
        nome: cliente.razaoSocial,
        paragraphs: [`Disponibilizamos o documento "${d.titulo}"${onde}. Você pode baixá-lo na área do cliente.`],
        link: portalLink(this.config.firm.siteUrl, path),
        linkLabel: d.registro ? `o registro ${d.registro.numero}` : 'os seus documentos',
      });
      await this.mail.enqueue({
        to: [cliente.email],
        subject: d.registro ? `Registro ${d.registro.numero}: documento disponível` : `Documento disponível: ${d.titulo}`,
        text,
        html,
        cliente: { id: cliente.id, evento: 'documento.disponivel', link: path },
      });
    } catch (err) {
      this.logger.error(`Aviso de documento disponível não enviado: ${(err as Error).message}`);
    }
  }
}
