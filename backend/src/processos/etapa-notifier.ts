import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EtapaResponse, janelaDatasBR, RegistroDetalheResponse, PORTAL_PATHS, portalLink } from '@veritas/common';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { escapeHtml, MailService } from '../mail';

/**
 * Tells the client a stage of its process was completed, through the mail outbox, after the
 * commit; failures are logged and swallowed (as RegistroNotifier does for status changes). The
 * process's conclusion is the status e-mail's ("Concluído"), not this one.
 */
@Injectable()
export class EtapaNotifier {
  private readonly logger = new Logger(EtapaNotifier.name);

  constructor(
    private readonly mail: MailService,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async etapaConcluida(clienteId: string, r: RegistroDetalheResponse, etapa: EtapaResponse, nota: string | null): Promise<void> {
    try {
      const cliente = await this.clientes.findOne({ where: { id: clienteId }, select: { id: true, email: true, razaoSocial: true } });
      if (!cliente?.email) return;
      await this.mail.enqueue({ to: [cliente.email], ...etapaMail(this.config, cliente.razaoSocial, r, etapa, nota), cliente: { id: cliente.id, evento: 'processo.etapa', link: PORTAL_PATHS.registro(r._id) } });
    } catch (err) {
      this.logger.error(`Aviso de etapa concluída do registro ${r.numero} não enviado: ${(err as Error).message}`);
    }
  }
}

/** Subject and bodies of the stage e-mail (pt-BR, values escaped in the HTML). */
export function etapaMail(
  config: AppConfig,
  nome: string,
  r: RegistroDetalheResponse,
  etapa: EtapaResponse,
  nota: string | null,
): { subject: string; text: string; html: string } {
  const link = portalLink(config.firm.siteUrl, PORTAL_PATHS.registro(r._id));
  const proxima = r.etapas?.find((e) => e.status === 'pendente' || e.status === 'andamento') ?? null;
  const previsao = r.previsao?.conclusao ?? null;
  const lines = [
    `Olá, ${nome}.`,
    '',
    `A etapa "${etapa.nome}" do seu registro ${r.numero} (${r.tipo}) foi concluída.`,
    ...(etapa.protocolo ? ['', `Protocolo: ${etapa.protocolo}`] : []),
    ...(nota ? ['', `Observação: ${nota}`] : []),
    ...(proxima ? ['', `Próxima etapa: ${proxima.nome}.`] : []),
    ...(previsao ? ['', `Previsão de conclusão: ${janelaDatasBR(previsao.de, previsao.ate)}.`] : []),
    '',
    `Acompanhe pela área do cliente: ${link}`,
    '',
    config.firm.brandName,
  ];
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    p(`Olá, ${nome}.`),
    `<p>A etapa <strong>${escapeHtml(etapa.nome)}</strong> do seu registro <strong>${escapeHtml(r.numero)}</strong> (${escapeHtml(r.tipo)}) foi concluída.</p>`,
    ...(etapa.protocolo ? [p(`Protocolo: ${etapa.protocolo}`)] : []),
    ...(nota ? [p(`Observação: ${nota}`)] : []),
    ...(proxima ? [p(`Próxima etapa: ${proxima.nome}.`)] : []),
    ...(previsao ? [p(`Previsão de conclusão: ${janelaDatasBR(previsao.de, previsao.ate)}.`)] : []),
    `<p>Acompanhe pela <a href="${escapeHtml(link)}">área do cliente</a>.</p>`,
    p(config.firm.brandName),
  ].join('\n');
  return { subject: `Registro ${r.numero}: etapa "${etapa.nome}" concluída`, text: lines.join('\n'), html };
}
