import { cleanCpf, CPF_ALL_SAME_MESSAGE, CPF_CHECK_DIGITS_MESSAGE, CPF_FORMAT_MESSAGE, CPF_REQUIRED_MESSAGE, maskCpf, validateCpfField } from './cpf';

describe('CPF', () => {
  it('masks progressively and cleans back to the digits', () => {
    expect(maskCpf('529982247')).toBe('529.982.247');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-2599')).toBe('529.982.247-25');
    expect(cleanCpf('529.982.247-25')).toBe('52998224725');
  });

  it('checks the length, repeated digits and the check digits, in pt-BR', () => {
    expect(validateCpfField('529.982.247-25')).toBeNull();
    expect(validateCpfField('52998224725')).toBeNull();
    expect(validateCpfField('')).toBe(CPF_REQUIRED_MESSAGE);
    expect(validateCpfField(undefined)).toBe(CPF_REQUIRED_MESSAGE);
    expect(validateCpfField('5299822472')).toBe(CPF_FORMAT_MESSAGE);
    expect(validateCpfField('529a9822472')).toBe(CPF_FORMAT_MESSAGE);
    expect(validateCpfField('111.111.111-11')).toBe(CPF_ALL_SAME_MESSAGE);
    expect(validateCpfField('529.982.247-24')).toBe(CPF_CHECK_DIGITS_MESSAGE);
  });
});
