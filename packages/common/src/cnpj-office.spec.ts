import { cnpjOfficeFields } from './cnpj-office';

// The shape of CNPJá's "office" answer (https://cnpja.com/api/open, GET /office/:taxId).
const office = {
  taxId: '37335118000180',
  alias: 'Cnpjá',
  company: { name: 'CNPJA TECNOLOGIA LTDA' },
  address: { street: 'Avenida Brigadeiro Faria Lima', number: '2369', details: 'Conj 1102', district: 'Jardim Paulistano', city: 'São Paulo', state: 'SP', zip: '01452922' },
  phones: [
    { type: 'LANDLINE', area: '11', number: '30345678' },
    { type: 'MOBILE', area: '11', number: '912345678' },
  ],
  emails: [{ ownership: 'CORPORATE', address: 'Contato@CNPJA.com', domain: 'cnpja.com' }],
};

describe('cnpjOfficeFields', () => {
  it('maps the answer to the client fields, masked as the forms type them', () => {
    expect(cnpjOfficeFields(office)).toEqual({
      razaoSocial: 'CNPJA TECNOLOGIA LTDA',
      nomeFantasia: 'Cnpjá',
      cep: '01452-922',
      endereco: 'Avenida Brigadeiro Faria Lima',
      numero: '2369',
      complemento: 'Conj 1102',
      bairro: 'Jardim Paulistano',
      cidade: 'São Paulo',
      estado: 'SP',
      telefone: '(11) 3034-5678',
      celularWhatsApp: '(11) 91234-5678',
      email: 'contato@cnpja.com',
    });
  });

  it('leaves out what the answer leaves blank or gets wrong, so what was typed stays', () => {
    const sparse = { company: { name: '  ' }, alias: null, address: { state: 'XX', city: 'Recife' }, phones: [null, 'x'], emails: 'nope' };
    expect(cnpjOfficeFields(sparse)).toEqual({ cidade: 'Recife' });
    expect(cnpjOfficeFields(null)).toEqual({});
    expect(cnpjOfficeFields({ address: 'Rua' })).toEqual({});
  });
});
