import { Tab, Tabs } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useCan } from '../layout/Restricted';

/**
 * Configurações' tabs: Usuários (/painel/configuracoes), Processos (the stage templates, issue 11)
 * and, for the master, Tarefas (the background jobs, issue 15); for the board, Fila de saída (the system messages, issue 53)
 * and E-mail de saída (the relay, ADR 0055).
 */
export function ConfiguracoesTabs() {
  const basename = useBasename();
  const { pathname } = useLocation();
  const tarefas = useCan('tarefas');
  const filaSaida = useCan('filaSaida');
  const settings = useCan('settings');
  const tab = ['processos', 'tarefas', 'fila-saida', 'email-saida'].find((t) => pathname.startsWith(`${basename}/configuracoes/${t}`)) ?? 'usuarios';
  return (
    <Tabs value={tab} aria-label="Configurações" sx={{ mt: 1 }}>
      <Tab value="usuarios" label="Usuários" component={Link} to={`${basename}/configuracoes`} />
      <Tab value="processos" label="Processos" component={Link} to={`${basename}/configuracoes/processos`} />
      {tarefas && <Tab value="tarefas" label="Tarefas" component={Link} to={`${basename}/configuracoes/tarefas`} />}
      {filaSaida && <Tab value="fila-saida" label="Fila de saída" component={Link} to={`${basename}/configuracoes/fila-saida`} />}
      {settings && <Tab value="email-saida" label="E-mail de saída" component={Link} to={`${basename}/configuracoes/email-saida`} />}
    </Tabs>
  );
}
