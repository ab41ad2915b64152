/** Labels of a client's "Linha do tempo" (issue 56, ADR 0054): resources.linha-do-tempo.*. */
export const linhaDoTempoMessages = {
  resources: {
    'linha-do-tempo': {
      name: 'Linha do tempo',
      fields: {
        data: 'Quando',
        tipo: 'Tipo',
        tipoLabel: 'Tipo',
        titulo: 'O que aconteceu',
        registroId: 'Registro',
      },
      todosRegistros: 'Todos os registros',
      vazio: 'Nada registrado para este cliente ainda.',
    },
  },
};
