import type { PublicRoute } from './routes';
import { Island } from './islands';
import { Layout } from './layout/Layout';

/** A page inside the site's layout; interactive pages are one island, hydrated in the browser. */
export function App({ route }: { route: PublicRoute }) {
  const { Page } = route;
  return <Layout currentPath={route.path}>{route.hydrate === false ? <Page /> : <Island component={Page} />}</Layout>;
}
