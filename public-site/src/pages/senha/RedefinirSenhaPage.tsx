import { type FormEvent, useState } from 'react';
import { type MessageResponse, PASSWORD_MAX_LENGTH, passwordPolicyErrors } from '@veritas/common';
import { callApi } from '../api';
import '../forms.css';
import { FormErrors } from './FormErrors';
import { useLinkToken } from './link-token';

const MESSAGES = {
  noToken: 'Este link de redefinição de senha está incompleto. Abra o link do e-mail de novo ou peça um novo.',
  required: 'Informe a nova senha.',
  differ: 'As senhas não conferem',
  failure: 'Não foi possível redefinir a senha agora. Tente novamente em alguns minutos.',
  invalid: 'Este link de redefinição de senha já foi usado ou expirou. Peça um novo link abaixo.',
} as const;

/**
 * /redefinir-senha?token=...: the page the recovery e-mail links to. The token is read in the
 * browser (the prerendered HTML is the same for every token) and sent with the new password.
 */
export function RedefinirSenhaPage() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  // A spent or expired link is refused at once (issue 58), not after a new password is typed. When
  // the check itself fails (no connection, too many), the form is shown and the server decides.
  const { phase, setPhase, token } = useLinkToken(async (found) => {
    const result = await callApi<{ valido: boolean }>('/api/auth/reset-password/check', MESSAGES.failure, { body: { token: found } });
    return result.ok && !result.body.valido ? 'invalid' : 'form';
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = password ? passwordPolicyErrors(password) : [MESSAGES.required];
    if (password && password !== confirmation) found.push(MESSAGES.differ);
    setErrors(found);
    if (found.length) return;
    setSaving(true);
    const result = await callApi<MessageResponse>('/api/auth/reset-password', MESSAGES.failure, { body: { token, password } });
    setSaving(false);
    if (result.ok) {
      setDone(result.body.message);
      setPhase('done');
    } else {
      setErrors([result.message]);
    }
  }

  // Typing again clears the errors; they describe both fields.
  const inputState = {
    disabled: saving,
    invalid: errors.length > 0,
    onEdit: () => errors.length && setErrors([]),
  };

  return (
    <section className="auth-page" aria-labelledby="redefinir-title">
      <div className="auth-card">
        <h1 id="redefinir-title" className="auth-card__title">
          Redefinir senha
        </h1>
        <div role="status">{done && <p className="form-success">{done}</p>}</div>
        {(phase === 'no-token' || phase === 'invalid') && (
          <p className="form__error" role="alert">
            {phase === 'no-token' ? MESSAGES.noToken : MESSAGES.invalid}
          </p>
        )}
        {(phase === 'form' || phase === 'loading') && (
          <form className="form" method="post" noValidate onSubmit={handleSubmit}>
            <p className="auth-card__intro">
              Escolha uma nova senha: mínimo de 8 caracteres, com letras maiúsculas e minúsculas, número e caractere especial.
            </p>
            <PasswordInput id="redefinir-senha" name="password" label="Nova senha" value={password} onChange={setPassword} {...inputState} />
            <PasswordInput
              id="redefinir-confirmacao"
              name="confirmPassword"
              label="Confirmar nova senha"
              value={confirmation}
              onChange={setConfirmation}
              {...inputState}
            />
            <FormErrors id="redefinir-erros" errors={errors} />
            <button type="submit" className="button button--primary button--block" disabled={saving || phase !== 'form'}>
              {saving ? 'Salvando...' : 'Salvar nova senha'}
            </button>
          </form>
        )}
        <div className="auth-card__links">
          {phase === 'done' ? (
            <a className="button button--primary button--block" href="/login">
              Ir para o login
            </a>
          ) : (
            <a href="/recuperar-senha">Pedir um novo link</a>
          )}
        </div>
      </div>
    </section>
  );
}

function PasswordInput(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onEdit: () => void;
  disabled: boolean;
  invalid: boolean;
}) {
  return (
    <div className="form__field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={props.value}
        onChange={(e) => {
          props.onChange(e.target.value);
          props.onEdit();
        }}
        disabled={props.disabled}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.invalid ? 'redefinir-erros' : undefined}
      />
    </div>
  );
}
