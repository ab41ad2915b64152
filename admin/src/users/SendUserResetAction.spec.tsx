import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@veritas/web';
import { renderAdmin } from '../testing/renderAdmin';
import { SendUserResetAction } from './SendUserResetAction';

const user = { id: 'u1', username: 'assoc.bruno', nomeCompleto: 'Bruno Alves' };

describe('SendUserResetAction (the board, a user row)', () => {
  it('asks first, then sends through the named method and shows the server message', async () => {
    const send = jest.fn(async () => ({ message: 'Link de redefinição de senha enviado para o e-mail de recuperação confirmado do usuário.' }));
    renderAdmin(<SendUserResetAction user={user} />, { sendUserPasswordReset: send });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link de redefinição assoc.bruno' }));
    await screen.findByText(/^Enviar a Bruno Alves um link de redefinição de senha\?/);
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link de redefinição' }));
    await screen.findByText('Link de redefinição de senha enviado para o e-mail de recuperação confirmado do usuário.');
    expect(send).toHaveBeenCalledWith('u1');
  });

  it("shows the server's refusal (no confirmed recovery e-mail)", async () => {
    const send = jest.fn(async () => Promise.reject(new ApiError(409, 'Este usuário não tem e-mail de recuperação confirmado.')));
    renderAdmin(<SendUserResetAction user={user} />, { sendUserPasswordReset: send });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link de redefinição assoc.bruno' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar link de redefinição' }));
    await waitFor(() => expect(screen.getByText(/^Não foi possível enviar o link: /)).toBeTruthy());
  });
});
