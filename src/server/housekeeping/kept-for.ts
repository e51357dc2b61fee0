/**
 * How long housekeeping keeps what features leave behind. The numbers live here, below the
 * features that set them, so the sweep reads them without importing any feature.
 */

/** A remembered browser's device cookie (security rule 6 c) lives this long. */
export const DEVICE_COOKIE_DAYS = 180

/** Unclaimed 'Add from CV' uploads are swept after this long. */
export const UPLOAD_TTL_HOURS = 24
