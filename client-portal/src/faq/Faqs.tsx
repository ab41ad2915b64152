import { useId, useState } from 'react';
import { prazoServico } from '@veritas/common';

/*
 * The client area's four questions (§2.15). The spec fixes their subjects; the time of registering a
 * company comes from the one table of service levels (issue 10: the spec's 3 to 7 disagreed with the
 * public FAQ's 5 to 15 and the due dates); the other answers describe this portal.
 */
const FAQS: readonly { pergunta: string; resposta: string }[] = [
  {
    pergunta: 'Como acompanho o status da minha solicitação?',
    resposta:
      "Na aba 'Registros e Solicitações', localize o registro pelo número de protocolo, pelo tipo ou pela descrição e clique em " +
      'Detalhes: você vê o status atual, cada etapa do andamento, o prazo e os documentos. A cada mudança de status você também ' +
      'recebe um e-mail.',
  },
  {
    pergunta: 'Quanto tempo leva para registrar uma empresa?',
    resposta:
      `O registro de uma empresa leva, em geral, ${prazoServico('abertura-empresas')} após a entrega de toda a documentação, ` +
      'conforme a Junta Comercial do seu estado. O prazo de cada solicitação aparece nos detalhes do registro.',
  },
  {
    pergunta: 'Quais documentos são necessários para uma alteração contratual?',
    resposta:
      'Em geral: o contrato social e as alterações anteriores, documento de identidade e CPF dos sócios e administradores, e o ' +
      'comprovante de endereço quando a sede muda. Nossa equipe confirma a lista exata ao analisar a sua solicitação; envie os ' +
      "arquivos em 'Enviar Documento' ou anexe-os à própria solicitação.",
  },
  {
    pergunta: 'Como solicito uma certidão?',
    resposta:
      "Clique em 'Nova Solicitação', escolha Certidão Simplificada ou Certidão de Inteiro Teor, descreva para que precisa dela e " +
      "envie. Quando a certidão estiver pronta, ela aparece na aba 'Documentos' para download.",
  },
];

/** An accordion with one answer open at a time. */
export function Faqs() {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  return (
    <section aria-labelledby={`${base}-title`}>
      <h1 className="tab-title" id={`${base}-title`}>
        Perguntas Frequentes
      </h1>
      <div className="accordion">
        {FAQS.map((faq, i) => {
          const expanded = open === i;
          return (
            <div key={faq.pergunta} className="accordion__item">
              <h2 className="accordion__heading">
                <button
                  type="button"
                  id={`${base}-q${i}`}
                  className="accordion__button"
                  aria-expanded={expanded}
                  aria-controls={`${base}-a${i}`}
                  onClick={() => setOpen(expanded ? null : i)}
                >
                  {faq.pergunta}
                  <span className="accordion__icon" aria-hidden="true">
                    {expanded ? '−' : '+'}
                  </span>
                </button>
              </h2>
              <div id={`${base}-a${i}`} role="region" aria-labelledby={`${base}-q${i}`} className="accordion__panel" hidden={!expanded}>
                <p>{faq.resposta}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
