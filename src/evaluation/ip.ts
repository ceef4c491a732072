/**
 * IPv4 and IPv6 addresses and CIDR ranges, for the `remoteAddress` strategy and the
 * IN_CIDR operator. Addresses are byte arrays (4 or 16 bytes); IPv4-mapped IPv6 addresses
 * (`::ffff:10.0.0.1`, what node reports on a dual-stack socket) are folded into IPv4 so
 * they match IPv4 ranges.
 */

/** An address block: `bytes` with the first `prefix` bits significant. A single address has a full prefix. */
export interface IpRange {
  readonly bytes: Uint8Array
  readonly prefix: number
}

const DECIMAL_OCTET = /^(?:0|[1-9]\d{0,2})$/
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/

const parseIPv4 = (text: string): Uint8Array | undefined => {
  const parts = text.split('.')
  if (parts.length !== 4) return undefined
  const bytes = new Uint8Array(4)
  for (let i = 0; i < 4; i += 1) {
    const part = parts[i]!
    // Leading zeros are refused: some parsers read them as octal.
    if (!DECIMAL_OCTET.test(part)) return undefined
    const value = Number(part)
    if (value > 255) return undefined
    bytes[i] = value
  }
  return bytes
}

/** The 16-bit groups of one side of `::`; an IPv4 tail counts as two groups. */
const parseGroups = (text: string, ipv4TailAllowed: boolean): number[] | undefined => {
  if (text === '') return []
  const parts = text.split(':')
  const groups: number[] = []
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!
    if (ipv4TailAllowed && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIPv4(part)
      if (v4 === undefined) return undefined
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!)
    } else if (HEX_GROUP.test(part)) {
      groups.push(parseInt(part, 16))
    } else {
      return undefined
    }
  }
  return groups
}

const parseIPv6 = (text: string): Uint8Array | undefined => {
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  const compressed = halves.length === 2
  const head = parseGroups(halves[0]!, !compressed)
  const tail = compressed ? parseGroups(halves[1]!, true) : []
  if (head === undefined || tail === undefined) return undefined
  const missing = 8 - head.length - tail.length
  if (compressed ? missing < 1 : missing !== 0) return undefined
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail]
  const bytes = new Uint8Array(16)
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8
    bytes[2 * i + 1] = group & 0xff
  })
  return bytes
}

const isIPv4Mapped = (bytes: Uint8Array): boolean =>
  bytes.length === 16 && bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff

const canonical = (range: IpRange): IpRange =>
  isIPv4Mapped(range.bytes) && range.prefix >= 96
    ? { bytes: range.bytes.slice(12), prefix: range.prefix - 96 }
    : range

/** Parses one IPv4 or IPv6 address; `undefined` when `text` is not one. */
export const parseIp = (text: string): Uint8Array | undefined => {
  const bytes = text.includes(':') ? parseIPv6(text) : parseIPv4(text)
  return bytes === undefined ? undefined : canonical({ bytes, prefix: bytes.length * 8 }).bytes
}

/**
 * Parses `address/prefix`, or a bare address as a range of one. Host bits past the prefix
 * are allowed and ignored (`10.1.2.3/8` is `10.0.0.0/8`).
 */
export const parseIpRange = (text: string): IpRange | undefined => {
  const slash = text.indexOf('/')
  const addressText = slash === -1 ? text : text.slice(0, slash)
  const bytes = addressText.includes(':') ? parseIPv6(addressText) : parseIPv4(addressText)
  if (bytes === undefined) return undefined
  const bits = bytes.length * 8
  if (slash === -1) return canonical({ bytes, prefix: bits })
  const prefixText = text.slice(slash + 1)
  if (!/^(?:0|[1-9]\d{0,2})$/.test(prefixText)) return undefined
  const prefix = Number(prefixText)
  return prefix > bits ? undefined : canonical({ bytes, prefix })
}

/** Whether `address` (from {@link parseIp}) lies in `range`; IPv4 never matches IPv6. */
export const rangeContains = (range: IpRange, address: Uint8Array): boolean => {
  if (range.bytes.length !== address.length) return false
  const whole = range.prefix >> 3
  for (let i = 0; i < whole; i += 1) {
    if (range.bytes[i] !== address[i]) return false
  }
  const rest = range.prefix & 7
  if (rest === 0) return true
  const mask = (0xff << (8 - rest)) & 0xff
  return (range.bytes[whole]! & mask) === (address[whole]! & mask)
}
