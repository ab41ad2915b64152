/*
 * Hydrates the islands the prerender marked (see islands.tsx). Loaded by entry-client only on
 * pages that have one; each island's module is its own chunk, fetched on demand.
 */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

const modules = import.meta.glob<Record<string, ComponentType<any>>>('./pages/**/*.tsx');

/** Lets the browser handle input and paint between loading a module and hydrating it (shorter tasks). */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function hydrateIslands(elements: Iterable<HTMLElement>): Promise<void> {
  await Promise.all(
    Array.from(elements, async (element) => {
      const [key, name] = (element.dataset.island ?? '').split('#');
      const load = modules[key];
      if (!load) {
        console.error(`Ilha desconhecida: ${element.dataset.island}`);
        return;
      }
      const Component = (await load())[name];
      await yieldToMain();
      const props = JSON.parse(element.dataset.props || '{}');
      hydrateRoot(element, createElement(Component, props));
    }),
  );
}
