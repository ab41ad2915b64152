import { CHECKLIST_CHAVE, EtapaModelo } from '@veritas/common';

const K = CHECKLIST_CHAVE;

/*
 * The default stage templates, one per service of SERVICOS_CATALOGO, until the board edits one.
 * Where they come from:
 * - Opening, amendment, closure and transformation follow the REDESIM flow (Lei 11.598/2007, the
 *   integrated registration network): the city's viabilidade (location and activity) → the
 *   Receita Federal's DBE through the Coletor Nacional → the filing at the Junta (Lei 8.934/1994;
 *   IN DREI 81/2020) → analysis and deferral (NIRE) → CNPJ → the state's inscrição estadual → the
 *   city's inscrição municipal and alvará. An amendment needs viabilidade only when the address or
 *   the activity changes (staff skip it otherwise, with the reason).
 * - Certificates: the request at the Junta and its issue. Balance sheets: filing and archiving.
 * - Trademarks (Lei 9.279/1996): the prior-art search, the filing at the INPI, then following it
 *   through publication and examination.
 * - Consulting is the firm's own work: analysis and the written opinion.
 * Durations are the firm's usual times in business days; their sum stays near the service's SLA
 * (registro-status.ts) for the Junta-bound services.
 */
export const MODELOS_PADRAO: Readonly<Record<string, readonly EtapaModelo[]>> = {
  'abertura-empresas': [
    { nome: 'Consulta de viabilidade', responsavelTipo: 'prefeitura', duracaoDiasUteis: 2 },
    { nome: 'DBE / coletor nacional (REDESIM)', responsavelTipo: 'receita', duracaoDiasUteis: 1 },
    { nome: 'Protocolo na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 1, documentos: [K.identidadeSocios, K.enderecoSocios, K.imovel] },
    { nome: 'Análise e deferimento (NIRE)', responsavelTipo: 'junta', duracaoDiasUteis: 3 },
    { nome: 'CNPJ', responsavelTipo: 'receita', duracaoDiasUteis: 1 },
    { nome: 'Inscrição estadual', responsavelTipo: 'estado', duracaoDiasUteis: 3 },
    { nome: 'Inscrição municipal e alvará', responsavelTipo: 'prefeitura', duracaoDiasUteis: 4 },
  ],
  'alteracoes-contratuais': [
    { nome: 'Consulta de viabilidade (endereço ou atividade)', responsavelTipo: 'prefeitura', duracaoDiasUteis: 1 },
    { nome: 'DBE de alteração (REDESIM)', responsavelTipo: 'receita', duracaoDiasUteis: 1 },
    { nome: 'Protocolo na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 1, documentos: [K.contratoSocial, K.minutaAlteracao] },
    { nome: 'Análise e deferimento', responsavelTipo: 'junta', duracaoDiasUteis: 2 },
    { nome: 'Atualização das inscrições', responsavelTipo: 'estado', duracaoDiasUteis: 2 },
  ],
  'baixa-empresas': [
    { nome: 'DBE de baixa (REDESIM)', responsavelTipo: 'receita', duracaoDiasUteis: 3 },
    { nome: 'Distrato na Junta', responsavelTipo: 'junta', duracaoDiasUteis: 7, documentos: [K.distratoBaixa] },
    { nome: 'Baixa das inscrições estadual e municipal', responsavelTipo: 'estado', duracaoDiasUteis: 5 },
  ],
  'certidao-simplificada': [
    { nome: 'Pedido na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 1 },
    { nome: 'Emissão da certidão', responsavelTipo: 'junta', duracaoDiasUteis: 2 },
  ],
  'certidao-inteiro-teor': [
    { nome: 'Pedido na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 1 },
    { nome: 'Emissão da certidão', responsavelTipo: 'junta', duracaoDiasUteis: 4 },
  ],
  'arquivamento-balancos': [
    { nome: 'Protocolo na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 5, documentos: [K.balanco] },
    { nome: 'Arquivamento', responsavelTipo: 'junta', duracaoDiasUteis: 20 },
  ],
  consultoria: [
    { nome: 'Análise', responsavelTipo: 'escritorio', duracaoDiasUteis: 5 },
    { nome: 'Parecer', responsavelTipo: 'escritorio', duracaoDiasUteis: 5 },
  ],
  'marca-patentes': [
    { nome: 'Busca de anterioridade', responsavelTipo: 'escritorio', duracaoDiasUteis: 5 },
    { nome: 'Depósito no INPI', responsavelTipo: 'inpi', duracaoDiasUteis: 5, documentos: [K.logotipoMarca] },
    { nome: 'Acompanhamento e exame', responsavelTipo: 'inpi', duracaoDiasUteis: 20 },
  ],
  'transformacao-empresarial': [
    { nome: 'Consulta de viabilidade', responsavelTipo: 'prefeitura', duracaoDiasUteis: 2 },
    { nome: 'DBE de transformação (REDESIM)', responsavelTipo: 'receita', duracaoDiasUteis: 1 },
    { nome: 'Protocolo na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 1, documentos: [K.contratoSocial, K.minutaAlteracao] },
    { nome: 'Análise e deferimento', responsavelTipo: 'junta', duracaoDiasUteis: 6 },
    { nome: 'Atualização das inscrições', responsavelTipo: 'estado', duracaoDiasUteis: 5 },
  ],
};
