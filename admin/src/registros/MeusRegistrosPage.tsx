import { useBasename } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { Restricted } from '../layout/Restricted';
import { MeusRegistrosList } from './MeusRegistrosList';
import { RegistroDetail } from './RegistroDetail';

/** /painel/meu-registros and /painel/meu-registros/:id: for those who work registros (not financeiro or suporte). */
export default function MeusRegistrosPage() {
  const basename = useBasename();
  return (
    <Restricted action="registros.work">
      <Routes>
        <Route index element={<MeusRegistrosList />} />
        <Route path=":id" element={<RegistroDetail back={{ to: `${basename}/meu-registros`, label: 'Meus Registros' }} />} />
      </Routes>
    </Restricted>
  );
}
