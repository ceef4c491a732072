/** What an Admin UI build's `index.html` is filled with, as Unleash fills it when it serves the UI. */
export interface IndexSettings {
  /** The prefix the server is under (`''` for none). */
  readonly basePath: string
  /** Where the UI's static files are served from, when not from this server. */
  readonly cdnPrefix?: string
  /** Flags the UI reads before it asks the server (`uiFlags`). */
  readonly uiFlags?: Readonly<Record<string, unknown>>
  /** A frontend token for the UI's own flags; none by default. */
  readonly unleashToken?: string
}

const PLACEHOLDER = /::(baseUriPath|cdnPrefix|faviconPrefix|uiFlags|unleashToken)::/gi

// The build refers to its assets at the root (`src="/static/index-<hash>.js"`): they are moved
// under the prefix, or to the CDN, as the page's own links must be.
const ASSET_LINK = /(\s(?:src|href)=["'])\/static\//gi

/**
 * `index.html` with its placeholders filled: the base path, the CDN prefix (and the favicon's,
 * the same), the UI flags as URI-encoded JSON, the token; and its `/static/` links moved under
 * the CDN prefix or the base path.
 */
export const fillIndexHtml = (html: string, settings: IndexSettings): string => {
  const cdnPrefix = settings.cdnPrefix ?? ''
  const values: Record<string, string> = {
    baseuripath: settings.basePath,
    cdnprefix: cdnPrefix,
    faviconprefix: cdnPrefix,
    uiflags: encodeURI(JSON.stringify(settings.uiFlags ?? {})),
    unleashtoken: settings.unleashToken ?? '',
  }
  return html
    .replace(PLACEHOLDER, (_match, name: string) => values[name.toLowerCase()] ?? '')
    .replace(ASSET_LINK, (_match, attribute: string) => `${attribute}${cdnPrefix || settings.basePath}/static/`)
}
