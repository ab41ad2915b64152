/** Labels of the panel's bell (issue 53): the staff member's own notices. */
export const avisosMessages = {
  avisos: {
    botao: 'Avisos',
    botaoNaoLidos: 'Avisos, %{smart_count} não lido |||| Avisos, %{smart_count} não lidos',
    titulo: 'Avisos',
    vazio: 'Nenhum aviso por enquanto.',
    marcarTodas: 'Marcar todas como lidas',
    naoLido: 'Não lido',
    erro: 'Não foi possível carregar os avisos.',
    erroMarcar: 'Não foi possível marcar os avisos como lidos. Tente novamente.',
  },
};
