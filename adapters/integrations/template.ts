/**
 * The part of mustache that Unleash's webhook body templates use: `{{path}}` (HTML-escaped, as
 * mustache escapes), `{{{path}}}` and `{{& path}}` (as is), a path being dot-separated keys
 * (`event.data.name`). A missing value renders as nothing; sections are not read.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '/': '&#x2F;', '`': '&#x60;', '=': '&#x3D;' }

const lookup = (view: unknown, path: string): unknown => {
  let value: unknown = view
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, key)) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? String(value) : String(value))

export const renderTemplate = (template: string, view: unknown): string =>
  template.replace(/\{\{\{\s*([^}]+?)\s*\}\}\}|\{\{\s*(&?)\s*([^}]+?)\s*\}\}/g, (_match, raw: string | undefined, amp: string, escaped: string) =>
    raw !== undefined ? text(lookup(view, raw)) : amp === '&' ? text(lookup(view, escaped)) : text(lookup(view, escaped)).replace(/[&<>"'`=/]/g, (c) => ESCAPES[c]!),
  )
