import ipaddr from "ipaddr.js";

/**
 * The address a per-address limit counts against. IPv4 counts per address; IPv6 per /64, because one
 * subscriber is usually handed a whole /64 and could otherwise step to a fresh address for every attempt.
 * An IPv4 address written as IPv6 (::ffff:192.0.2.1, what a dual-stack socket reports) is the IPv4 one.
 * Which address that is (the socket's, or the one a trusted proxy reports) is Express's `trust proxy`
 * setting: see TRUST_PROXY in the README.
 */
export function limitedAddress(clientIp: string): string {
  if (!ipaddr.isValid(clientIp)) return "unknown";
  const address = ipaddr.process(clientIp);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}
