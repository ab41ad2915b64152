import { type ReactNode, useId } from 'react';

/**
 * A file input whose button and "nothing chosen" text are in Portuguese whatever the browser's
 * language: the real input stays in the page (focusable, labelled, usable by keyboard and by
 * tests) but is drawn as a button-styled label beside a summary of the choice.
 */
export function FilePicker({
  label,
  help,
  multiple = false,
  accept,
  disabled,
  chosen,
  inputRef,
  onFiles,
}: {
  label: string;
  help: ReactNode;
  multiple?: boolean;
  accept: string;
  disabled?: boolean;
  /** What is chosen, in words; null for nothing. */
  chosen: string | null;
  inputRef?: React.Ref<HTMLInputElement>;
  onFiles: (files: FileList | null) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="file-picker">
        <input
          ref={inputRef}
          id={id}
          type="file"
          className="file-picker__input"
          multiple={multiple}
          accept={accept}
          disabled={disabled}
          aria-describedby={`${id}-help`}
          onChange={(e) => {
            onFiles(e.target.files);
            // Files accumulate in the caller's list: let the same file be chosen again after a removal.
            if (multiple) e.target.value = '';
          }}
        />
        <label htmlFor={id} className="button button--outline button--small file-picker__button" aria-hidden="true">
          {multiple ? 'Escolher arquivos' : 'Escolher arquivo'}
        </label>
        <span className="file-picker__chosen">{chosen ?? 'Nenhum arquivo selecionado'}</span>
      </div>
      <p id={`${id}-help`} className="field__help">
        {help}
      </p>
    </div>
  );
}
