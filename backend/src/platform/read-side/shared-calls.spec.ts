import { sharedCall } from './shared-calls';

describe('sharedCall', () => {
  it('gives callers with the same key the running call, another key its own, and frees the key once it settles', async () => {
    const running = new Map<string, Promise<number>>();
    let calls = 0;
    const call = (value: number) => () => new Promise<number>((resolve) => setTimeout(() => resolve((calls++, value)), 5));
    const [a, b, c] = await Promise.all([sharedCall(running, 'k', call(1)), sharedCall(running, 'k', call(2)), sharedCall(running, 'j', call(3))]);
    expect([a, b, c, calls, running.size]).toEqual([1, 1, 3, 2, 0]);
    expect(await sharedCall(running, 'k', call(4))).toBe(4);
  });

  it('fails every caller of a failed call, and calls again after it', async () => {
    const running = new Map<string, Promise<string>>();
    const failing = sharedCall(running, 'k', () => Promise.reject(new Error('caiu')));
    const waiting = sharedCall(running, 'k', async () => 'nunca');
    await expect(failing).rejects.toThrow('caiu');
    await expect(waiting).rejects.toThrow('caiu');
    expect(await sharedCall(running, 'k', async () => 'de novo')).toBe('de novo');
  });
});
