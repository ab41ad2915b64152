/*
 * What search engines and link previews read: the <head> of each page (title, description,
 * canonical address, Open Graph), the schema.org data (JSON-LD: data, never executed, so the CSP
 * has nothing to block), sitemap.xml and robots.txt. Addresses are absolute, on SITE_URL.
 */
import type { FirmConfig } from '@veritas/common';
import type { PublicRoute } from './route-types';

/** Office hours of §9 in schema.org's terms. */
const OPENING_HOURS = [
  { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
  { dayOfWeek: ['Saturday'], opens: '09:00', closes: '13:00' },
];

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** SITE_URL + path, without a trailing slash except for the root. */
export function absoluteUrl(firm: FirmConfig, path: string): string {
  return firm.siteUrl.replace(/\/+$/, '') + (path === '/' ? '/' : path);
}

/** The firm as a schema.org ProfessionalService (a kind of LocalBusiness), on every page. */
export function firmStructuredData(firm: FirmConfig): object {
  const sameAs = [firm.instagram, firm.linkedin, firm.facebook].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${absoluteUrl(firm, '/')}#empresa`,
    name: firm.brandName,
    slogan: firm.tagline,
    url: absoluteUrl(firm, '/'),
    logo: absoluteUrl(firm, '/favicon.svg'),
    telephone: firm.phone,
    email: firm.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: firm.address,
      addressLocality: firm.city,
      addressRegion: firm.state,
      postalCode: firm.cep,
      addressCountry: 'BR',
    },
    openingHoursSpecification: OPENING_HOURS.map((hours) => ({ '@type': 'OpeningHoursSpecification', ...hours })),
    areaServed: { '@type': 'Country', name: 'Brasil' },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** JSON inside <script>: "</script>" or "<!--" in a text must not end the element. */
function jsonForScript(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The page's <head> tags, after the template's charset and viewport. */
export function headTags(firm: FirmConfig, route: PublicRoute): string {
  const url = absoluteUrl(firm, route.canonicalPath ?? route.path);
  const structured = [firmStructuredData(firm), ...(route.structuredData ?? [])];
  return [
    `<title>${escapeHtml(route.title)}</title>`,
    `<meta name="description" content="${escapeHtml(route.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="${route.ogType ?? 'website'}" />`,
    `<meta property="og:site_name" content="${escapeHtml(firm.brandName)}" />`,
    `<meta property="og:title" content="${escapeHtml(route.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(route.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    '<meta property="og:locale" content="pt_BR" />',
    '<meta name="twitter:card" content="summary" />',
    ...structured.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
    // Without JavaScript the menu toggle cannot work: show the menu open on small screens.
    // (Vite puts the stylesheet after these tags: the selectors are made more specific to win.)
    '<noscript><style>.site-header .nav-toggle{display:none}@media (max-width:768px){.site-header .site-header__bar{flex-wrap:wrap}.site-header .site-nav{display:flex;position:static;box-shadow:none;padding:0 0 1rem;width:100%}}</style></noscript>',
  ].join('\n    ');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sitemapXml(firm: FirmConfig, routes: PublicRoute[]): string {
  const urls = routes
    .filter((route) => route.inSitemap !== false && !route.canonicalPath)
    .map((route) => `  <url><loc>${escapeXml(absoluteUrl(firm, route.path))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The panel, the client area and the API are not for search engines. */
export function robotsTxt(firm: FirmConfig): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /painel',
    'Disallow: /cliente',
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl(firm, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
