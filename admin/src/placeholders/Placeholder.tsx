import { Card, CardContent, Typography } from '@mui/material';
import { PanelTitle } from '../layout/PanelTitle';

/**
 * A menu entry whose screen is not built yet: an honest page (§2.10 lists placeholders) saying
 * what is coming and where the work is, instead of the dashboard under a wrong title. No data.
 */
export function Placeholder({ title, coming, where }: { title: string; coming: string; where: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <PanelTitle title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          Esta área está em construção.
        </Typography>
        <Typography gutterBottom>
          <strong>O que vem aqui:</strong> {coming}
        </Typography>
        <Typography color="text.secondary">{where}</Typography>
      </CardContent>
    </Card>
  );
}

/** The screens still to come, each with its issue (the menu keeps their entries, §2.10). */
export const PLACEHOLDERS = [
  {
    path: '/financas',
    title: 'Finanças',
    coming: 'cobranças dos clientes a partir da tabela de preços dos tipos de cliente, PIX e acompanhamento de pagamentos.',
    where: 'Em desenvolvimento na issue 12 (Finanças). Os valores dos serviços já estão em Tipos de Cliente.',
  },
  {
    path: '/equipe',
    title: 'Equipe',
    coming: 'a carga de trabalho de cada pessoa da equipe e a distribuição dos registros.',
    where: 'Em desenvolvimento na issue 13 (Agenda, Equipe e Relatórios). Os usuários da equipe são geridos em Configurações.',
  },
  {
    path: '/agenda',
    title: 'Agenda',
    coming: 'o calendário da firma com os prazos dos registros, assinável em qualquer aplicativo de calendário.',
    where: 'Em desenvolvimento na issue 13 (Agenda, Equipe e Relatórios). Os prazos já estão em Prazos.',
  },
  {
    path: '/relatorios',
    title: 'Relatórios',
    coming: 'relatórios de clientes, registros e prazos por período, com exportação.',
    where: 'Em desenvolvimento na issue 13 (Agenda, Equipe e Relatórios). As listas já exportam CSV pelo botão Exportar.',
  },
] as const;
