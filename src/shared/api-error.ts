import { z } from 'zod'

/** Every 4xx/5xx body the API sends (security rule 23). */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
