jest.setTimeout(120_000);
// A browser test that fails is run once more, its first failure printed in full: on a loaded
// two-core CI machine a race between the page and the test (a click before React showed the last
// one) must not hide a whole stop's work, and the printed first failure keeps the flake visible
// so it gets fixed. A real regression fails both runs. API and unit tests are never retried.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
