/* The template rules live in common so the board's editor checks with the same ones (issue 11). */
export {
  MODELO_CHAVE_MAX as CHAVE_MAX,
  MODELO_DURACAO_MAX as DURACAO_MAX,
  MODELO_MAX_ETAPAS as MAX_ETAPAS,
  MODELO_NOME_MAX as NOME_MAX,
  type ModeloRecusa,
  validarEtapasModelo,
} from '@veritas/common';
