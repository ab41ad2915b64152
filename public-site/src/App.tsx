import type { PublicRoute } from './routes';
import { Layout } from './layout/Layout';

export function App({ route }: { route: PublicRoute }) {
  const { Page } = route;
  return (
    <Layout currentPath={route.path}>
      <Page />
    </Layout>
  );
}
