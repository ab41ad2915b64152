/** Labels of a client's "Membros" tab (issue 54, ADR 0058): resources.membros.*. */
export const membrosMessages = {
  resources: {
    membros: {
      name: 'Membros',
      fields: {
        nome: 'Nome',
        email: 'E-mail',
        cpf: 'CPF (opcional)',
        papel: 'Papel',
        capacidades: 'O que pode fazer',
        status: 'Situação',
      },
      status: { convidado: 'Convidado', ativo: 'Ativo', removido: 'Removido' },
      conviteAte: 'Convite vale até %{data}',
      vazio: 'Nenhum membro.',
      actions: {
        convidar: 'Convidar membro',
        enviar: 'Enviar convite',
        reenviar: 'Reenviar convite',
        revogar: 'Revogar convite',
        alterar: 'Alterar papel',
        salvar: 'Salvar',
        remover: 'Remover',
      },
      dialogs: { convidar: 'Convidar membro', alterar: 'Papel de %{nome}', remover: 'Remover %{nome}?' },
      confirmRemover: 'O acesso de %{nome} termina na hora; o que fez continua assinado com o nome dele.',
      notifications: {
        convidado: 'Convite enviado para %{email}.',
        reenviado: 'Convite reenviado.',
        revogado: 'Convite revogado.',
        alterado: 'Papel alterado.',
        removido: 'Membro removido.',
      },
      errors: { geral: 'Não foi possível concluir a ação.', email: 'E-mail inválido' },
    },
  },
};
