import { useBasename } from 'react-admin';
import { Restricted } from '../layout/Restricted';
import { RegistroDetail } from './RegistroDetail';

/** /painel/registros/:id: a registro opened from the board's list. */
export default function RegistroPage() {
  const basename = useBasename();
  return (
    <Restricted action="registros.readAll">
      <RegistroDetail back={{ to: `${basename}/registros`, label: 'Registros' }} />
    </Restricted>
  );
}
