/** Labels of the registros, prazos, documentos and mensagens screens (resources.<res>.fields.<field>). */
const registroFields = {
  numero: 'Protocolo',
  clienteNome: 'Cliente',
  tipo: 'Serviço',
  servico: 'Serviço',
  status: 'Status',
  responsavelNome: 'Responsável',
  responsavelId: 'Responsável',
  prazo: 'Prazo',
  data: 'Solicitado em',
  valor: 'Valor',
  descricao: 'Descrição',
  vencido: 'Somente vencidos',
  q: 'Buscar por protocolo, cliente ou CNPJ',
};

export const registrosMessages = {
  resources: {
    registros: { name: 'Registro |||| Registros', fields: registroFields },
    auditoria: {
      name: 'Entrada |||| Auditoria',
      fields: { em: 'Quando', atorNome: 'Quem', atorId: 'Pessoa', acao: 'Ação', entidade: 'Entidade', entidadeId: 'ID', de: 'De', ate: 'Até' },
    },
    contato: {
      name: 'Mensagem |||| Mensagens',
      fields: {
        nome: 'Nome',
        email: 'E-mail',
        telefone: 'Telefone',
        assunto: 'Assunto',
        mensagem: 'Mensagem',
        status: 'Status',
        createdAt: 'Recebida em',
        remetente: 'Remetente',
        empresa: 'Empresa',
        tratada: 'Situação',
      },
    },
    documentos: {
      name: 'Documento |||| Documentos',
      fields: {
        titulo: 'Documento',
        tipo: 'Tipo',
        nomeArquivo: 'Arquivo',
        tamanho: 'Tamanho',
        clienteId: 'Cliente',
        clienteNome: 'Cliente',
        registroId: 'Registro',
        registroNumero: 'Registro',
        enviadoPor: 'Enviado por',
        data: 'Enviado por',
        enviadoEm: 'Enviado em',
        entrega: 'Entrega',
        q: 'Buscar por título, arquivo ou cliente',
      },
    },
  },
};
