import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SecretKey } from '../secrets/secret-box.ts'
import { DEVICE_COOKIE_DAYS } from '../housekeeping/kept-for.ts'

export { DEVICE_COOKIE_DAYS }

/**
 * Security rule 6 d, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser
 * that signed in to an account gets a cookie naming that account, signed with a key derived from
 * SECRET_KEY. A sign-in that presents a valid one for the account it is signing in to is not held
 * by the account's or the address's lock — strangers cannot lock the owner out of a browser they
 * used before — and counts its failures against the cookie's own nonce instead.
 *
 *   <base64url(email)>.<expires, unix seconds>.<nonce>.<HMAC-SHA256 of the first three>
 */
export const DEVICE_COOKIE = 'scout_device'
const DAY_MS = 24 * 60 * 60 * 1000

export type Device = { email: string; nonce: string }

/** A key for this purpose only, so the cookie's MAC says nothing about other uses of SECRET_KEY. */
function macKey(secret: SecretKey): Buffer {
  return createHmac('sha256', secret.bytes).update('scout device cookie v1').digest()
}

function mac(secret: SecretKey, body: string): Buffer {
  return createHmac('sha256', macKey(secret)).update(body).digest()
}

export function issueDeviceCookie(secret: SecretKey, email: string, now = new Date()): string {
  const expires = Math.floor((now.getTime() + DEVICE_COOKIE_DAYS * DAY_MS) / 1000)
  const nonce = randomBytes(16).toString('base64url')
  const body = `${Buffer.from(email).toString('base64url')}.${expires}.${nonce}`
  return `${body}.${mac(secret, body).toString('base64url')}`
}

/**
 * The device a cookie names, when it is genuine, unexpired and for `email`; anything else
 * (forged, altered, expired, another account's, malformed) counts for nothing.
 */
export function readDeviceCookie(
  secret: SecretKey,
  value: string | undefined,
  email: string,
  now = new Date(),
): Device | undefined {
  const parts = value?.split('.')
  if (parts?.length !== 4) return undefined
  const [encodedEmail = '', expires = '', nonce = '', signature = ''] = parts
  const expected = mac(secret, `${encodedEmail}.${expires}.${nonce}`)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return undefined
  if (Buffer.from(encodedEmail, 'base64url').toString('utf8') !== email) return undefined
  return { email, nonce }
}
