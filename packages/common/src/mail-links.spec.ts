import { companyDomains, findCnpjs, findProtocolos, findProtocolosEtapa, protocoloChave, isPublicMailDomain, mailDomain, mailLinkCandidates, MAIL_LINK_MAX_CANDIDATES } from './mail-links';

describe('mailDomain / isPublicMailDomain', () => {
  it('lower-cases the domain and refuses an address without one', () => {
    expect(mailDomain(' Ana@ConstrutoraIpe.COM.br ')).toBe('construtoraipe.com.br');
    expect(mailDomain('sem-arroba')).toBe('');
    expect(mailDomain('fim@')).toBe('');
  });
  it.each(['gmail.com', 'GMAIL.COM', 'yahoo.com.br', 'uol.com.br', 'bol.com.br', 'terra.com.br', 'icloud.com', 'ig.com.br', 'globo.com', 'protonmail.com'])('%s is a public provider', (d) => {
    expect(isPublicMailDomain(d)).toBe(true);
  });
  it('a company domain is not', () => {
    expect(isPublicMailDomain('construtoraipe.com.br')).toBe(false);
  });
});

describe('companyDomains', () => {
  it('keeps company domains once, drops public providers and the firm’s own', () => {
    expect(companyDomains(['a@ipe.com.br', 'B@IPE.com.br', 'c@gmail.com', 'd@veritas.adv.br', 'x@hotmail.com'], ['veritas.adv.br'])).toEqual(['ipe.com.br']);
  });
});

describe('findProtocolos', () => {
  it('finds AAAA-NNNNNN in order, once each', () => {
    expect(findProtocolos('Re: protocolo 2026-000742 e 2025-123456; de novo 2026-000742')).toEqual(['2026-000742', '2025-123456']);
  });
  it('ignores longer runs, glued words and implausible years', () => {
    expect(findProtocolos('12026-000742 2026-0007421 x2026-000742 0001-000001 2026-00074')).toEqual([]);
  });
  it('accepts punctuation around the number', () => {
    expect(findProtocolos('[2026-000742]: (2026-000743).')).toEqual(['2026-000742', '2026-000743']);
  });
  it('stops at the cap', () => {
    const many = Array.from({ length: 50 }, (_, i) => `2026-${String(i).padStart(6, '0')}`).join(' ');
    expect(findProtocolos(many)).toHaveLength(MAIL_LINK_MAX_CANDIDATES);
  });
});

describe('findCnpjs', () => {
  it('finds masked and clean numeric CNPJs, cleaned', () => {
    expect(findCnpjs('CNPJ 11.222.333/0001-81 e 33000167000101.')).toEqual(['11222333000181', '33000167000101']);
  });
  it('finds an alphanumeric CNPJ in either case and mask', () => {
    expect(findCnpjs('cnpj 12.abc.345/01de-35')).toEqual(['12ABC34501DE35']);
    expect(findCnpjs('CNPJ: 12ABC34501DE35')).toEqual(['12ABC34501DE35']);
  });
  it('refuses wrong check digits, placeholders and plain words', () => {
    expect(findCnpjs('11.222.333/0001-82 00000000000000 11111111111111 ABCDEFGHIJKL12 telefone 11987654321')).toEqual([]);
  });
  it('does not read a CNPJ out of a longer number', () => {
    expect(findCnpjs('boleto 9911222333000181')).toEqual([]);
  });
});

describe('mailLinkCandidates', () => {
  it('gathers addresses, company domains, protocols and CNPJs from subject and body', () => {
    const c = mailLinkCandidates({
      addresses: ['Ana@Ipe.com.br', 'joao@gmail.com', 'equipe@veritas.adv.br', 'inválido'],
      subject: 'Protocolo 2026-000742',
      text: 'Segue CNPJ 11.222.333/0001-81.',
      ownDomains: ['veritas.adv.br'],
    });
    expect(c).toEqual({
      addresses: ['ana@ipe.com.br', 'joao@gmail.com', 'equipe@veritas.adv.br'],
      domains: ['ipe.com.br'],
      protocolos: ['2026-000742'],
      protocolosEtapa: [],
      cnpjs: ['11222333000181'],
    });
  });
});

describe('protocoloChave / findProtocolosEtapa (a stage’s protocol, the Junta’s)', () => {
  it('keys a protocol by its letters and digits, upper case', () => {
    expect(protocoloChave(' sp-26.123/4567 ')).toBe('SP261234567');
    expect(protocoloChave('26/123.456-7')).toBe('261234567');
    expect(protocoloChave(' -/ ')).toBeNull();
    expect(protocoloChave(null)).toBeNull();
  });
  it('finds protocol-like numbers in order, once each, as keys', () => {
    expect(findProtocolosEtapa('Protocolo JUCESP SP2612345678; processo 26/123.456-7 e de novo sp2612345678.')).toEqual(['SP2612345678', '261234567']);
  });
  it('leaves out dates, registro numbers, CNPJs, short numbers and words', () => {
    expect(findProtocolosEtapa('Em 07/12/2026 (2026-12-07), protocolo 2026-000742, CNPJ 11.222.333/0001-81, nº 12345, VIAB-123, pedido ABCDE123456')).toEqual([]);
  });
  it('does not read a protocol out of a longer run glued to it', () => {
    expect(findProtocolosEtapa('x/SP2612345678 SP2612345678x 9SP2612345678')).not.toContain('SP2612345678');
  });
  it('stops at the cap', () => {
    const many = Array.from({ length: 50 }, (_, i) => `SP26${String(i).padStart(8, '0')}`).join(' ');
    expect(findProtocolosEtapa(many)).toHaveLength(MAIL_LINK_MAX_CANDIDATES);
  });
});
