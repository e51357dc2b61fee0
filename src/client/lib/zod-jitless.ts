import { z } from 'zod'

// Zod 4 compiles object parsers with `new Function` and probes for it once;
// under the CSP's `script-src 'self'` (security rule 25) the probe is a reported violation on every
// page. Jitless parsing is plenty fast for our payloads. zod reads the flag when an object
// schema is built, so main.tsx imports this module first, before any module that builds one.
z.config({ jitless: true })
