/*
 * Hydrates the islands the prerender marked (see islands.tsx). Loaded by entry-client, after the
 * first paint, only on pages that have one, beside each island's own module.
 */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { yieldToMain } from '@veritas/web';

export interface IslandToHydrate {
  element: HTMLElement;
  /** The island's module, loading (undefined: no such island). */
  module: Promise<Record<string, ComponentType<any>>> | undefined;
}

export async function hydrateIslands(islands: IslandToHydrate[]): Promise<void> {
  await Promise.all(
    islands.map(async ({ element, module }) => {
      const name = (element.dataset.island ?? '').split('#')[1];
      if (!module) {
        console.error(`Ilha desconhecida: ${element.dataset.island}`);
        return;
      }
      const Component = (await module)[name];
      await yieldToMain();
      const props = JSON.parse(element.dataset.props || '{}');
      hydrateRoot(element, createElement(Component, props));
    }),
  );
}
