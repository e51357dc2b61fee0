import { fuzzRoutes } from './fuzz-routes.ts'

// Fuzzing of every route, dealt over PARTS files: see fuzz-routes.ts.
await fuzzRoutes(2)
