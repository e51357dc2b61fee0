/**
 * A cleared optional text field is stored and shown as no value (null), never as '' — the one
 * rule for the talent form's optional fields and a user's names (spec sections 2 and 5).
 * `undefined` (a field the request left out) stays undefined.
 */
export function emptyToNull(value: string | null): string | null
export function emptyToNull(value: string | null | undefined): string | null | undefined
export function emptyToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value
}
