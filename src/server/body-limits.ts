/** Security rule 18: JSON bodies are capped at 100 KiB. */
export const BODY_LIMIT = 100 * 1024

/**
 * The routes that take a selection of talents by id (bulk actions, a selection's export, bulk
 * privacy requests): 100,000 ids are about 800 KB of JSON, so these take up to 2 MiB (security
 * rule 18); more ids are refused by the schema with a message to use a filter.
 */
export const SELECTION_BODY_LIMIT = 2 * 1024 * 1024
