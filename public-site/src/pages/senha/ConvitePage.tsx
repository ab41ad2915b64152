import { type FormEvent, useState } from 'react';
import { type ConviteResponse, type MessageResponse, PASSWORD_MAX_LENGTH, passwordPolicyErrors, validateCpfField } from '@veritas/common';
import { callApi } from '../api';
import '../forms.css';
import { FormErrors } from './FormErrors';
import { useLinkToken } from './link-token';

const MESSAGES = {
  noToken: 'Este link de convite está incompleto. Abra o link do e-mail de novo.',
  nome: 'Informe o seu nome.',
  senha: 'Escolha uma senha.',
  differ: 'As senhas não conferem',
  failure: 'Não foi possível abrir o convite agora. Tente novamente em alguns minutos.',
} as const;

/**
 * /convite?token=...: the page a member's invitation links to (issue 54, ADR 0058). It says who invites, to
 * which company and in which role; the invitee confirms its name, gives its CPF if it wants and chooses a
 * password, then signs in at /login with its e-mail. A spent, revoked or expired link says so at once (410).
 */
export function ConvitePage() {
  const [convite, setConvite] = useState<ConviteResponse | null>(null);
  const [invalid, setInvalid] = useState('');
  const [nome, setNome] = useState('');
  const [cpf, setCpf] = useState('');
  const [senha, setSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const { phase, setPhase, token } = useLinkToken(async (found) => {
    const result = await callApi<{ data: ConviteResponse }>(`/api/convites/${encodeURIComponent(found)}`, MESSAGES.failure, { method: 'GET' });
    if (result.ok) {
      setConvite(result.body.data);
      setNome(result.body.data.nome);
      return 'form';
    }
    setInvalid(result.message);
    return result.status === 410 ? 'invalid' : 'form';
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // The shared rules, before any call.
    const found: string[] = [];
    if (!nome.trim()) found.push(MESSAGES.nome);
    const cpfProblem = cpf.trim() ? validateCpfField(cpf) : null;
    if (cpfProblem) found.push(cpfProblem);
    found.push(...(senha ? passwordPolicyErrors(senha) : [MESSAGES.senha]));
    if (senha && senha !== confirmacao) found.push(MESSAGES.differ);
    setErrors(found);
    if (found.length) return;
    setSaving(true);
    const body = { nome: nome.trim(), senha, ...(cpf.trim() && { cpf: cpf.trim() }) };
    const result = await callApi<MessageResponse>(`/api/convites/${encodeURIComponent(token)}/aceitar`, MESSAGES.failure, { body });
    setSaving(false);
    if (result.ok) {
      setDone(result.body.message);
      setPhase('done');
    } else if (result.status === 410) {
      setInvalid(result.message);
      setPhase('invalid');
    } else {
      setErrors([result.message]);
    }
  }

  const field = (id: string, label: string, value: string, set: (v: string) => void, extra: Record<string, unknown> = {}) => (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        disabled={saving}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? 'convite-erros' : undefined}
        onChange={(e) => {
          set(e.target.value);
          if (errors.length) setErrors([]);
        }}
        {...extra}
      />
    </div>
  );

  return (
    <section className="auth-page" aria-labelledby="convite-title">
      <div className="auth-card">
        <h1 id="convite-title" className="auth-card__title">
          Convite para a área do cliente
        </h1>
        <div role="status">{done && <p className="form-success">{done}</p>}</div>
        {(phase === 'no-token' || phase === 'invalid') && (
          <p className="form__error" role="alert">
            {phase === 'no-token' ? MESSAGES.noToken : invalid}
          </p>
        )}
        {convite && phase === 'form' && (
          <p className="auth-card__intro">
            {convite.convidadoPor ? `${convite.convidadoPor} convidou você` : 'Você foi convidado(a)'} para acompanhar a empresa{' '}
            <strong>{convite.empresa}</strong> como <strong>{convite.papelLabel}</strong>. O seu login será {convite.email}.
          </p>
        )}
        {(phase === 'form' || phase === 'loading') && (
          <form className="form" method="post" noValidate onSubmit={handleSubmit}>
            {field('convite-nome', 'Seu nome', nome, setNome, { maxLength: 160, autoComplete: 'name' })}
            {field('convite-cpf', 'CPF (opcional)', cpf, setCpf, { maxLength: 14, inputMode: 'numeric' })}
            {field('convite-senha', 'Senha', senha, setSenha, { type: 'password', maxLength: PASSWORD_MAX_LENGTH, autoComplete: 'new-password' })}
            {field('convite-confirmacao', 'Confirmar senha', confirmacao, setConfirmacao, { type: 'password', maxLength: PASSWORD_MAX_LENGTH, autoComplete: 'new-password' })}
            <p className="form__hint">A senha precisa de 8 caracteres ou mais, com letras maiúsculas e minúsculas, número e caractere especial.</p>
            <FormErrors id="convite-erros" errors={errors} />
            <button type="submit" className="button button--primary button--block" disabled={saving || phase !== 'form'}>
              {saving ? 'Salvando...' : 'Aceitar o convite'}
            </button>
          </form>
        )}
        {phase === 'done' && (
          <div className="auth-card__links">
            <a className="button button--primary button--block" href="/login">
              Ir para o login
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
