import type { ImportData } from '../../model/export.js'
import type { DependencyBody } from '../../model/feature.js'
import type { ErrorDetail } from '../errors.js'
import { archiveBlockedBy } from '../feature/archive.js'
import { DATA } from './plan.js'
import type { ReadState } from '../../store/tx.js'

/**
 * Each imported feature's parents, replacing the ones it has. A parent is an imported feature
 * that is not archived, or a live feature of the target project. As everywhere, dependencies
 * are one level deep: checked in the graph as it will be after the import.
 */
export const planDependencies = (state: ReadState, project: string, data: ImportData, problems: ErrorDetail[]): Map<string, DependencyBody[]> => {
  const imported = new Map(data.features.map((f) => [f.name, f]))
  const parentsOf = new Map<string, DependencyBody[]>()
  const edges: { child: string; parent: string; path: string }[] = []
  ;(data.dependencies ?? []).forEach((entry, i) => {
    const path = `${DATA}/dependencies/${i}`
    if (!imported.has(entry.feature)) return problems.push({ path: `${path}/feature`, message: `"${entry.feature}" is not one of the imported features.` })
    // Archiving drops a feature's own dependencies, and an archived one cannot gain any.
    if (imported.get(entry.feature)!.archived && entry.dependencies.length > 0) {
      return problems.push({ path: `${path}/feature`, message: `"${entry.feature}" is archived in the export; an archived feature depends on nothing.` })
    }
    const parents = parentsOf.get(entry.feature) ?? []
    parentsOf.set(entry.feature, parents)
    entry.dependencies.forEach((d, j) => {
      const at = `${path}/dependencies/${j}/feature`
      const target = state.features.get(d.feature)
      if (d.feature === entry.feature) problems.push({ path: at, message: `"${entry.feature}" cannot depend on itself.` })
      else if (imported.get(d.feature)?.archived) problems.push({ path: at, message: `The parent "${d.feature}" is archived in the export; a dependency needs a live parent.` })
      else if (!imported.has(d.feature) && (!target || target.archived || target.project !== project)) {
        problems.push({ path: at, message: `The parent "${d.feature}" is neither an imported feature nor a live feature of project "${project}".` })
      } else {
        const kept = parents.filter((p) => p.feature !== d.feature)
        parents.splice(0, parents.length, ...kept, d)
        edges.push({ child: entry.feature, parent: d.feature, path: at })
      }
    })
  })
  const parentsAfter = (name: string) => (imported.has(name) ? (parentsOf.get(name) ?? []) : (state.features.get(name)?.dependencies ?? []))
  const importedParents = new Set(edges.map((e) => e.parent))
  const hasChildrenAfter = (name: string) =>
    importedParents.has(name) || (state.features.get(name)?.children ?? []).some((child) => !imported.has(child))
  for (const edge of edges) {
    if (parentsAfter(edge.parent).length > 0) {
      problems.push({ path: edge.path, message: `"${edge.parent}" depends on other features itself; dependencies are one level deep.` })
    }
    if (hasChildrenAfter(edge.child)) {
      problems.push({ path: edge.path, message: `"${edge.child}" has features that depend on it, so it cannot depend on another.` })
    }
  }
  return parentsOf
}

/**
 * A feature the import archives may keep no dependants, as archiving through the API refuses
 * it. Its dependants after the import are the target's that are not imported: an imported
 * feature's dependencies are replaced by the export's, which cannot name an archived parent.
 */
export const checkArchiving = (state: ReadState, data: ImportData, problems: ErrorDetail[]): void => {
  const imported = new Set(data.features.map((f) => f.name))
  data.features.forEach((f, i) => {
    const kept = f.archived ? (state.features.get(f.name)?.children ?? []).filter((child) => !imported.has(child)) : []
    if (kept.length > 0) problems.push({ path: `${DATA}/features/${i}/archived`, message: archiveBlockedBy(f.name, kept) })
  })
}
