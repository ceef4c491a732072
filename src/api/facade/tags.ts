import { bind, type Run } from '../methods.js'
import * as c from '../operations/context-fields.js'
import * as x from '../operations/export.js'
import * as i from '../operations/import.js'
import * as s from '../operations/segments.js'
import * as t from '../operations/tags.js'

/** Tags: list, get by type and value (operation 9), create, delete. */
export const tagMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(t.listTagsOp),
    listOfType: m(t.listTagsOfTypeOp),
    get: m(t.getTagOp),
    create: m(t.createTagOp),
    delete: m(t.deleteTagOp),
  }
}

/** Tag types: `simple` is seeded. */
export const tagTypeMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(t.listTagTypesOp),
    get: m(t.getTagTypeOp),
    create: m(t.createTagTypeOp),
    validate: m(t.validateTagTypeOp),
    update: m(t.updateTagTypeOp),
    delete: m(t.deleteTagTypeOp),
  }
}

/** The tags of features: one feature at a time, or in bulk within a project (operation 8). */
export const featureTagMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(t.listFeatureTagsOp),
    add: m(t.addFeatureTagOp),
    update: m(t.updateFeatureTagsOp),
    remove: m(t.removeFeatureTagOp),
    bulkUpdate: m(t.bulkTagFeaturesOp),
  }
}

/** Segments: named constraints that strategies share by id. */
export const segmentMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(s.listSegmentsOp),
    get: m(s.getSegmentOp),
    create: m(s.createSegmentOp),
    update: m(s.updateSegmentOp),
    delete: m(s.deleteSegmentOp),
    validateName: m(s.validateSegmentNameOp),
    strategies: m(s.segmentStrategiesOp),
    ofStrategy: m(s.strategySegmentsOp),
  }
}

/** Context fields: what constraints, stickiness and overrides refer to. */
export const contextFieldMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(c.listContextFieldsOp),
    get: m(c.getContextFieldOp),
    create: m(c.createContextFieldOp),
    update: m(c.updateContextFieldOp),
    delete: m(c.deleteContextFieldOp),
    setLegalValue: m(c.setLegalValueOp),
    removeLegalValue: m(c.removeLegalValueOp),
    validateName: m(c.validateContextFieldNameOp),
    strategies: m(c.contextFieldStrategiesOp),
  }
}

/** Export (operation 1) and its inverse, import. */
export const batchMethods = (run: Run) => {
  const m = bind(run)
  return {
    exportFeatures: m(x.exportFeaturesOp),
    importFeatures: m(i.importFeaturesOp),
    validateImport: m(i.validateImportOp),
  }
}
