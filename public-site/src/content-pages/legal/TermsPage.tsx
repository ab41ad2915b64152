import { firm, mailHref } from '../../firm';
import { PageHero } from '../shared';
import { PRIVACY_UPDATED } from './PrivacyPage';

/** /termos: the site's and the client area's terms of use. */
export function TermsPage() {
  return (
    <>
      <PageHero
        eyebrow="Termos"
        title="Termos de uso"
        lead={`As regras para usar o site e a área do cliente da ${firm.brandName}.`}
      />
      <div className="container">
        <article className="prose legal">
          <p className="muted">Última atualização: {PRIVACY_UPDATED}.</p>

          <h2>1. Sobre estes termos</h2>
          <p>
            Estes termos valem para quem visita este site, envia mensagens pelo formulário de contato ou usa a área do
            cliente. Ao usar o site você concorda com eles e com a nossa <a href="/privacidade">política de privacidade</a>.
          </p>

          <h2>2. Informações do site</h2>
          <p>
            Os textos do site, inclusive as perguntas frequentes e o blog, são informativos. Os prazos citados são os
            típicos de cada serviço e dependem dos órgãos de registro; eles não substituem a análise do seu caso, que
            fazemos antes de qualquer contratação.
          </p>

          <h2>3. Contratação dos serviços</h2>
          <p>
            O envio do formulário de contato não contrata nenhum serviço. Cada serviço é contratado com uma proposta que
            informa o escopo, os documentos necessários, os honorários, as taxas públicas e o prazo estimado.
          </p>

          <h2>4. Área do cliente</h2>
          <ul>
            <li>O cadastro deve ser feito por quem tem poderes para representar a empresa, com dados verdadeiros e atualizados.</li>
            <li>O e-mail e a senha de acesso são pessoais: guarde a senha em sigilo e avise-nos se suspeitar de uso indevido.</li>
            <li>Os documentos enviados pela área do cliente devem ser cópias fiéis e usados apenas para os serviços contratados.</li>
            <li>Podemos suspender o acesso em caso de uso indevido ou de risco à segurança, avisando o cliente.</li>
          </ul>

          <h2>5. Propriedade intelectual</h2>
          <p>
            Os textos, a marca e o layout deste site pertencem à {firm.brandName}. Você pode compartilhar links para as
            nossas páginas; a reprodução do conteúdo depende de autorização.
          </p>

          <h2>6. Responsabilidades</h2>
          <p>
            Trabalhamos para manter o site disponível e as informações corretas, mas o site pode passar por manutenções.
            Não respondemos por decisões tomadas só com base nos textos informativos, sem a orientação de um especialista,
            nem por prazos e exigências que dependem exclusivamente dos órgãos públicos.
          </p>

          <h2>7. Dados pessoais</h2>
          <p>
            O tratamento de dados pessoais segue a Lei Geral de Proteção de Dados (Lei 13.709/2018), como descrito na{' '}
            <a href="/privacidade">política de privacidade</a>.
          </p>

          <h2>8. Contato e foro</h2>
          <p>
            Dúvidas sobre estes termos: <a href={mailHref(firm.email, 'Termos de uso')}>{firm.email}</a>. Fica eleito o foro
            da comarca de {firm.city} - {firm.state}, ressalvado o direito do consumidor de propor ação no foro do seu
            domicílio.
          </p>
        </article>
      </div>
    </>
  );
}
