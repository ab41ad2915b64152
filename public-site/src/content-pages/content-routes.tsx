import { firm } from '../firm';
import type { PublicRoute } from '../route-types';
import { absoluteUrl } from '../seo';
import { blogPostPage, blogPostingData, BlogIndexPage } from './blog/BlogPages';
import { POSTS } from './blog/posts';
import { ContactPage } from './contato/ContactPage';
import { faqStructuredData } from './faq/faq-data';
import { FaqPage } from './faq/FaqPage';
import { HomePage } from './home/HomePage';
import { PrivacyPage } from './legal/PrivacyPage';
import { TermsPage } from './legal/TermsPage';
import { NossosServicosPage } from './servicos/NossosServicosPage';
import { servicePage, ServicosIndexPage } from './servicos/ServicePages';
import { SERVICE_ALIASES, SERVICES, serviceBySlug } from './servicos/services';
import { AboutPage } from './sobre/AboutPage';

const BRAND = firm.brandName;

/** A content page: prerendered, never hydrated. */
const page = (route: Omit<PublicRoute, 'hydrate'>): PublicRoute => ({ ...route, hydrate: false });

const serviceRoutes: PublicRoute[] = [
  ...SERVICES.map((service) =>
    page({
      path: `/servicos/${service.slug}`,
      title: `${service.title} | ${BRAND}`,
      description: service.short,
      Page: servicePage(service),
    }),
  ),
  // Other names the spec uses for a service show the same page and point search engines to it.
  ...Object.entries(SERVICE_ALIASES).map(([alias, slug]) => {
    const service = serviceBySlug(slug);
    return page({
      path: `/servicos/${alias}`,
      title: `${service.title} | ${BRAND}`,
      description: service.short,
      Page: servicePage(service),
      canonicalPath: `/servicos/${slug}`,
    });
  }),
];

const blogRoutes: PublicRoute[] = POSTS.map((post) =>
  page({
    path: `/blog/${post.slug}`,
    title: `${post.title} | ${BRAND}`,
    description: post.description,
    Page: blogPostPage(post),
    ogType: 'article',
    structuredData: [blogPostingData(post, absoluteUrl(firm, `/blog/${post.slug}`))],
  }),
);

/** The site's content pages (§2.1, §2.3–§2.7, and the pages the spec only links). */
export const contentRoutes: PublicRoute[] = [
  page({
    path: '/',
    title: `${BRAND} | Registro empresarial nas Juntas Comerciais`,
    description:
      'Abertura, alteração e baixa de empresas, certidões, arquivamento de balanços, ' +
      'consultoria empresarial e registro de marcas perante as Juntas Comerciais.',
    Page: HomePage,
  }),
  page({
    path: '/nossos-servicos',
    title: `Nossos serviços | ${BRAND}`,
    description:
      'Abertura de empresas, alterações contratuais, certidões, arquivamento de balanços, consultoria, baixa, ' +
      'marcas e patentes e transformação empresarial: o que inclui, documentos e prazos.',
    Page: NossosServicosPage,
  }),
  page({
    path: '/servicos',
    title: `Serviços de registro empresarial | ${BRAND}`,
    description: 'Todos os serviços de registro empresarial, com o que incluem, os documentos necessários e o prazo típico.',
    Page: ServicosIndexPage,
  }),
  ...serviceRoutes,
  page({
    path: '/contato',
    title: `Contato | ${BRAND}`,
    description: `Fale com a ${BRAND}: endereço, telefones, WhatsApp, e-mails, horário de atendimento e formulário de contato.`,
    Page: ContactPage,
  }),
  page({
    path: '/fale-conosco',
    title: `Fale Conosco | ${BRAND}`,
    description: `Fale com a ${BRAND}: endereço, telefones, WhatsApp, e-mails, horário de atendimento e formulário de contato.`,
    Page: ContactPage,
    canonicalPath: '/contato',
  }),
  page({
    path: '/about-us',
    title: `Sobre nós | ${BRAND}`,
    description: `A história, a missão, a equipe e os diferenciais da ${BRAND}, assessoria em registro empresarial.`,
    Page: AboutPage,
  }),
  page({
    path: '/faq',
    title: `Perguntas frequentes | ${BRAND}`,
    description:
      'Prazos e documentos para abrir empresa, alterar o contrato social, pedir certidões e arquivar balanços na Junta Comercial.',
    Page: FaqPage,
    structuredData: [faqStructuredData()],
  }),
  page({
    path: '/blog',
    title: `Blog | ${BRAND}`,
    description: 'Artigos sobre abertura de empresas, alterações contratuais, certidões e prazos das Juntas Comerciais.',
    Page: BlogIndexPage,
  }),
  ...blogRoutes,
  page({
    path: '/termos',
    title: `Termos de uso | ${BRAND}`,
    description: `As regras para usar o site e a área do cliente da ${BRAND}.`,
    Page: TermsPage,
  }),
  page({
    path: '/privacidade',
    title: `Política de privacidade | ${BRAND}`,
    description: 'Quais dados pessoais tratamos, por que, por quanto tempo e como exercer seus direitos (LGPD).',
    Page: PrivacyPage,
  }),
];
