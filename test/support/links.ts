import { dirname, join, normalize } from 'node:path'

/** The targets of a Markdown text's inline links and images (`[text](target)`), code spans and blocks left out. */
export const linkTargets = (markdown: string): string[] => {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!)
}

/**
 * The links of `file` (a path inside the package) that point at no file in `files`: a relative
 * link must name a packed file (its `#anchor` aside); absolute URLs and in-page anchors pass.
 */
export const brokenLinks = (file: string, markdown: string, files: ReadonlySet<string>): string[] =>
  linkTargets(markdown)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .filter((target) => {
      const path = decodeURIComponent(target.split('#', 1)[0]!)
      const resolved = normalize(join(dirname(file), path)).replace(/\/$/, '')
      return !files.has(resolved) && ![...files].some((f) => f.startsWith(`${resolved}/`))
    })
    .map((target) => `${file} -> ${target}`)
