/*
 * Keeping the main thread free while a page starts (ADR 0040, 0059): what is not needed for the
 * first paint waits for it, and long start-up work is cut into tasks with room for input between.
 */

/** Runs `run` once the page has been painted (the frame after the next one starts). */
export function afterFirstPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** A new task: the browser may handle input and paint before the code after `await` runs. */
export function yieldToMain(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
