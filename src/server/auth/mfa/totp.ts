import { Secret, TOTP } from 'otpauth'
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '#shared/mfa.ts'

/**
 * TOTP (RFC 6238) through the otpauth library: SHA-1, 6 digits, 30-second steps — what every
 * authenticator app reads from a QR code. No HMAC or base32 is written here.
 */
export const TOTP_ISSUER = 'Scout'
/** One step of clock drift either way. */
export const TOTP_WINDOW = 1

function totpFor(secretBase32: string, label = 'user'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URL the QR code carries: issuer Scout, the account's e-mail as label. */
export function otpauthUrl(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString()
}

/** The 30-second step a time falls in. */
export function stepAt(timestamp: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp })
}

/**
 * The step whose code `code` is, within one step either way of `timestamp`; undefined when it
 * matches none. The caller refuses a step already used (replay).
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  timestamp = Date.now(),
): number | undefined {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: TOTP_WINDOW })
  return delta === null ? undefined : stepAt(timestamp) + delta
}
