/** Labels of Minha conta (issue 53: the staff member's recovery e-mail) and of the board's reset link per user. */
export const contaMessages = {
  conta: {
    menu: 'Minha conta',
    heading: 'Minha conta',
    recuperacao: {
      titulo: 'E-mail de recuperação',
      ajuda:
        'Se você esquecer a senha, o link de redefinição vai para este e-mail. Use um endereço pessoal, fora do domínio da empresa: a caixa do painel só abre depois de entrar.',
      campo: 'E-mail de recuperação',
      nenhum: 'Nenhum e-mail de recuperação cadastrado. Sem ele, se esquecer a senha, peça à diretoria um link de redefinição.',
      confirmado: 'Confirmado em %{data}: os links de redefinição de senha vão para %{email}.',
      pendente: 'Aguardando confirmação: abra o link que enviamos para %{email}. Até lá, ele não é usado.',
      salvar: 'Salvar e enviar confirmação',
      remover: 'Remover',
      removerTitulo: 'Remover e-mail de recuperação',
      removerConfirmar: 'Remover %{email}? Sem e-mail de recuperação, só a diretoria poderá enviar um link de redefinição de senha.',
      obrigatorio: 'Informe o e-mail de recuperação.',
      invalido: 'E-mail de recuperação inválido',
      erroCarregar: 'Não foi possível carregar o e-mail de recuperação.',
    },
    confirmacao: {
      titulo: 'Confirmação do e-mail de recuperação',
      confirmando: 'Confirmando...',
      semToken: 'Link de confirmação incompleto. Abra o link exatamente como chegou no e-mail.',
      voltar: 'Ir para o painel',
    },
  },
  resources: {
    users: {
      sendReset: 'Enviar link de redefinição',
      resetDialog: { title: 'Enviar link de redefinição de senha' },
      confirmSendReset:
        'Enviar a %{nome} um link de redefinição de senha? O link vai para o e-mail de recuperação confirmado da pessoa (nunca à caixa do painel) e vale por 1 hora.',
      resetSent: 'Link de redefinição de senha enviado.',
      resetError: 'Não foi possível enviar o link',
    },
  },
};
