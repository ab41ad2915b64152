import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import ptBrMessages from 'ra-language-pt-br';

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

export const messages: TranslationMessages = mergeTranslations(ptBrMessages, completions);

export const i18nProvider = polyglotI18nProvider(() => messages, 'pt-BR', [{ locale: 'pt-BR', name: 'Português' }], {
  allowMissing: true,
});
