/**
 * The package's version, as package.json states it (a test holds the two equal). A constant,
 * not a read of package.json, so the module needs no file system and no `import.meta`, and
 * loads the same as ES module and as CommonJS.
 */
export const VERSION: string = '0.1.0'
