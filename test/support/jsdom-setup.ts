/*
 * What the panel's and the portal's components need from a browser that jsdom (jest 29's) does not
 * give: TextEncoder (react-router), matchMedia (MUI's useMediaQuery), ResizeObserver (the message
 * frame), <dialog>'s modal methods (the portal's ui/Dialog.tsx) and the layout calls ProseMirror
 * makes when it scrolls the cursor into view. None of them lays anything out: jsdom has no layout.
 * Test environment only: nothing here reaches a browser.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

Object.assign(globalThis, { TextEncoder, TextDecoder });

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= NoResizeObserver;

const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
const emptyRect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = emptyRect;
Element.prototype.scrollIntoView ??= () => undefined;
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
  this.dispatchEvent(new Event('close'));
};
document.elementFromPoint ??= () => null;

// A loaded machine (two cores shared with other suites) renders MUI in jsdom slowly: waits are
// generous, and a test fails on what it asserts, not on the clock.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(90_000);
