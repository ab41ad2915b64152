/** Labels of the Fila de saída (issue 53: the system messages, for the board) and of the panel's mail banner. */
export const filaSaidaMessages = {
  resources: {
    'fila-saida': {
      name: 'Mensagem |||| Mensagens',
      fields: {
        para: 'Para',
        assunto: 'Assunto',
        evento: 'Evento',
        estado: 'Situação',
        tentativas: 'Tentativas',
        ultimoErro: 'Último erro',
        createdAt: 'Criada em',
        updatedAt: 'Atualizada em',
        q: 'Buscar por destinatário ou assunto',
        acoes: 'Ações',
      },
    },
    filaSaida: {
      heading: 'Fila de saída',
      help: 'Cada mensagem que o sistema envia (avisos aos clientes, links de redefinição de senha, mensagens do site) passa por esta fila: aqui estão a situação, as tentativas e o último erro de cada uma.',
      vazia: 'Nenhuma mensagem na fila de saída.',
      proxima: 'Próxima tentativa: %{quando}',
      actions: { reenviar: 'Reenviar', cancelar: 'Cancelar envio' },
      confirmar: 'Cancelar o envio de "%{assunto}"? A mensagem não sairá mais e o seu conteúdo será removido.',
      notifications: {
        reenviada: 'Mensagem posta para envio agora.',
        cancelada: 'Envio cancelado.',
        erro: 'Não foi possível concluir a ação.',
        erroCarregar: 'Erro ao carregar a fila de saída: ',
      },
      banner: { link: 'Ver a fila de saída', configurar: 'Configurar o e-mail de saída' },
    },
  },
};
