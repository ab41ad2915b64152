import type { FocusEvent } from 'react';
import { Form, TextInput } from 'react-admin';

const nothing = () => undefined;
const selectAll = (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => e.target.select();

/**
 * A value shown to be copied (PIX copia e cola, the agenda feed's address): react-admin's TextInput,
 * read-only in the page (not disabled, so it can be focused, selected and read), whole on focus.
 */
export function CopyField(props: { label: string; value: string; multiline?: boolean }) {
  return (
    <Form key={props.value} record={{ valor: props.value }} onSubmit={nothing}>
      <TextInput
        source="valor"
        label={props.label}
        multiline={props.multiline}
        fullWidth
        size="small"
        helperText={false}
        margin="none"
        slotProps={{ htmlInput: { readOnly: true, onFocus: selectAll } }}
      />
    </Form>
  );
}
