import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@veritas/web';
import { clickWhenEnabled, renderAdmin } from '../testing/renderAdmin';
import { EmailRecuperacaoForm } from './EmailRecuperacaoForm';

const FIRM_REFUSAL =
  'O e-mail de recuperação precisa ser de fora da empresa: endereços @veritas.com.br chegam à caixa do painel, que só abre depois de entrar. Informe um e-mail pessoal.';

function renderForm(methods: Record<string, unknown>, current: Parameters<typeof EmailRecuperacaoForm>[0]['current'] = null) {
  const onChanged = jest.fn();
  renderAdmin(<EmailRecuperacaoForm current={current} mailDomain="veritas.com.br" onChanged={onChanged} />, methods);
  return onChanged;
}

const campo = () => screen.getByRole('textbox', { name: /^E-mail de recuperação/ });
const salvar = () => clickWhenEnabled(screen.getByRole('button', { name: 'Salvar e enviar confirmação' }));

describe('EmailRecuperacaoForm (Minha conta)', () => {
  it('says there is none and that the board sends the link then; refuses an empty, a malformed and a firm address before any call', async () => {
    const set = jest.fn();
    renderForm({ setEmailRecuperacao: set });
    expect(screen.getByText(/Nenhum e-mail de recuperação cadastrado/)).toBeTruthy();
    await salvar();
    await screen.findByText('Informe o e-mail de recuperação.');
    fireEvent.change(campo(), { target: { value: 'maria@' } });
    await salvar();
    await screen.findByText('E-mail de recuperação inválido');
    fireEvent.change(campo(), { target: { value: 'maria@veritas.com.br' } });
    await salvar();
    await screen.findByText(FIRM_REFUSAL);
    expect(set).not.toHaveBeenCalled();
  });

  it('sends the address, shows the server message and hands back the pending address', async () => {
    const data = { email: 'maria@gmail.com', verificado: false, verificadoEm: null };
    const set = jest.fn(async () => ({ data, message: 'Enviamos um link de confirmação para maria@gmail.com.' }));
    const onChanged = renderForm({ setEmailRecuperacao: set });
    fireEvent.change(campo(), { target: { value: ' maria@gmail.com ' } });
    await salvar();
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(data));
    expect(set).toHaveBeenCalledWith('maria@gmail.com');
    await screen.findByText('Enviamos um link de confirmação para maria@gmail.com.');
  });

  it("shows the server's refusal above the form", async () => {
    renderForm({ setEmailRecuperacao: jest.fn(async () => Promise.reject(new ApiError(429, 'Já foram enviados links demais para este e-mail na última hora.'))) });
    fireEvent.change(campo(), { target: { value: 'maria@gmail.com' } });
    await salvar();
    await screen.findByText('Já foram enviados links demais para este e-mail na última hora.');
  });

  it('tells a pending address from a confirmed one, and removes it after asking', async () => {
    const remove = jest.fn(async () => ({ data: null, message: 'E-mail de recuperação removido.' }));
    const onChanged = renderForm({ removeEmailRecuperacao: remove }, { email: 'maria@gmail.com', verificado: true, verificadoEm: '2026-12-01T12:00:00.000Z' });
    expect(screen.getByText('Confirmado em 01/12/2026: os links de redefinição de senha vão para maria@gmail.com.')).toBeTruthy();
    expect((campo() as HTMLInputElement).value).toBe('maria@gmail.com');
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    await screen.findByText(/Sem e-mail de recuperação, só a diretoria poderá enviar/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remover' }).at(-1)!);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(null));
    expect(remove).toHaveBeenCalled();
  });

  it('shows a pending address as waiting for its link', () => {
    renderForm({}, { email: 'maria@gmail.com', verificado: false, verificadoEm: null });
    expect(screen.getByText('Aguardando confirmação: abra o link que enviamos para maria@gmail.com. Até lá, ele não é usado.')).toBeTruthy();
  });
});
