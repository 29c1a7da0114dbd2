import ipaddr from "ipaddr.js";

/**
 * The network a shopper comes from, for "one place per address block": an IPv4 /24 or an IPv6 /48 (what one
 * site is usually given), so a script cannot take many places by stepping through the addresses of its own
 * network. An IPv4 address written as IPv6 (::ffff:192.0.2.1) is the IPv4 one.
 */
export function addressBlock(clientIp: string): string {
  if (!ipaddr.isValid(clientIp)) return "unknown";
  const address = ipaddr.process(clientIp);
  if (address.kind() === "ipv4") {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, 3);
  return `${parts.map((p) => p.toString(16)).join(":")}::/48`;
}
