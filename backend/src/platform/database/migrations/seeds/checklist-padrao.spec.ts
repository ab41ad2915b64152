import { SERVICOS_CATALOGO } from '@veritas/common';
// eslint-disable-next-line no-restricted-imports -- a test, not the platform: the migration's frozen seed against today's models
import { MODELOS_PADRAO } from '../../../../processos';
import { CHECKLIST_PADRAO } from './checklist-padrao';

describe('the default checklists', () => {
  it.each(SERVICOS_CATALOGO.map((s) => s.codigo))('%s: has a list, with unique lower-case keys', (codigo) => {
    const itens = CHECKLIST_PADRAO[codigo];
    expect(itens?.length).toBeGreaterThan(0);
    const keys = itens.map((i) => i.chave);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(Object.keys(MODELOS_PADRAO))('%s: every document a default stage waits for is a required item of the checklist', (codigo) => {
    const required = new Set(CHECKLIST_PADRAO[codigo].filter((i) => i.obrigatorio).map((i) => i.chave));
    const optional = new Set(CHECKLIST_PADRAO[codigo].filter((i) => !i.obrigatorio).map((i) => i.chave));
    for (const etapa of MODELOS_PADRAO[codigo]) {
      for (const k of etapa.documentos ?? []) {
        // The trademark's logo is optional by nature (a word mark has none): an optional item never holds the stage.
        if (codigo === 'marca-patentes' && optional.has(k)) continue;
        expect([codigo, etapa.nome, k, required.has(k)]).toEqual([codigo, etapa.nome, k, true]);
      }
    }
  });
});
