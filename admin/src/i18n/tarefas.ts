/** Labels of the Tarefas screen (issue 15: the background jobs, for the master). */
export const tarefasMessages = {
  resources: {
    'tarefas/falhas': {
      name: 'Falha |||| Falhas',
      fields: { nome: 'Tarefa', erro: 'Erro', tentativas: 'Tentativas', criadaEm: 'Criada em', falhouEm: 'Falhou em' },
    },
    tarefas: {
      heading: 'Tarefas em segundo plano',
      help: 'Lembretes, varreduras, retenção, cópias de segurança e a fila de e-mails rodam sozinhos. Aqui estão os horários, a última execução de cada tarefa e as execuções que falharam.',
      modo: {
        redis: 'Fila compartilhada (Redis): cada execução roda uma vez, em uma das réplicas, com novas tentativas automáticas.',
        local: 'Modo local: as tarefas rodam neste processo; uma falha é tentada de novo no próximo período.',
      },
      fields: { nome: 'Tarefa', periodo: 'Frequência', proxima: 'Próxima execução', ultima: 'Última execução', acoes: 'Ações' },
      contagens: { aguardando: 'Aguardando', emExecucao: 'Em execução', atrasadas: 'Agendadas', falhas: 'Falhas' },
      nenhuma: 'Nenhuma tarefa agendada neste servidor (BACKGROUND_JOBS=false?).',
      nunca: 'Ainda não executada',
      ok: 'Concluída',
      falhou: 'Falhou',
      falhas: 'Execuções com falha',
      semFalhas: 'Nenhuma falha registrada.',
      actions: { executar: 'Executar agora', repetir: 'Repetir', descartar: 'Descartar', atualizar: 'Atualizar' },
      notifications: {
        executando: 'Tarefa "%{nome}" posta para rodar agora.',
        repetida: 'A tarefa voltou para a fila.',
        descartada: 'Falha descartada.',
        erro: 'Não foi possível concluir a ação.',
        erroCarregar: 'Erro ao carregar as tarefas: ',
      },
    },
  },
};
