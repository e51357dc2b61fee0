import ipaddr from 'ipaddr.js'

/**
 * The throttle's key for a client address (security rule 6 c): an IPv4 address as it is, an IPv6
 * address by its /64 — one subscriber usually holds a whole /64, so keying per /128 would give an
 * attacker 2^64 fresh addresses. An IPv4 address written as IPv6 (::ffff:a.b.c.d) is the IPv4 one.
 */
export function clientAddressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip
  const parsed = ipaddr.process(ip)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`)
  return `${prefix.toString()}/64`
}
