import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

const containerNow = () => (typeof document === 'undefined' ? null : document.getElementById('react-admin-title'));

/**
 * The page title in the app bar, where react-admin's `<TitlePortal>` leaves room for it: the
 * same portal as react-admin's `<Title>`, without its configurable-title editor (which brings the
 * preferences inspector and lodash's deep equality into the first load). For the first screens
 * (dashboard, placeholders); lazy screens may use `<Title>`.
 */
export function PanelTitle({ title }: { title: string }) {
  const [container, setContainer] = useState(containerNow);
  // On the first render the app bar may not be mounted yet: look again once it is.
  useEffect(() => setContainer((c) => (c && document.body.contains(c) ? c : containerNow())), []);
  return container ? createPortal(<span>{title}</span>, container) : null;
}
