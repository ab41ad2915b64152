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
  clienteId: 'Cliente',
  juntaUf: 'Junta Comercial',
};

export const registrosMessages = {
  mensagens: {
    resposta: {
      titulo: 'Responder para %{email}',
      formulario: 'Responder por e-mail',
      resposta: 'Resposta',
      vazia: 'Escreva a resposta.',
      enviar: 'Enviar resposta',
      enviada: 'Resposta enviada com sucesso!',
    },
  },
  resources: {
    registros: {
      name: 'Registro |||| Registros',
      fields: registroFields,
      actions: { criar: 'Criar' },
      dialogs: { create: 'Novo registro para um cliente' },
      helper: { servico: 'Escolha primeiro o cliente.', juntaPadrao: 'A do estado do cliente' },
      notifications: { criado: 'Registro %{numero} aberto.' },
      errors: { create: 'Não foi possível abrir o registro.' },
    },
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
