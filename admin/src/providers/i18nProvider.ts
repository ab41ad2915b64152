import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import ptBrMessages from 'ra-language-pt-br';
import { CLIENTE_FIELD_LABELS } from '@veritas/common';
import { registrosMessages } from '../i18n/registros';

/*
 * ra-language-pt-br@1.5.1 (ra-core 5) lacks six of react-admin 5.15's keys, and a few of its
 * strings read better corrected; ours win.
 */
const completions = {
  ra: {
    action: {
      reset: 'Redefinir',
      search_columns: 'Buscar colunas',
    },
    navigation: {
      last: 'Ir para a última página',
      first: 'Ir para a primeira página',
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

/** Field labels of the panel's screens, read with useTranslate (resources.<res>.fields.<field>). */
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
    },
    users: {
      name: 'Usuário |||| Usuários',
      fields: {
        username: 'Usuário',
        nomeCompleto: 'Nome Completo',
        email: 'Email',
        role: 'Função',
        createdAt: 'Data de Cadastro',
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
    },
  },
};

export const messages: TranslationMessages = mergeTranslations(ptBrMessages, completions, resources, registrosMessages);

export const i18nProvider = polyglotI18nProvider(() => messages, 'pt-BR', [{ locale: 'pt-BR', name: 'Português' }], {
  allowMissing: true,
});
