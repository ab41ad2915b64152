/** Labels of "Solicitações de titulares" (issue 16: the clients' LGPD requests). */
export const titularesMessages = {
  resources: {
    'solicitacoes-titulares': {
      name: 'Solicitação de titular |||| Solicitações de titulares',
      fields: {
        tipo: 'Pedido',
        clienteNome: 'Cliente',
        status: 'Situação',
        createdAt: 'Recebida em',
        prazo: 'Prazo (art. 19)',
        motivo: 'Motivo do cliente',
        dados: 'Dados pedidos',
        resposta: 'Resposta',
        respondidaEm: 'Respondida em',
        respondidaPorNome: 'Respondida por',
        atrasadas: 'Somente atrasadas',
      },
      heading: 'Solicitações de titulares',
      help:
        'Pedidos dos clientes com base na LGPD (art. 18). A resposta completa deve sair em até 15 dias do pedido (art. 19, II); ' +
        'aprovar ou recusar envia a resposta ao cliente por e-mail.',
      empty: { none: 'Nenhuma solicitação recebida', noMatch: 'Nenhuma solicitação encontrada para estes filtros' },
      actions: { aprovar: 'Aprovar', recusar: 'Recusar', fechar: 'Fechar', confirmarRecusa: 'Recusar pedido', confirmarAprovacao: 'Aprovar pedido' },
      dialogs: { aprovar: 'Aprovar solicitação', recusar: 'Recusar solicitação' },
      aviso: {
        eliminacao:
          'Aprovar anonimiza os dados pessoais do cliente e encerra o acesso dele, sem volta. Registros, cobranças e documentos fiscais são mantidos (art. 16).',
        correcao: 'Aprovar altera a razão social e/ou o CNPJ do cliente para os valores pedidos.',
      },
      respostaAprovar: 'Observação ao cliente (opcional)',
      respostaRecusar: 'Motivo da recusa (obrigatório)',
      notifications: {
        aprovada: 'Solicitação aprovada; a resposta foi enviada ao cliente.',
        recusada: 'Solicitação recusada; o motivo foi enviado ao cliente.',
        motivoObrigatorio: 'Informe o motivo da recusa.',
        erro: 'Não foi possível responder a solicitação.',
      },
    },
  },
};
