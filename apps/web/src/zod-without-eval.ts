import { config } from 'zod/v4/core';

// The site's Content-Security-Policy forbids eval, and zod probes for it (`new Function`) before its
// first object check unless told not to: the refused probe is a CSP violation in the browser's Issues.
// The build resolves `zod` to this module, so every module using zod runs after the setting.
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
