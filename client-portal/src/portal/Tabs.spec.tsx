import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPortal } from '../testing/renderPortal';

describe('the tabs', () => {
  it('are links to their addresses, and the arrow keys go to the next one (wrapping round)', async () => {
    const view = renderPortal('/cliente/faq', () => undefined);
    const faqs = await screen.findByRole('tab', { name: 'FAQs', selected: true });
    expect(faqs.getAttribute('href')).toBe('/cliente/faq');
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '-1', '-1', '-1', '-1', '0']);

    fireEvent.keyDown(faqs, { key: 'ArrowRight' });
    await waitFor(() => expect(view.location()).toBe('/cliente'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Dashboard', selected: true }));

    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(view.location()).toBe('/cliente/faq'));
  });
});
