// Run by `npm test` before the tests: installs what the lock file pins when
// the installed tree is older than it, and makes tap rebuild itself with the
// project's plugins once per install. tap reads its loaders before it checks its build, so the
// first run after an install would otherwise load every file through the TypeScript plugin it
// was told to leave out.
const fs = require('fs')
const { execSync } = require('child_process')
const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return 0
  }
}
if (mtime('node_modules/.package-lock.json') < mtime('package-lock.json')) execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' })
const built = 'node_modules/.flagport-tap-built'
if (mtime(built) < mtime('node_modules/.package-lock.json')) {
  execSync('npx tap build', { stdio: 'inherit' })
  fs.writeFileSync(built, '')
}
