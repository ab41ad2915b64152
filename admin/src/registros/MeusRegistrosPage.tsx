import { useBasename } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { MeusRegistrosList } from './MeusRegistrosList';
import { RegistroDetail } from './RegistroDetail';

/** /painel/meu-registros and /painel/meu-registros/:id. */
export default function MeusRegistrosPage() {
  const basename = useBasename();
  return (
    <Routes>
      <Route index element={<MeusRegistrosList />} />
      <Route path=":id" element={<RegistroDetail back={{ to: `${basename}/meu-registros`, label: 'Meus Registros' }} />} />
    </Routes>
  );
}
