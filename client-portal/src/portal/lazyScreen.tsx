import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A screen whose code is a chunk of its own, fetched the first time it shows (or earlier, by preload). */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * A route's screen loaded on demand (ADR 0059): the module is imported once, the first time the
 * screen shows or when `preloadScreens` asks for it; meanwhile `fallback` takes its place (a tab's
 * "Carregando...", nothing for a dialog). A route is one line:
 *   const Membros = lazyScreen(() => import('./membros/Membros'), 'Membros');
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, fallback: ReactNode = null): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: module[name] })));
  const Lazy = lazy(preload);
  function Screen() {
    return (
      <Suspense fallback={fallback}>
        <Lazy />
      </Suspense>
    );
  }
  Screen.displayName = `lazyScreen(${name})`;
  return Object.assign(Screen, { preload });
}

/** What a tab shows while its screen's code arrives (the panel's own loading line). */
export const TAB_LOADING = (
  <p className="loading" role="status">
    Carregando...
  </p>
);

/**
 * Starts fetching the code of every lazy screen the address shows (its tab and its dialog), at
 * once, beside the session check: a deep link does not wait for one chunk after another.
 */
export function preloadScreens(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const type = (match.route.element as { type?: Partial<LazyScreen> } | null | undefined)?.type;
    if (typeof type?.preload === 'function') void type.preload();
  }
}
