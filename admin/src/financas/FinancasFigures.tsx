import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatBRL } from '@veritas/common';
import { useCan } from '../layout/Restricted';
import { useFinancasApi } from '../providers/financasMethods';

/** The dashboards' Finanças line (issue 12): receivable now and received in the period, for whoever sees Finanças. */
export function FinancasFigures({ periodo }: { periodo: string }) {
  const canSee = useCan('financas.read');
  const api = useFinancasApi();
  const query = useQuery({ queryKey: ['financas-resumo', periodo], queryFn: () => api.financasResumo(periodo), enabled: canSee });
  if (!canSee || !query.data) return null;
  const d = query.data;
  const figures: [string, number, string][] = [
    ['A receber', d.aReceber, 'Saldo das cobranças abertas'],
    ['Recebido', d.recebido, d.periodoLabel],
    ['Vencido', d.vencido, 'Cobranças abertas após o vencimento'],
  ];
  return (
    <Box component="section" aria-label="Finanças" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {figures.map(([label, value, hint]) => (
        <Card key={label} variant="outlined" component="section" aria-label={`Finanças: ${label}`}>
          <CardContent>
            <Typography component="h3" variant="body2" color="text.secondary">
              Finanças: {label}
            </Typography>
            <Typography variant="h5" component="p" data-figure={`Finanças: ${label}`} sx={{ fontWeight: 600 }}>
              {formatBRL(value)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {hint}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
