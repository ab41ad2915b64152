import { CARGOS, ESTADOS, PASSWORD_MAX_LENGTH } from '@veritas/common';
import type { CadastroField } from './cadastro-form';
import { CnpjLookupResult, Field, type FieldProps } from './CadastroFields';
import { LOGIN_PATH, RegisteredPanel } from './RegisteredPanel';
import { useCadastro } from './useCadastro';
import { FundadorForm } from './FundadorForm';
import { useState } from 'react';
import '../forms.css';
import './cadastro.css';

/**
 * /cadastro (§2.9): a client company registers itself. Prerendered as a complete form skeleton and
 * hydrated in the browser; the CNPJ and CEP lookups go through our own API (/api/lookup).
 */
export function CadastroPage() {
  const { errors, submitting, failure, lookup, registered, ready, formRef, bind, lookupCnpj, fillWithCnpj, lookupCep, handleSubmit } = useCadastro();
  // Issue 54: a founder without a CNPJ registers with a CPF (FundadorForm), outside the company's form.
  const [semCnpj, setSemCnpj] = useState(false);
  const [fundadorRegistrado, setFundadorRegistrado] = useState(false);
  if (registered || fundadorRegistrado) return <RegisteredPanel />;

  const e = errors;
  const text = (field: CadastroField, label: string, extra: Record<string, unknown> = {}, fieldProps: Partial<FieldProps> = {}) => (
    <Field field={field} label={label} error={e[field]} {...fieldProps}>
      {(a11y) => <input type="text" {...a11y} {...bind(field)} {...extra} />}
    </Field>
  );
  const select = (field: CadastroField, label: string, options: readonly string[], placeholder: string) => (
    <Field field={field} label={label} error={e[field]}>
      {(a11y) => (
        <select {...a11y} {...bind(field)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const phone = (field: CadastroField, label: string) =>
    text(field, label, { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(00) 00000-0000' });

  return (
    <section className="signup-page" aria-labelledby="cadastro-title">
      <div className="container signup">
        <h1 id="cadastro-title">Cadastro de Cliente</h1>
        <p className="signup__intro">
          Cadastre a sua empresa para acompanhar registros, solicitações e documentos na área do cliente. Os campos com * são
          obrigatórios.
        </p>
        <fieldset className="signup__modo" disabled={!ready}>
          <legend>Sua empresa já tem CNPJ?</legend>
          <label>
            <input type="radio" name="modo-cadastro" checked={!semCnpj} onChange={() => setSemCnpj(false)} /> Já tenho CNPJ
          </label>
          <label>
            <input type="radio" name="modo-cadastro" checked={semCnpj} onChange={() => setSemCnpj(true)} /> Ainda não tenho CNPJ (abertura de empresa)
          </label>
        </fieldset>
        {semCnpj ? (
          <FundadorForm onRegistered={() => setFundadorRegistrado(true)} />
        ) : (
        <form ref={formRef} className="signup__form" method="post" noValidate onSubmit={handleSubmit}>
          <fieldset className="signup__group">
            <legend>Dados da empresa</legend>
            {text('razaoSocial', 'Razão Social *', { autoComplete: 'organization', maxLength: 200 }, { wide: true })}
            {text('nomeFantasia', 'Nome Fantasia', { maxLength: 200 })}
            <div className="form__field signup__cnpj">
              <label htmlFor="cadastro-cnpj">CNPJ *</label>
              <div className="signup__inline">
                <input
                  id="cadastro-cnpj"
                  name="cnpj"
                  type="text"
                  autoCapitalize="characters"
                  placeholder="00.000.000/0000-00"
                  aria-invalid={e.cnpj ? true : undefined}
                  aria-describedby={e.cnpj ? 'cadastro-cnpj-erro' : undefined}
                  {...bind('cnpj')}
                />
                <button
                  type="button"
                  className="button button--outline"
                  onClick={lookupCnpj}
                  disabled={!ready || lookup.state === 'loading'}
                >
                  {lookup.state === 'loading' ? 'Consultando...' : 'Consultar CNPJ'}
                </button>
              </div>
              {e.cnpj && (
                <span id="cadastro-cnpj-erro" className="field-error">
                  {e.cnpj}
                </span>
              )}
            </div>
            <CnpjLookupResult lookup={lookup} onFill={fillWithCnpj} />
            {text('nire', 'NIRE', { maxLength: 20, inputMode: 'numeric' })}
            {text('email', 'E-mail (login) *', { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 })}
            {phone('telefone', 'Telefone')}
            {phone('celularWhatsApp', 'Celular/WhatsApp')}
          </fieldset>

          <fieldset className="signup__group">
            <legend>Endereço</legend>
            <Field field="cep" label="CEP" error={e.cep} hint="Ao sair do campo, o endereço é preenchido.">
              {(a11y) => (
                <input
                  type="text"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  placeholder="00000-000"
                  {...a11y}
                  {...bind('cep')}
                  onBlur={lookupCep}
                />
              )}
            </Field>
            {text('endereco', 'Endereço', { autoComplete: 'address-line1', maxLength: 200 }, { wide: true })}
            {text('numero', 'Número', { maxLength: 20 })}
            {text('complemento', 'Complemento', { autoComplete: 'address-line2', maxLength: 100 })}
            {text('bairro', 'Bairro', { maxLength: 100 })}
            {text('cidade', 'Cidade', { autoComplete: 'address-level2', maxLength: 100 })}
            {select('estado', 'Estado', ESTADOS, 'Selecione')}
            {text('pais', 'País', { autoComplete: 'country-name', maxLength: 60 })}
          </fieldset>

          <fieldset className="signup__group">
            <legend>Responsável</legend>
            {text('nomeCompletoResponsavel', 'Nome completo do responsável', { autoComplete: 'name', maxLength: 160 }, { wide: true })}
            {select('cargo', 'Cargo', CARGOS, 'Selecione o cargo')}
            {text('dataNascimento', 'Data de nascimento', { type: 'date' })}
            {text('emailRF', 'E-mail do responsável', { type: 'email', inputMode: 'email', maxLength: 254 })}
            {phone('telefoneResponsavel', 'Telefone do responsável')}
            {phone('celularWhatsAppResponsavel', 'Celular/WhatsApp do responsável')}
          </fieldset>

          <fieldset className="signup__group">
            <legend>Assinante do DBE</legend>
            {text('nomeCompletoAssinanteDBE', 'Nome completo do assinante do DBE', { maxLength: 160 }, { wide: true })}
            {select('cargoAssinanteDBE', 'Cargo do assinante do DBE', CARGOS, 'Selecione o cargo')}
            {text('dataNascimentoAssinanteDBE', 'Data de nascimento do assinante do DBE', { type: 'date' })}
          </fieldset>

          <fieldset className="signup__group">
            <legend>Acesso à área do cliente</legend>
            {text(
              'password',
              'Senha *',
              { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX_LENGTH },
              { hint: 'Mínimo de 8 caracteres, com letras maiúsculas e minúsculas, número e caractere especial.' },
            )}
            {text('confirmPassword', 'Confirmar senha *', { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX_LENGTH })}
          </fieldset>

          {failure && (
            <p className="form__error" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="button button--primary button--large" disabled={submitting || !ready}>
            {submitting ? 'Cadastrando...' : 'Cadastrar'}
          </button>
          <p className="signup__login">
            Já tem cadastro? <a href={LOGIN_PATH}>Entrar</a>
          </p>
        </form>
        )}
      </div>
    </section>
  );
}

