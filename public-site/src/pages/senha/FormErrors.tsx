/** A form's problems, one line each, announced as they appear (the e-mailed links' pages: invitation, new password). */
export function FormErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <div id={id} className="form__error" role="alert">
      {errors.map((message) => (
        <p key={message} className="form__error-line">
          {message}
        </p>
      ))}
    </div>
  );
}
