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
    path: '/processos',
    title: 'Área de Processos',
    coming: 'o processo na Junta Comercial por trás de cada solicitação — etapas, exigências e documentos.',
    where: 'Em desenvolvimento na issue 11 (Processos). Até lá, acompanhe as solicitações em Registros.',
  },
] as const;
