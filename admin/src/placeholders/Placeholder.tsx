import { Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** Screens the spec lists as placeholders (§2.10): a heading and a clear "em construção" text. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">Esta área está em construção.</Typography>
      </CardContent>
    </Card>
  );
}
