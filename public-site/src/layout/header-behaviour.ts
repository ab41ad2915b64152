/*
 * The header's behaviour, in plain DOM code so content pages need no framework (§2.1, §9):
 * the shadow strengthens past 50 px of scroll, and at 768 px or less the menu opens and closes
 * behind its toggle. Without JavaScript a <noscript> style shows the menu open instead.
 */

/** Scrolling past this many pixels strengthens the sticky header's shadow (§9). */
export const SHADOW_THRESHOLD_PX = 50;

export function enhanceHeader(doc: Document): void {
  const header = doc.querySelector<HTMLElement>('.site-header');
  const toggle = header?.querySelector<HTMLButtonElement>('.nav-toggle');
  const menu = toggle && doc.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!header || !toggle || !menu) return;
  const win = doc.defaultView ?? window;

  const updateShadow = () => header.classList.toggle('site-header--scrolled', win.scrollY > SHADOW_THRESHOLD_PX);
  updateShadow();
  win.addEventListener('scroll', updateShadow, { passive: true });

  const setOpen = (open: boolean) => {
    menu.classList.toggle('site-nav--open', open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Fechar menu' : 'Abrir menu');
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  // Escape closes the open menu and gives the focus back to its toggle.
  header.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || toggle.getAttribute('aria-expanded') !== 'true') return;
    setOpen(false);
    toggle.focus();
  });
  // Back on a wide screen the menu is always shown: forget a mobile "open".
  win.matchMedia('(min-width: 769px)').addEventListener('change', (query) => {
    if (query.matches) setOpen(false);
  });
}
