import { auditoriaAcaoLabel } from './auditoria';

describe('auditoriaAcaoLabel', () => {
  it('reads the codes the trail records as pt-BR words', () => {
    expect(auditoriaAcaoLabel('login.ok')).toBe('Entrada no sistema');
    expect(auditoriaAcaoLabel('login.falha')).toBe('Tentativa de entrada recusada');
    expect(auditoriaAcaoLabel('cobranca.pagamento.create')).toBe('Pagamento de cobrança: criação');
    expect(auditoriaAcaoLabel('cliente.update')).toBe('Cliente: alteração');
    expect(auditoriaAcaoLabel('tipo_cliente.delete')).toBe('Tipo de cliente: exclusão');
    expect(auditoriaAcaoLabel('registro.read')).toBe('Registro: consulta');
    expect(auditoriaAcaoLabel('registro.etapa.update')).toBe('Etapa do registro: alteração');
    expect(auditoriaAcaoLabel('registro.etapa.dispensa')).toBe('Etapa do registro: dispensada sem documentos');
  });

  it('shows a code it does not know as it is', () => {
    expect(auditoriaAcaoLabel('algo.novo')).toBe('algo.novo');
    expect(auditoriaAcaoLabel('cliente.inventado')).toBe('cliente.inventado');
  });
});
