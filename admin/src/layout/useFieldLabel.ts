import { useTranslate } from 'react-admin';

/** The pt-BR label of a resource's field, from the i18n provider. */
export function useFieldLabel(resource: 'clientes' | 'users' | 'tipos-cliente') {
  const translate = useTranslate();
  return (field: string) => translate(`resources.${resource}.fields.${field}`);
}
