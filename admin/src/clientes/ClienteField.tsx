import type { ComponentProps } from 'react';
import { TextInput } from 'react-admin';

/** react-admin keeps a blank input as null; the masks work on text. */
export const masked = (mask: (v: string) => string) => (v: string) => (v ? mask(v) : v);

/** One text input of the client form: id cliente-<field> (links and tests find it), label from resources.clientes.fields. */
export function ClienteField(props: { source: string; wide?: boolean } & Omit<ComponentProps<typeof TextInput>, 'source'>) {
  const { source, wide, sx, ...rest } = props;
  return <TextInput id={`cliente-${source}`} source={source} size="small" fullWidth sx={{ ...(wide ? { gridColumn: { sm: '1 / -1' } } : {}), ...sx }} {...rest} />;
}
