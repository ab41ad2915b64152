import type { ComponentType } from 'react';

/** One prerendered page: scripts/prerender.mjs writes dist/<path>/index.html for each. */
export interface PublicRoute {
  path: string;
  title: string;
  description: string;
  Page: ComponentType;
  /**
   * Whether the browser hydrates the page (default true: forms and other interactive pages).
   * Pages that are only content say false: they are served as plain HTML with no page script,
   * and any interactive part inside them is an <Island> (see islands.tsx).
   */
  hydrate?: boolean;
  /** schema.org objects written into the page as JSON-LD, besides the firm's own. */
  structuredData?: object[];
  /** false keeps the page out of sitemap.xml (it is still prerendered). */
  inSitemap?: boolean;
  /** For a page that repeats another (/fale-conosco and /contato): the address search engines should index. */
  canonicalPath?: string;
  /** Open Graph type: 'website' unless said ('article' for blog posts). */
  ogType?: 'website' | 'article';
}
