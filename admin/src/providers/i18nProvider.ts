import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import ptBrMessages from 'ra-language-pt-br';
import { CLIENTE_FIELD_LABELS, CONTAGEM_LIMITE } from '@veritas/common';
import { registrosMessages } from '../i18n/registros';
import { processosMessages } from '../i18n/processos';
import { equipeMessages } from '../i18n/equipe';
import { titularesMessages } from '../i18n/titulares';
import { tarefasMessages } from '../i18n/tarefas';
import { filaSaidaMessages } from '../i18n/filaSaida';
import { emailSaidaMessages } from '../i18n/emailSaida';
import { financasMessages } from '../i18n/financas';
import { agendaMessages } from '../i18n/agenda';
import { emailMessages } from '../i18n/email';
import { contaMessages } from '../i18n/conta';
import { avisosMessages } from '../i18n/avisos';
import { linhaDoTempoMessages } from '../i18n/linhaDoTempo';
import { membrosMessages } from '../i18n/membros';
import { mergeMessages } from '../i18n/mergeMessages';

/*
 * ra-language-pt-br@1.5.1 (ra-core 5) lacks six of react-admin 5.15's keys, and a few of its
 * strings read better corrected; ours win.
 */
const completions = {
  ra: {
    action: {
      reset: 'Redefinir',
      search_columns: 'Buscar colunas',
      toggle_theme: 'Alternar tema claro/escuro',
    },
    page: {
      loading: 'Carregando...',
    },
    navigation: {
      last: 'Ir para a última página',
      first: 'Ir para a primeira página',
      // Partial pagination comes only from a count stopped at its limit (issue 14): say the limit.
      partial_page_range_info: `%{offsetBegin}–%{offsetEnd} de mais de ${new Intl.NumberFormat('pt-BR').format(CONTAGEM_LIMITE)}`,
    },
    notification: {
      offline: 'Sem conexão. Não foi possível carregar os dados.',
    },
    validation: {
      unique: 'Deve ser único',
    },
    guesser: {
      empty: {
        title: 'Sem dados para exibir',
        message: 'Verifique o provedor de dados',
      },
    },
  },
};

/**
 * The panel's screens (resources.<res>.*): field labels (also the CSV headers), headings, dialog
 * titles, empty texts and the notifications of each action, read with useTranslate.
 */
const resources = {
  resources: {
    clientes: {
      name: 'Cliente |||| Clientes',
      fields: {
        ...CLIENTE_FIELD_LABELS,
        status: 'Status',
        tipoClienteId: 'Tipo de cliente',
        createdAt: 'Data de Cadastro',
      },
      heading: 'Gerenciamento de Clientes',
      add: 'Adicionar Cliente',
      search: 'Buscar clientes...',
      dialogs: { create: 'Novo Cliente', edit: 'Editar Cliente', show: 'Detalhes do Cliente', delete: 'Excluir cliente' },
      empty: { none: 'Não há clientes cadastrados', noMatch: 'Nenhum cliente encontrado para esta busca', record: 'Nenhum cliente selecionado' },
      notifications: {
        created: 'Cliente cadastrado com sucesso!',
        updated: 'Cliente atualizado com sucesso!',
        deleted: 'Cliente excluído com sucesso!',
        inactivated: 'Cliente inativado |||| %{smart_count} clientes inativados',
      },
      confirmDelete: 'Tem certeza que deseja excluir este cliente?',
      inactivate: 'Inativar',
      deleteInactiveWarning: 'Os registros e documentos deste cliente também serão excluídos, sem possibilidade de recuperação.',
      credentialsNote:
        'Somente a Diretoria e o Master alteram o e-mail de acesso e a senha do cliente. Para o cliente trocar a senha, use "Enviar redefinição de senha" nos detalhes.',
      sendReset: 'Enviar redefinição de senha',
      emails: 'Emails do cliente',
      sendResetConfirm: 'Enviar',
      confirmSendReset: 'Enviar para %{email} um link de redefinição de senha? O link vale por 1 hora.',
      resetDialog: { title: 'Enviar redefinição de senha' },
      bulk: {
        title: { ativo: 'Ativar clientes', inativo: 'Inativar clientes' },
        confirm: {
          ativo: 'Ativar o cliente selecionado? |||| Ativar os %{smart_count} clientes selecionados?',
          inativo: 'Inativar o cliente selecionado? Ele não poderá entrar no portal. |||| Inativar os %{smart_count} clientes selecionados? Eles não poderão entrar no portal.',
        },
        nothing: { ativo: 'Os clientes selecionados já estão ativos.', inativo: 'Os clientes selecionados já estão inativos.' },
      },
      cnpjLookup: {
        button: 'Consultar',
        busy: 'Consultando...',
        length: 'CNPJ deve ter 14 dígitos',
        filled: 'Preenchido a partir do CNPJ: %{fields}.',
        nothing: 'A consulta não trouxe dados para preencher.',
        failed: 'Erro ao buscar informações do CNPJ: %{reason}',
      },
      resetNotifications: {
        sent: 'Link de redefinição de senha enviado.',
        error: 'Erro ao enviar link de redefinição de senha',
      },
    },
    users: {
      name: 'Usuário |||| Usuários',
      fields: {
        username: 'Usuário',
        nomeCompleto: 'Nome Completo',
        email: 'E-mail',
        role: 'Função',
        createdAt: 'Data de Cadastro',
      },
      heading: 'Gerenciamento de Usuários',
      add: 'Novo Usuário',
      search: 'Buscar por nome, email...',
      dialogs: { create: 'Novo Usuário', edit: 'Editar Usuário', delete: 'Excluir usuário' },
      empty: { none: 'Nenhum usuário encontrado.', noMatch: 'Nenhum usuário encontrado.' },
      notifications: {
        created: 'Usuário criado com sucesso!',
        updated: 'Usuário atualizado com sucesso!',
        deleted: 'Usuário excluído com sucesso!',
      },
    },
    'tipos-cliente': {
      name: 'Tipo de Cliente |||| Tipos de Cliente',
      fields: {
        nome: 'Nome',
        servicos: 'Serviços',
        ativo: 'Status',
        createdAt: 'Data de Cadastro',
        updatedAt: 'Última atualização',
      },
      heading: 'Tipos de Cliente',
      add: 'Cadastrar Tipo de Cliente',
      search: 'Buscar tipos de cliente...',
      dialogs: { create: 'Cadastrar Tipo de Cliente', edit: 'Editar Tipo de Cliente', show: 'Detalhes do Tipo de Cliente', delete: 'Excluir tipo de cliente' },
      empty: { none: 'Não há tipos de cliente cadastrados', noMatch: 'Nenhum tipo de cliente encontrado para esta busca', servicos: 'Nenhum serviço cadastrado' },
      notifications: {
        created: 'Tipo de cliente cadastrado com sucesso!',
        updated: 'Tipo de cliente atualizado com sucesso!',
        deleted: 'Tipo de cliente excluído com sucesso!',
      },
    },
  },
  panel: {
    status: { ativo: 'Ativo', inativo: 'Inativo' },
    tabs: { todos: 'Todos', ativos: 'Ativos', inativos: 'Inativos', byStatus: 'Filtrar por status' },
    actions: { edit: 'Editar', delete: 'Excluir', close: 'Fechar', cancel: 'Cancelar', save: 'Salvar', activate: 'Ativar', inactivate: 'Inativar', details: 'Detalhes' },
    theme: { light: 'Tema claro', dark: 'Tema escuro' },
    loading: 'Carregando...',
    columns: { actions: 'Ações' },
  },
};

/** The catalogues the panel's messages are merged from, later ones winning. */
export const catalogues = [
  ptBrMessages,
  completions,
  resources,
  registrosMessages,
  processosMessages,
  equipeMessages,
  titularesMessages,
  tarefasMessages,
  filaSaidaMessages,
  emailSaidaMessages,
  emailMessages,
  financasMessages,
  agendaMessages,
  contaMessages,
  avisosMessages,
  linhaDoTempoMessages,
  membrosMessages,
];

export const messages: TranslationMessages = mergeMessages(...catalogues);

export const i18nProvider = polyglotI18nProvider(() => messages, 'pt-BR', [{ locale: 'pt-BR', name: 'Português' }], {
  allowMissing: true,
});
