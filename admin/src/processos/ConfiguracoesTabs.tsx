import { Tab, Tabs } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

/** Configurações' tabs: Usuários (/painel/configuracoes) and Processos (the stage templates, issue 11). */
export function ConfiguracoesTabs() {
  const basename = useBasename();
  const { pathname } = useLocation();
  const processos = pathname.startsWith(`${basename}/configuracoes/processos`);
  return (
    <Tabs value={processos ? 'processos' : 'usuarios'} aria-label="Configurações" sx={{ mt: 1 }}>
      <Tab value="usuarios" label="Usuários" component={Link} to={`${basename}/configuracoes`} />
      <Tab value="processos" label="Processos" component={Link} to={`${basename}/configuracoes/processos`} />
    </Tabs>
  );
}
