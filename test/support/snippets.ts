/** The ```ts blocks of a Markdown text: where each starts, its code, and whether it is marked as a fragment. */
export interface Snippet {
  /** The line of the opening fence, counting from 1. */
  readonly line: number
  readonly code: string
  readonly fragment: boolean
}

export const tsSnippets = (markdown: string): Snippet[] => {
  const snippets: Snippet[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ts\s*$/.test(lines[i]!)) continue
    const start = i
    const code: string[] = []
    while (++i < lines.length && !/^```\s*$/.test(lines[i]!)) code.push(lines[i]!)
    snippets.push({ line: start + 1, code: code.join('\n'), fragment: /^\/\/ fragment\b/.test(code[0] ?? '') })
  }
  return snippets
}

/** The first snippet after the heading `heading` (a whole line, such as `## Quick start`). */
export const snippetAfter = (markdown: string, heading: string): Snippet => {
  const at = markdown.split('\n').indexOf(heading)
  const found = tsSnippets(markdown).find((s) => s.line > at + 1)
  if (at < 0 || !found) throw new Error(`no TypeScript snippet after "${heading}"`)
  return found
}
