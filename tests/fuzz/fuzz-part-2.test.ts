import { fuzzRoutes } from './fuzz-routes.ts'

// Issue 6's fuzzing of every route, dealt over PARTS files: see fuzz-routes.ts.
await fuzzRoutes(2)
