import { bind, type Run } from '../methods.js'
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
