import type { FirmConfig, PrivacyConfig } from '@veritas/common';

declare global {
  /** Inlined by vite.config.ts (define) at build time. */
  const __FIRM__: FirmConfig;
  /** Inlined by vite.config.ts (define) at build time: the encarregado and the contact retention. */
  const __PRIVACY__: PrivacyConfig;
}
