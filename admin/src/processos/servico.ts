/** The service the pipeline and the template editor open on. */
export const SERVICO_PADRAO = 'abertura-empresas';
