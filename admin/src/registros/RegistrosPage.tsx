import { useBasename } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { Restricted } from '../ui/Restricted';
import { RegistroDetail } from './RegistroDetail';
import { RegistrosList } from './RegistrosList';

/** /painel/registros and /painel/registros/:id. */
export default function RegistrosPage() {
  const basename = useBasename();
  return (
    <Restricted action="registros.readAll">
      <Routes>
        <Route index element={<RegistrosList />} />
        <Route path=":id" element={<RegistroDetail back={{ to: `${basename}/registros`, label: 'Registros' }} />} />
      </Routes>
    </Restricted>
  );
}
