/** The io-ts codecs of every record and request body; types are derived from them. */
export * from './constraint.js'
export * from './feature.js'
export * from './limits.js'
export * from './strategy.js'
export * from './tag.js'
export * from './variant.js'
