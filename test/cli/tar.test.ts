import t from 'tap'
import { tarFiles } from '../../adapters/cli/tar.js'

/** One tar entry as ustar writes it: a 512-byte header (name, octal size, type, magic, prefix), then the data padded to 512. */
const entry = (name: string, type: string, data: string, prefix = ''): Uint8Array => {
  const header = new Uint8Array(512)
  const put = (text: string, at: number) => header.set(Buffer.from(text, 'utf8'), at)
  put(name, 0)
  put(`${data.length.toString(8).padStart(11, '0')}\0`, 124)
  put(type, 156)
  put('ustar\u000000', 257)
  put(prefix, 345)
  const body = new Uint8Array(Math.ceil(data.length / 512) * 512)
  body.set(Buffer.from(data, 'utf8'))
  return Buffer.concat([header, body])
}

t.test('regular files with their paths: a ustar prefix, a pax path, a GNU long name; other entries skipped', async (t) => {
  const long = `package/frontend/build/static/${'x'.repeat(120)}.js`
  const archive = Buffer.concat([
    entry('package/frontend/build/', '5', ''),
    entry('index.html', '0', '<html></html>', 'package/frontend/build'),
    entry('PaxHeader', 'x', `${long.length + 9 + String(long.length + 9).length} path=${long}\n`),
    entry('ignored-short-name.js', '0', 'long()'),
    entry('././@LongLink', 'L', `package/${'y'.repeat(110)}.css\0`),
    entry('cut.css', '0', 'a{}'),
    entry('package/link', '2', ''),
    entry('package/package.json', '0', '{"name":"x"}'),
    new Uint8Array(1024),
    entry('package/after-the-end', '0', 'never'),
  ])
  const files = [...tarFiles(archive)].map((f) => [f.path, Buffer.from(f.content).toString('utf8')])
  t.same(files, [
    ['package/frontend/build/index.html', '<html></html>'],
    [long, 'long()'],
    [`package/${'y'.repeat(110)}.css`, 'a{}'],
    ['package/package.json', '{"name":"x"}'],
  ])
})
