import type { FirmConfig } from '@veritas/common';

declare global {
  /** Inlined by vite.config.ts (define) at build time. */
  const __FIRM__: FirmConfig;
}
