/**
 * `zod` as the web build sees it (vite.config.ts aliases the bare name here): the same library, told before any
 * schema exists not to compile parsers with `new Function`. Its probe for that is refused by the app's CSP (no
 * 'unsafe-eval') and reported as a violation; parsing without it is as correct, and fast enough for forms.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
