import { useState } from 'react';
import { Button, DialogContent } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { FileField, FileInput, Form, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { ModalDialog } from '../layout/DialogForm';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { type Extrato, useFinancasApi } from '../providers/financasMethods';
import { ExtratoRevisao } from './ExtratoRevisao';

const R = 'resources.cobrancas';
type Arquivo = { rawFile?: File } | null | undefined;

/** The OFX file, sent to the server, which answers the proposed matches (nothing is paid yet). */
function ImportarForm({ onImported, onClose }: { onImported: (e: Extrato) => void; onClose: () => void }) {
  const api = useFinancasApi();
  const translate = useTranslate();
  const submit = async (values: { arquivo?: Arquivo }) => {
    try {
      onImported(await api.importarExtrato(values.arquivo?.rawFile as File));
      return undefined;
    } catch (error) {
      return submissionErrors(error, translate(`${R}.errors.importar`), () => 'arquivo');
    }
  };
  return (
    <Form
      onSubmit={(v: FieldValues) => submit(v as { arquivo?: Arquivo })}
      validate={(v) => ((v.arquivo as Arquivo)?.rawFile ? {} : { arquivo: translate(`${R}.errors.arquivo`) })}
      record={{}}
      noValidate
    >
      <DialogContent dividers>
        <FormProblem />
        <FileInput source="arquivo" label={`${R}.fields.arquivo`} accept={{ 'application/x-ofx': ['.ofx'], 'text/plain': ['.ofx'] }} helperText={translate(`${R}.helper.arquivo`)}>
          <FileField source="src" title="title" />
        </FileInput>
      </DialogContent>
      <FormDialogActions onCancel={onClose} submit={`${R}.actions.enviar`} />
    </Form>
  );
}

/** "Importar extrato (OFX)": the file, then the review of its credits in the same dialog. */
export function ExtratoImport() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [extrato, setExtrato] = useState<Extrato | null>(null);
  const close = () => {
    setOpen(false);
    setExtrato(null);
  };
  return (
    <>
      <Button startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate(`${R}.actions.importar`)}
      </Button>
      <ModalDialog open={open} title={translate(`${R}.dialogs.${extrato ? 'revisao' : 'importar'}`)} onClose={close} maxWidth={extrato ? 'md' : 'sm'}>
        {open && !extrato && <ImportarForm onImported={setExtrato} onClose={close} />}
        {extrato && <ExtratoRevisao extrato={extrato} onClose={close} />}
      </ModalDialog>
    </>
  );
}
