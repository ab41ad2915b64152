/*
 * Islands: the interactive parts of otherwise static pages. The prerender writes the component's
 * HTML inside a marked <div>; in the browser islands.client.ts loads that component's module (and
 * only that) and hydrates it in place. A content page without islands loads no component code.
 */
import type { ComponentType } from 'react';

type AnyComponent = ComponentType<any>;

/** Component -> "<module key>#<export name>", from the server entry's view of ./pages/**. */
const registry = new Map<AnyComponent, string>();

/** Where an island's code may live (the browser can load it from there on demand). */
export const ISLAND_FOLDER = './pages/';

/** Called by entry-server with import.meta.glob('./pages/**\/*.tsx', { eager: true }). */
export function registerIslandModules(modules: Record<string, Record<string, unknown>>): void {
  for (const [key, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function' && !registry.has(value as AnyComponent)) {
        registry.set(value as AnyComponent, `${key}#${name}`);
      }
    }
  }
}

export function islandId(component: AnyComponent): string {
  const id = registry.get(component);
  if (!id) {
    const name = component.displayName || component.name || 'componente';
    throw new Error(`${name} não pode ser uma ilha: exporte-o de um arquivo em src/pages/ (${ISLAND_FOLDER}).`);
  }
  return id;
}

/**
 * Renders `component` now (prerender) and marks it for hydration in the browser. Props must be
 * JSON: they travel in the page.
 */
export function Island<P extends object>({ component: Component, props }: { component: ComponentType<P>; props?: P }) {
  const given = (props ?? {}) as P;
  return (
    <div className="island" data-island={islandId(Component)} data-props={JSON.stringify(given)}>
      <Component {...given} />
    </div>
  );
}
