import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import { userTypeLabel } from '../providers/authProvider';

export function Dashboard() {
  const { identity, isPending } = useGetIdentity();
  const { permissions } = usePermissions();
  const label = userTypeLabel(permissions);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {isPending ? 'Carregando...' : `Olá, ${identity?.fullName ?? ''}`}
        </Typography>
        {label && (
          <Typography variant="body1" color="text.secondary">
            Tipo de usuário: <strong>{label}</strong>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
