import { CONTACT_SUBJECTS, type ContactFormValues, EMPTY_CONTACT_FORM, validateContactForm } from './contact';

const VALID: ContactFormValues = {
  nome: 'Maria Souza',
  email: 'maria@exemplo.com.br',
  telefone: '(11) 98888-7777',
  empresa: '',
  assunto: 'Abertura de Empresas',
  mensagem: 'Quero abrir uma empresa.',
  aceiteTermos: true,
};

describe('validateContactForm (spec §5)', () => {
  it('accepts a complete form, with or without empresa', () => {
    expect(validateContactForm(VALID)).toEqual({});
    expect(validateContactForm({ ...VALID, empresa: 'Padaria' })).toEqual({});
    expect(validateContactForm({ ...VALID, telefone: '1133334444' })).toEqual({});
  });

  it('offers the seven subjects of §3.2', () => {
    expect(CONTACT_SUBJECTS).toEqual([
      'Abertura de Empresas',
      'Alterações Contratuais',
      'Certidões e Documentos',
      'Arquivamento de Balanços',
      'Consultoria Empresarial',
      'Baixa de Empresas',
      'Outros Serviços',
    ]);
    for (const assunto of CONTACT_SUBJECTS) expect(validateContactForm({ ...VALID, assunto })).toEqual({});
  });

  it('gives every message of the spec on an empty form', () => {
    expect(validateContactForm(EMPTY_CONTACT_FORM)).toEqual({
      nome: 'Nome é obrigatório',
      email: 'Email é obrigatório',
      telefone: 'Telefone é obrigatório',
      assunto: 'Selecione um assunto',
      mensagem: 'Mensagem é obrigatória',
      aceiteTermos: 'Você deve aceitar os termos',
    });
  });

  it.each<[string, Partial<ContactFormValues> | Record<string, unknown>, string, string]>([
    ['blank nome', { nome: '   ' }, 'nome', 'Nome é obrigatório'],
    ['malformed email', { email: 'maria.exemplo.com' }, 'email', 'Email inválido'],
    ['email with a space', { email: 'maria @exemplo.com' }, 'email', 'Email inválido'],
    ['telefone of 9 digits', { telefone: '(11) 9888-777' }, 'telefone', 'Telefone inválido'],
    ['telefone of 12 digits', { telefone: '551198888777' }, 'telefone', 'Telefone inválido'],
    ['unknown subject', { assunto: 'Outros' }, 'assunto', 'Selecione um assunto'],
    ['blank mensagem', { mensagem: '\n\t ' }, 'mensagem', 'Mensagem é obrigatória'],
    ['terms unchecked', { aceiteTermos: false }, 'aceiteTermos', 'Você deve aceitar os termos'],
    ['terms as text', { aceiteTermos: 'true' }, 'aceiteTermos', 'Você deve aceitar os termos'],
    ['nome too long', { nome: 'n'.repeat(121) }, 'nome', 'Nome deve ter no máximo 120 caracteres'],
    ['empresa too long', { empresa: 'e'.repeat(161) }, 'empresa', 'Empresa deve ter no máximo 160 caracteres'],
    ['mensagem too long', { mensagem: 'm'.repeat(5001) }, 'mensagem', 'Mensagem deve ter no máximo 5000 caracteres'],
    ['nome not text', { nome: 42 }, 'nome', 'Nome é obrigatório'],
  ])('%s', (_name, change, field, message) => {
    expect(validateContactForm({ ...VALID, ...change } as Partial<ContactFormValues>)).toEqual({ [field]: message });
  });

  it('measures lengths after trimming', () => {
    expect(validateContactForm({ ...VALID, mensagem: `  ${'m'.repeat(5000)}  ` })).toEqual({});
  });
});
