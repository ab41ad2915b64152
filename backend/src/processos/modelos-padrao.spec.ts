import { CHECKLIST_CHAVE, RESPONSAVEL_TIPOS, SERVICOS_CATALOGO } from '@veritas/common';
import { MODELOS_PADRAO } from './modelos-padrao';
import { validarEtapasModelo } from './modelo-validacao';

describe('default stage templates', () => {
  it.each(SERVICOS_CATALOGO.map((s) => s.codigo))('%s has a valid default template', (codigo) => {
    const etapas = MODELOS_PADRAO[codigo];
    expect(etapas?.length).toBeGreaterThan(0);
    expect(validarEtapasModelo({ etapas })).toEqual({ etapas });
    for (const e of etapas) {
      expect(RESPONSAVEL_TIPOS).toContain(e.responsavelTipo);
      for (const k of e.documentos ?? []) expect(Object.values(CHECKLIST_CHAVE)).toContain(k);
    }
  });

  it('has no template for services outside the catalogue', () => {
    expect(Object.keys(MODELOS_PADRAO).sort()).toEqual(SERVICOS_CATALOGO.map((s) => s.codigo).sort());
  });
});
