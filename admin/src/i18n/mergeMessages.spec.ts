import { mergeTranslations } from 'ra-core';
import ptBrMessages from 'ra-language-pt-br';
import { mergeMessages } from './mergeMessages';
import { catalogues, messages } from '../providers/i18nProvider';

describe('mergeMessages', () => {
  it('merges nested catalogues key by key, the later one winning, without touching the inputs', () => {
    const a = { ra: { action: { save: 'Salvar', back: 'Retornar' }, page: { error: 'Erro' } } };
    const b = { ra: { action: { back: 'Voltar' } }, resources: { clientes: { name: 'Cliente |||| Clientes' } } };
    const merged = mergeMessages(a, b);
    expect(merged).toEqual({
      ra: { action: { save: 'Salvar', back: 'Voltar' }, page: { error: 'Erro' } },
      resources: { clientes: { name: 'Cliente |||| Clientes' } },
    });
    expect(a.ra.action.back).toBe('Retornar');
  });

  it('a string replaces a branch and a branch replaces a string', () => {
    expect(mergeMessages({ x: { y: 'a' } }, { x: 'b' })).toEqual({ x: 'b' });
    expect(mergeMessages({ x: 'b' }, { x: { y: 'a' } })).toEqual({ x: { y: 'a' } });
  });

  it('ignores keys that would reach Object.prototype', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": "sim"}, "ra": {"constructor": {"x": 1}}}');
    const merged = mergeMessages({ ra: {} }, hostile);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual(['ra']);
  });

  it("gives the panel's catalogue exactly what react-admin's mergeTranslations gives", () => {
    expect(messages).toEqual(mergeTranslations(...catalogues));
    expect(messages.ra.page.error).toBe(ptBrMessages.ra.page.error);
    expect(messages.ra.action.toggle_theme).toBe('Alternar tema claro/escuro');
  });
});
