import { CHECKLIST_CHAVE, ChecklistModeloItem } from '@veritas/common';

const C = CHECKLIST_CHAVE;

/**
 * The documents the firm asks for, per catalogue service, before the board edits them (seeded by
 * migration 1764400000000). Written from what the Juntas' and REDESIM's own guides ask of an
 * abertura, alteração, baixa and so on; keys of CHECKLIST_CHAVE where a stage template refers to them.
 */
export const CHECKLIST_PADRAO: Readonly<Record<string, readonly ChecklistModeloItem[]>> = {
  'abertura-empresas': [
    { chave: C.identidadeSocios, nome: 'Documento de identidade e CPF de cada sócio', descricao: 'RG, CNH ou outro documento oficial com foto, e o CPF, de cada sócio e administrador.', obrigatorio: true },
    { chave: C.enderecoSocios, nome: 'Comprovante de endereço dos sócios', descricao: 'Conta de consumo ou extrato recente (até 90 dias) de cada sócio.', obrigatorio: true },
    { chave: C.imovel, nome: 'IPTU ou contrato de locação do imóvel', descricao: 'Do endereço da sede: carnê do IPTU com a inscrição imobiliária, ou o contrato de locação/comodato.', obrigatorio: true },
    { chave: 'estado-civil-socios', nome: 'Certidão de casamento dos sócios casados', descricao: 'Para informar o regime de bens.', obrigatorio: false },
  ],
  'alteracoes-contratuais': [
    { chave: C.contratoSocial, nome: 'Contrato social vigente e última alteração', descricao: 'A consolidação registrada na Junta, com todas as alterações.', obrigatorio: true },
    { chave: C.minutaAlteracao, nome: 'Descrição da alteração desejada', descricao: 'O que muda (sócios, capital, endereço, atividade, nome) ou a minuta, se já houver.', obrigatorio: true },
    { chave: C.identidadeSocios, nome: 'Documento de identidade e CPF dos sócios que entram', descricao: 'Somente de quem entra na sociedade ou passa a administrá-la.', obrigatorio: false },
    { chave: C.imovel, nome: 'IPTU ou contrato de locação do novo endereço', descricao: 'Somente em mudança de endereço.', obrigatorio: false },
  ],
  'baixa-empresas': [
    { chave: C.contratoSocial, nome: 'Contrato social vigente e última alteração', descricao: null, obrigatorio: true },
    { chave: C.distratoBaixa, nome: 'Distrato social assinado', descricao: 'Assinado por todos os sócios (o escritório pode redigi-lo e enviá-lo para assinatura).', obrigatorio: true },
    { chave: C.identidadeSocios, nome: 'Documento de identidade e CPF de cada sócio', descricao: null, obrigatorio: true },
  ],
  'certidao-simplificada': [
    { chave: 'dados-empresa', nome: 'CNPJ ou NIRE da empresa', descricao: 'Um documento onde constem o CNPJ ou o NIRE.', obrigatorio: true },
  ],
  'certidao-inteiro-teor': [
    { chave: 'dados-empresa', nome: 'CNPJ ou NIRE da empresa', descricao: 'Um documento onde constem o CNPJ ou o NIRE.', obrigatorio: true },
    { chave: 'atos-solicitados', nome: 'Relação dos atos desejados', descricao: 'Quais atos arquivados (número e data, se souber).', obrigatorio: false },
  ],
  'arquivamento-balancos': [
    { chave: C.balanco, nome: 'Balanço patrimonial e DRE assinados', descricao: 'Assinados pelo administrador e pelo contador.', obrigatorio: true },
    { chave: 'ata-aprovacao-contas', nome: 'Ata de aprovação das contas', descricao: 'Da reunião ou assembleia que aprovou as contas.', obrigatorio: false },
  ],
  consultoria: [
    { chave: 'documentos-empresa', nome: 'Documentos da empresa para análise', descricao: 'Contrato social e o que se relacionar à consulta.', obrigatorio: false },
  ],
  'marca-patentes': [
    { chave: C.logotipoMarca, nome: 'Logotipo da marca', descricao: 'Imagem em boa resolução (para marca mista ou figurativa).', obrigatorio: false },
    { chave: 'titular-marca', nome: 'Documento do titular', descricao: 'CNPJ da empresa ou documento de identidade e CPF da pessoa titular.', obrigatorio: true },
  ],
  'transformacao-empresarial': [
    { chave: C.contratoSocial, nome: 'Contrato social vigente e última alteração', descricao: null, obrigatorio: true },
    { chave: C.minutaAlteracao, nome: 'Descrição da transformação desejada', descricao: 'O novo tipo jurídico (por exemplo, de EIRELI ou empresário para LTDA) e o que muda com ele.', obrigatorio: true },
    { chave: C.identidadeSocios, nome: 'Documento de identidade e CPF de cada sócio', descricao: null, obrigatorio: true },
    { chave: C.balanco, nome: 'Balanço patrimonial de transformação', descricao: 'Quando o novo tipo o exigir.', obrigatorio: false },
  ],
};
