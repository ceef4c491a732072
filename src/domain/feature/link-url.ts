/*
 * A feature link's URL as Unleash stores it: Unleash runs it through normalize-url (with
 * `https` for a URL without a scheme). The rules of that library's defaults that apply to web
 * addresses are done here with the URL class, which every JavaScript runtime has. Unlike
 * Unleash, only http and https links are kept: a `javascript:` link, which Unleash stores, is
 * code that runs in the page of whoever clicks it.
 */

// A scheme, not a host and port: `example.com:8080/x` has none (as normalize-url reads it).
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i
// normalize-url strips `www.` only from a host that is `www.` and a name with a dot.
const WWW = /^www\.(?!www\.)[a-z\-\d]{1,63}\.[a-z.\-\d]{2,63}$/
const TRACKING = /^utm_\w+/i

/** The URL as stored, or undefined when it is not a web address. */
export const normalizeLinkUrl = (given: string): string | undefined => {
  const text = given.trim()
  if (text === '') return undefined
  const absolute = SCHEME.test(text) ? text : `https://${text.replace(/^\/\//, '')}`
  let url: URL
  try {
    url = new URL(absolute)
  } catch {
    return undefined
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined
  url.username = ''
  url.password = ''
  url.hostname = url.hostname.replace(/\.$/, '')
  if (WWW.test(url.hostname)) url.hostname = url.hostname.slice(4)
  url.pathname = url.pathname.replace(/\/{2,}/g, '/')
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key)
  url.searchParams.sort()
  // A text fragment (`#:~:text=`) is where a browser scrolled to, not part of the address.
  if (url.hash.startsWith('#:~:text=')) url.hash = ''
  const path = url.pathname.replace(/\/$/, '')
  const tail = `${url.search}${url.hash}`
  return `${url.protocol}//${url.host}${path}${tail}`
}
