import { type ReactNode, useEffect } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { Form } from 'react-admin';
import { useFormContext } from 'react-hook-form';

export type FilterValues = Record<string, string | boolean>;

/** Reports the person's changes (not the form's resets when the address changes) to `onChange`. */
function Changes({ onChange }: { onChange: (name: string, value: unknown) => void }) {
  const { watch } = useFormContext();
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (name && type === 'change') onChange(name, (values as Record<string, unknown>)[name]);
    });
    return () => subscription.unsubscribe();
  }, [watch, onChange]);
  return null;
}

const nothing = () => undefined;

/**
 * The filters of a custom screen (a board, a calendar, a dashboard) whose values live in the address
 * (?periodo=, ?responsavel=…): react-admin's `<Form>` with its inputs (SelectInput, BooleanInput…),
 * filled from `values` (which the screen reads from the address) and telling `onChange` each change
 * the person makes, for the screen to write the address. The form follows the address back (Back, a
 * link), so the address is the one state; nothing is submitted.
 */
export function FilterBar(props: { values: FilterValues; onChange: (name: string, value: unknown) => void; label?: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Form record={props.values} onSubmit={nothing}>
      <Changes onChange={props.onChange} />
      <Box role="search" aria-label={props.label} sx={[{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}>
        {props.children}
      </Box>
    </Form>
  );
}

/**
 * A label as react-admin shows it verbatim: a select that always has a value is marked `isRequired`
 * (so it offers no empty choice), and a plain element keeps the required asterisk off a filter.
 */
export const plainLabel = (text: string) => <>{text}</>;
