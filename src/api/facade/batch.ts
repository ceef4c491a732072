import { bind, type Run } from '../methods.js'
import * as x from '../operations/batch-export.js'
import * as i from '../operations/batch-import.js'

/** Export (operation 1) and its inverse, import. */
export const batchMethods = (run: Run) => {
  const m = bind(run)
  return {
    exportFeatures: m(x.exportFeaturesOp),
    importFeatures: m(i.importFeaturesOp),
    validateImport: m(i.validateImportOp),
  }
}
