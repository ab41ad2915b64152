import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingPage } from 'react-admin';

type Pages = typeof import('./rarePages');

/** One of react-admin's rare pages (rarePages.ts), loaded when it is shown. */
export function rarePage<K extends keyof Pages>(name: K): Pages[K] {
  const Page = lazy(() => import('./rarePages').then((m) => ({ default: m[name] as ComponentType<object> })));
  const Loaded = (props: object) => (
    <Suspense fallback={<LoadingPage />}>
      <Page {...props} />
    </Suspense>
  );
  return Loaded as Pages[K];
}
