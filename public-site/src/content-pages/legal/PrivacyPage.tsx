import { firm, fullAddress, mailHref, privacy } from '../../firm';
import { PageHero } from '../shared';

export const PRIVACY_UPDATED = '24 de novembro de 2026';

/** "365 dias" / "1 dia". */
function retentionText(days: number): string {
  return days === 1 ? '1 dia' : `${days} dias`;
}

/** One row of the "what we collect" table. */
interface Treatment {
  where: string;
  data: string;
  why: string;
  basis: string;
  howLong: string;
}

const TREATMENTS: Treatment[] = [
  {
    where: 'Formulário de contato',
    data: 'Nome, e-mail, telefone, empresa (opcional), assunto, mensagem, o aceite destes termos e a data e hora do aceite.',
    why: 'Responder ao seu contato e, se você pedir, preparar um orçamento.',
    basis: 'Procedimentos preliminares a um contrato, a seu pedido (art. 7º, V) e consentimento (art. 7º, I).',
    howLong: `${retentionText(privacy.contactRetentionDays)} depois do envio; depois disso a mensagem é apagada automaticamente. Se virar contrato, os dados passam ao cadastro de cliente.`,
  },
  {
    where: 'Cadastro de cliente e área do cliente',
    data: 'Dados da empresa (razão social, nome fantasia, CNPJ, NIRE, endereço, telefones, e-mails); do responsável e do assinante do DBE (nome completo, cargo, data de nascimento, telefone, e-mail); senha, guardada apenas como resumo criptográfico; pedidos, documentos enviados e mensagens trocadas.',
    why: 'Prestar os serviços de registro contratados, identificar você no acesso e cumprir as exigências dos órgãos de registro.',
    basis: 'Execução de contrato (art. 7º, V) e cumprimento de obrigação legal ou regulatória (art. 7º, II).',
    howLong: 'Enquanto a conta estiver ativa e por mais 5 anos depois do encerramento, prazo de guarda de documentos e de eventuais reclamações.',
  },
  {
    where: 'Consultas de CNPJ e CEP',
    data: 'O número do CNPJ ou do CEP informado.',
    why: 'Preencher o cadastro com os dados públicos da empresa e do endereço.',
    basis: 'Procedimentos preliminares a um contrato (art. 7º, V).',
    howLong: 'Enquanto existir o cadastro da empresa; a mesma resposta é reaproveitada por até 30 dias antes de uma nova consulta.',
  },
  {
    where: 'Recuperação de senha',
    data: 'O e-mail informado e um código de uso único, guardado apenas como resumo criptográfico.',
    why: 'Permitir que você escolha uma nova senha com segurança.',
    basis: 'Execução de contrato (art. 7º, V).',
    howLong: 'O link vale por 1 hora e só pode ser usado uma vez.',
  },
  {
    where: 'Proteção contra abuso',
    data: 'Endereço IP de quem envia o formulário de contato, consulta CNPJ ou CEP, ou tenta entrar.',
    why: 'Limitar tentativas repetidas e impedir envios automáticos (spam).',
    basis: 'Legítimo interesse (art. 7º, IX).',
    howLong: 'Só nos contadores de limite (na memória do servidor ou no cache compartilhado), por alguns minutos.',
  },
  {
    where: 'Registro de atividades (trilha de auditoria)',
    data: 'Cada entrada na área do cliente ou no painel, inclusive as tentativas recusadas, e cada alteração de cadastro, pedido, documento ou cobrança: data e hora, endereço IP, quem agiu e o que mudou (nunca a senha). Os pedidos feitos com base na LGPD e as respostas também ficam registrados.',
    why: 'Saber quem alterou o quê e quando, detectar acessos indevidos e comprovar o que foi feito.',
    basis: 'Cumprimento de obrigação legal (art. 7º, II; Marco Civil da Internet, art. 15) e legítimo interesse (art. 7º, IX).',
    howLong: `${retentionText(privacy.auditRetentionDays)} depois de cada registro; depois disso é apagado automaticamente. Um pedido de eliminação não apaga o histórico já registrado, mas a própria eliminação fica registrada sem os dados apagados.`,
  },
];

/** /privacidade: the privacy notice (LGPD, Lei 13.709/2018). */
export function PrivacyPage() {
  return (
    <>
      <PageHero
        eyebrow="Privacidade"
        title="Política de privacidade"
        lead="Quais dados pessoais o site e a área do cliente tratam, por que, por quanto tempo, e como você exerce os seus direitos."
      />
      <div className="container">
        <article className="prose legal">
          <p className="muted">Última atualização: {PRIVACY_UPDATED}.</p>

          <h2>Quem é o controlador</h2>
          <p>
            O controlador dos dados pessoais tratados neste site e na área do cliente é a {firm.brandName}, com endereço em{' '}
            {fullAddress()}. Para qualquer assunto sobre os seus dados, escreva para o nosso encarregado.
          </p>

          <h2>Encarregado pelo tratamento de dados pessoais</h2>
          <p className="legal__dpo">
            O encarregado (LGPD, art. 41) é <strong>{privacy.dpoName}</strong>, que atende pelo e-mail{' '}
            <a href={mailHref(privacy.dpoEmail, 'LGPD')}>{privacy.dpoEmail}</a>. Escreva com o assunto “LGPD”.
          </p>

          <h2>Quais dados tratamos, por que e por quanto tempo</h2>
          <div className="table-scroll" role="region" aria-label="Dados tratados" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Onde</th>
                  <th scope="col">Dados</th>
                  <th scope="col">Finalidade</th>
                  <th scope="col">Base legal (LGPD)</th>
                  <th scope="col">Prazo de guarda</th>
                </tr>
              </thead>
              <tbody>
                {TREATMENTS.map((row) => (
                  <tr key={row.where}>
                    <th scope="row">{row.where}</th>
                    <td data-label="Dados">{row.data}</td>
                    <td data-label="Finalidade">{row.why}</td>
                    <td data-label="Base legal">{row.basis}</td>
                    <td data-label="Prazo de guarda">{row.howLong}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            Terminado o prazo de guarda, os dados são eliminados ou anonimizados, salvo quando a lei exigir que sejam mantidos
            por mais tempo.
          </p>

          <h2>O que não fazemos</h2>
          <ul>
            <li>Não usamos cookies de rastreamento, ferramentas de análise de terceiros nem publicidade.</li>
            <li>As páginas do site não carregam nada de outros sites: fontes, scripts e imagens são servidos por nós. O mapa só é aberto no site do OpenStreetMap quando você clica para vê-lo.</li>
            <li>Não vendemos nem alugamos dados pessoais.</li>
          </ul>
          <p>
            Ao entrar na área do cliente, o navegador guarda no armazenamento local o seu código de acesso (token), o tipo
            de conta e o seu nome, apenas para manter você conectado. Eles são apagados quando você clica em “Sair”.
          </p>

          <h2>Com quem compartilhamos</h2>
          <p>Só o necessário para prestar o serviço que você contratou:</p>
          <ul>
            <li>Juntas Comerciais, Receita Federal, secretarias estaduais e municipais e o INPI, nos pedidos que fazemos em seu nome;</li>
            <li>os serviços públicos de consulta de CNPJ e de CEP, que recebem apenas o número consultado;</li>
            <li>o provedor de hospedagem e o serviço de envio de e-mails, que tratam os dados em nosso nome e sob nossas instruções;</li>
            <li>autoridades, quando houver ordem judicial ou obrigação legal.</li>
          </ul>

          <h2>Seus direitos</h2>
          <p>Como titular dos dados, você pode pedir a qualquer momento (LGPD, art. 18):</p>
          <ul>
            <li>a confirmação de que tratamos dados seus e o acesso a eles;</li>
            <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
            <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;</li>
            <li>a portabilidade dos dados a outro fornecedor;</li>
            <li>a eliminação dos dados tratados com o seu consentimento e a revogação desse consentimento;</li>
            <li>a informação sobre com quem compartilhamos os seus dados e sobre a possibilidade de não consentir e suas consequências;</li>
            <li>a oposição a um tratamento feito sem o seu consentimento, se ele descumprir a lei.</li>
          </ul>

          <h2>Como exercer seus direitos</h2>
          <p>
            Clientes exercem os direitos na área do cliente, em “Meus dados”: baixar uma cópia de todos os dados (um
            arquivo ZIP), corrigir os dados de contato, pedir a correção da razão social ou do CNPJ e pedir a eliminação dos
            dados. Também é possível enviar o pedido ao encarregado, <a href={mailHref(privacy.dpoEmail, 'LGPD')}>{privacy.dpoEmail}</a>,
            com o assunto “LGPD”, a partir do e-mail cadastrado, ou por carta ao nosso endereço. Podemos pedir uma confirmação
            de identidade antes de atender, para proteger os seus dados. Respondemos em até 15 dias.
          </p>
          <p>
            Se não ficar satisfeito com a nossa resposta, você pode apresentar uma petição à Autoridade Nacional de Proteção
            de Dados (ANPD).
          </p>

          <h2>Segurança</h2>
          <p>
            As senhas são guardadas apenas como resumo criptográfico, o acesso à área do cliente e ao painel da equipe exige
            autenticação, cada cliente só vê os próprios dados e os links de recuperação de senha valem uma única vez por 1
            hora. Em caso de incidente de segurança que possa causar risco ou dano relevante, avisaremos os titulares
            afetados e a ANPD.
          </p>

          <h2>Mudanças nesta política</h2>
          <p>
            Esta política pode mudar quando mudarem os nossos serviços ou a lei. A data da última atualização fica no topo
            da página; mudanças relevantes serão avisadas por e-mail aos clientes cadastrados.
          </p>
        </article>
      </div>
    </>
  );
}
