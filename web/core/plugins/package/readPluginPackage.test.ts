import { Gunzip, Inflate, Zip, ZipDeflate, gzipSync, strToU8, zipSync } from 'fflate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../kernel/ApiError'
import { concatBytes } from '../../kernel/bytes/concatBytes'
import { crc32 } from './crc32'
import {
  DEFAULT_PACKAGE_LIMITS,
  type PackageLimits,
  readPluginPackage,
  requireBundle,
} from './readPluginPackage'
import {
  type TarEntry,
  crc32PrefixThenZeros,
  deflatePrefixThenZeros,
  gnuLongName,
  gzipAround,
  paxHeader,
  rawZip,
  storedZipEntry,
  tar,
  tarHeader,
} from './testArchives'

const MB = 1024 * 1024
const MANIFEST = {
  plugin_data: {
    name: 'Hello',
    plugin_slug: 'hello',
    version: '1.0.0',
    bundle_location: 'dist/remoteEntry.js',
  },
  module_data: [{ name: 'HelloModule' }],
}
const PLUGIN_JSON = JSON.stringify(MANIFEST)
const REMOTE_ENTRY = 'var hello; /* a Module Federation container */'

const tgz = (entries: TarEntry[]): Uint8Array => gzipSync(tar(entries))
const text = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes)

/** The ApiError a package is refused with (fails the test when it is accepted). */
async function refusal(bytes: Uint8Array, limits?: PackageLimits): Promise<ApiError> {
  try {
    await readPluginPackage(bytes, limits)
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('the package was accepted')
}

async function refused400(bytes: Uint8Array, pattern: RegExp, limits?: PackageLimits): Promise<void> {
  const error = await refusal(bytes, limits)
  expect(error.status).toBe(400)
  expect(error.detail).toMatch(pattern)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('readPluginPackage: valid packages', () => {
  it('reads a zip with plugin.json and dist/remoteEntry.js', async () => {
    const pkg = await readPluginPackage(
      zipSync({ 'plugin.json': strToU8(PLUGIN_JSON), dist: { 'remoteEntry.js': strToU8(REMOTE_ENTRY) } }),
    )
    expect(pkg.manifestSource).toBe('plugin.json')
    expect(pkg.manifest).toEqual(MANIFEST)
    expect(pkg.files.map((file) => file.path).sort()).toEqual(['dist/remoteEntry.js', 'plugin.json'])
    expect(text(requireBundle(pkg, 'dist/remoteEntry.js').bytes)).toBe(REMOTE_ENTRY)
  })

  it('reads a tar.gz with plugin.json and dist/remoteEntry.js (./ names and folder entries as `tar -C dir .` writes)', async () => {
    const pkg = await readPluginPackage(
      tgz([
        { name: './', type: '5' },
        { name: './plugin.json', data: PLUGIN_JSON },
        { name: './dist/', type: '5' },
        { name: './dist/remoteEntry.js', data: REMOTE_ENTRY },
      ]),
    )
    expect(pkg.manifestSource).toBe('plugin.json')
    expect(pkg.manifest).toEqual(MANIFEST)
    expect(pkg.files.map((file) => file.path)).toEqual(['plugin.json', 'dist/remoteEntry.js'])
    expect(text(requireBundle(pkg, './dist/remoteEntry.js').bytes)).toBe(REMOTE_ENTRY)
  })

  it('sniffs the format from the bytes, whatever the file was called', async () => {
    // Deflated (zipSync's default) and stored entries, compressible and not.
    const bigText = 'x'.repeat(300_000)
    const big = strToU8(bigText)
    const pkg = await readPluginPackage(
      zipSync({
        'plugin.json': [strToU8(PLUGIN_JSON), { level: 0 }],
        'dist/remoteEntry.js': strToU8(REMOTE_ENTRY),
        'dist/big.js': big,
      }),
    )
    // Compared as text: toEqual walks a 300 KB array element by element, for seconds.
    expect(text(pkg.files.find((file) => file.path === 'dist/big.js')?.bytes) === bigText).toBe(true)
  })

  it('reads a zip written as a stream (sizes in data descriptors, not the local headers)', async () => {
    const chunks: Uint8Array[] = []
    const zip = new Zip((error, chunk) => {
      if (error) throw error
      chunks.push(chunk)
    })
    for (const [name, content] of [
      ['plugin.json', PLUGIN_JSON],
      ['dist/remoteEntry.js', REMOTE_ENTRY],
    ] as const) {
      const file = new ZipDeflate(name)
      zip.add(file)
      file.push(strToU8(content), true)
    }
    zip.end()
    const pkg = await readPluginPackage(concatBytes(chunks))
    expect(pkg.manifest).toEqual(MANIFEST)
    expect(text(requireBundle(pkg, 'dist/remoteEntry.js').bytes)).toBe(REMOTE_ENTRY)
  })

  it('reads a ZIP64 zip (sizes, offsets and counts in the ZIP64 records)', async () => {
    const pkg = await readPluginPackage(
      rawZip(
        [storedZipEntry('plugin.json', PLUGIN_JSON), storedZipEntry('dist/remoteEntry.js', REMOTE_ENTRY)],
        {
          zip64: true,
        },
      ),
    )
    expect(pkg.manifest).toEqual(MANIFEST)
    expect(text(requireBundle(pkg, 'dist/remoteEntry.js').bytes)).toBe(REMOTE_ENTRY)
  })

  it("strips a GitHub source archive's single top folder (zip)", async () => {
    const pkg = await readPluginPackage(
      zipSync({
        'Hello-Plugin-1.2.0/': new Uint8Array(0),
        'Hello-Plugin-1.2.0/plugin.json': strToU8(PLUGIN_JSON),
        'Hello-Plugin-1.2.0/dist/remoteEntry.js': strToU8(REMOTE_ENTRY),
      }),
    )
    expect(pkg.files.map((file) => file.path).sort()).toEqual(['dist/remoteEntry.js', 'plugin.json'])
    expect(pkg.manifestSource).toBe('plugin.json')
  })

  it('strips the top folder of a `git archive` tar.gz and reads past its global pax header', async () => {
    const pkg = await readPluginPackage(
      tgz([
        { name: 'pax_global_header', type: 'g', data: paxText({ comment: 'a'.repeat(40) }) },
        { name: 'Hello-Plugin-1.2.0/', type: '5' },
        { name: 'Hello-Plugin-1.2.0/plugin.json', data: PLUGIN_JSON },
        { name: 'Hello-Plugin-1.2.0/dist/remoteEntry.js', data: REMOTE_ENTRY },
      ]),
    )
    expect(pkg.files.map((file) => file.path)).toEqual(['plugin.json', 'dist/remoteEntry.js'])
  })

  it('keeps two top folders as they are (there is no single one to strip)', async () => {
    const error = await refusal(
      zipSync({ 'a/plugin.json': strToU8(PLUGIN_JSON), 'b/remoteEntry.js': strToU8('x') }),
    )
    expect(error.status).toBe(422)
  })

  it('reads long tar names: ustar prefix, GNU long name and pax path', async () => {
    const deep = `dist/${'deep/'.repeat(30)}chunk.js`
    const pkg = await readPluginPackage(
      tgz([
        { name: 'plugin.json', data: PLUGIN_JSON },
        { name: 'remoteEntry.js', prefix: 'dist/nested', data: 'prefixed' },
        gnuLongName(`${deep}.gnu`),
        { name: 'ignored-short-name', data: 'gnu', gnu: true },
        paxHeader({ path: `${deep}.pax`, mtime: '1700000000.5' }),
        { name: 'ignored-short-name-2', data: 'pax' },
      ]),
    )
    const byPath = new Map(pkg.files.map((file) => [file.path, text(file.bytes)]))
    expect(byPath.get('dist/nested/remoteEntry.js')).toBe('prefixed')
    expect(byPath.get(`${deep}.gnu`)).toBe('gnu')
    expect(byPath.get(`${deep}.pax`)).toBe('pax')
    expect(pkg.files).toHaveLength(4)
  })

  it("reads BrainDrive's lifecycle_manager.py statically when there is no plugin.json", async () => {
    const source = [
      'import os',
      'class HelloLifecycleManager(BaseLifecycleManager):',
      '    def __init__(self, plugins_base_dir=None):',
      '        self.plugin_data = {"name": "Hello", "plugin_slug": "hello", "version": "1.0.0"}',
      '        self.module_data = [{"name": "HelloModule", "display_name": "Hello"}]',
      '        os.system("rm -rf /")  # never run',
    ].join('\n')
    const pkg = await readPluginPackage(
      zipSync({ 'lifecycle_manager.py': strToU8(source), 'dist/remoteEntry.js': strToU8(REMOTE_ENTRY) }),
    )
    expect(pkg.manifestSource).toBe('lifecycle_manager.py')
    expect(pkg.manifest).toEqual({
      plugin_data: { name: 'Hello', plugin_slug: 'hello', version: '1.0.0' },
      module_data: [{ name: 'HelloModule', display_name: 'Hello' }],
    })
  })

  it('prefers plugin.json over lifecycle_manager.py', async () => {
    const pkg = await readPluginPackage(
      zipSync({
        'lifecycle_manager.py': strToU8('plugin_data = name_from_elsewhere'),
        'plugin.json': strToU8(PLUGIN_JSON),
      }),
    )
    expect(pkg.manifestSource).toBe('plugin.json')
  })

  it('reads lifecycle_manager.py when the plugin.json beside it is other metadata (BrainDrive’s Events example)', async () => {
    const source = 'plugin_data = {"name": "Events", "plugin_slug": "events"}\nmodule_data = []'
    const pkg = await readPluginPackage(
      zipSync({
        'lifecycle_manager.py': strToU8(source),
        'plugin.json': strToU8(JSON.stringify({ name: 'ServiceExample_Events', modules: [] })),
      }),
    )
    expect(pkg.manifestSource).toBe('lifecycle_manager.py')
    expect(pkg.manifest).toEqual({ plugin_data: { name: 'Events', plugin_slug: 'events' }, module_data: [] })
    // Alone, such a plugin.json is still refused as a manifest.
    await expect(
      readPluginPackage(zipSync({ 'plugin.json': strToU8(JSON.stringify({ name: 'x' })) })),
    ).rejects.toMatchObject({ status: 422 })
  })
})

describe('readPluginPackage: not an archive', () => {
  it.each([
    ['empty', new Uint8Array(0)],
    ['text', strToU8('plugin_data = {}')],
    ['a bare tar', tar([{ name: 'plugin.json', data: PLUGIN_JSON }])],
    ['random bytes', Uint8Array.from({ length: 600 }, (_, i) => (i * 7919) % 251)],
  ])('refuses %s with 400', async (_name, bytes) => {
    await refused400(bytes, /not a \.zip or \.tar\.gz archive/)
  })

  it('refuses a damaged zip and a damaged tar.gz with 400', async () => {
    const zip = zipSync({ 'plugin.json': strToU8(PLUGIN_JSON) })
    await refused400(zip.subarray(0, zip.length - 10), /not a readable \.zip archive/)
    const gz = tgz([{ name: 'plugin.json', data: PLUGIN_JSON.repeat(50) }])
    await refused400(gz.subarray(0, gz.length - 30), /not a readable \.tar\.gz archive/)
    await refused400(gzipSync(strToU8('not a tar '.repeat(100))), /checksum/)
  })

  it('refuses a zip entry whose data fails its CRC', async () => {
    const entry = storedZipEntry('plugin.json', PLUGIN_JSON)
    await refused400(rawZip([{ ...entry, crc: entry.crc ^ 1 }]), /"plugin.json" fails its CRC check/)
  })

  it('refuses a tar header whose checksum does not add up', async () => {
    await refused400(
      tgz([{ name: 'plugin.json', data: PLUGIN_JSON, badChecksum: true }]),
      /fails its checksum/,
    )
  })
})

describe('readPluginPackage: unsafe entries', () => {
  const unsafeNames: Array<[string, string, RegExp]> = [
    ['a ".." segment', '../evil.js', /"\.\.\/evil\.js".*leaves the package/],
    ['a ".." segment inside', 'dist/../../evil.js', /leaves the package/],
    ['an absolute path', '/etc/cron.d/evil', /"\/etc\/cron\.d\/evil".*absolute/],
    ['a drive letter', 'C:/Windows/evil.dll', /drive letter/],
    ['a backslash', 'dist\\..\\evil.js', /backslash/],
    ['a NUL', 'plugin.json\0.png', /NUL/],
    ['a control character', 'dist/\u001b[31mred.js', /control character/],
  ]

  it.each(unsafeNames)('refuses a zip entry with %s', async (_rule, name, pattern) => {
    await refused400(rawZip([storedZipEntry('plugin.json', PLUGIN_JSON), storedZipEntry(name, 'x')]), pattern)
  })

  // A ustar name field ends at its first NUL, so a NUL can only come in a pax path.
  it.each(unsafeNames.filter(([, name]) => !name.includes('\0')))(
    'refuses a tar entry with %s',
    async (_rule, name, pattern) => {
      await refused400(
        tgz([
          { name: 'plugin.json', data: PLUGIN_JSON },
          { name, data: 'x' },
        ]),
        pattern,
      )
    },
  )

  it.each(unsafeNames)('refuses a tar entry with %s in a pax path', async (_rule, name, pattern) => {
    await refused400(tgz([paxHeader({ path: name }), { name: 'innocent.js', data: 'x' }]), pattern)
  })

  it('refuses a ".." path given by a GNU long name or a pax header', async () => {
    const long = `dist/${'a/'.repeat(60)}${'../'.repeat(70)}evil.js`
    await refused400(
      tgz([gnuLongName(long), { name: 'innocent.js', data: 'x', gnu: true }]),
      /leaves the package/,
    )
    await refused400(
      tgz([paxHeader({ path: '../evil.js' }), { name: 'innocent.js', data: 'x' }]),
      /"\.\.\/evil\.js".*leaves the package/,
    )
  })

  it('refuses a zipSync-made ".." entry (fflate writes the name as given)', async () => {
    await refused400(zipSync({ '../plugin.json': strToU8(PLUGIN_JSON) }), /leaves the package/)
  })

  it('refuses a zip symlink (Unix mode 0o120000 in the external attributes)', async () => {
    const zip = zipSync({
      'plugin.json': strToU8(PLUGIN_JSON),
      'dist/remoteEntry.js': [strToU8('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
    })
    await refused400(zip, /"dist\/remoteEntry\.js".*symbolic link/)
  })

  it('refuses zip device files and FIFOs by their mode', async () => {
    for (const mode of [0o020644, 0o060644, 0o010644]) {
      const zip = rawZip([storedZipEntry('dev', '', { os: 3, externalAttributes: (mode << 16) >>> 0 })])
      await refused400(zip, /"dev".*(device file|FIFO)/)
    }
  })

  it.each([
    ['1', /hard link/],
    ['2', /symbolic link/],
    ['3', /device file/],
    ['4', /device file/],
    ['6', /FIFO/],
    ['S', /tar entry type "S" is not a file or a folder/],
  ])('refuses a tar entry of type %s', async (type, pattern) => {
    await refused400(
      tgz([
        { name: 'plugin.json', data: PLUGIN_JSON },
        { name: 'dist/remoteEntry.js', type, linkName: '/etc/passwd' },
      ]),
      pattern,
    )
  })

  it('refuses a tar folder entry that carries data', async () => {
    await refused400(tgz([{ name: 'dist/', type: '5', data: 'hidden' }]), /folder entry that carries data/)
  })

  it('refuses encrypted zip entries', async () => {
    await refused400(
      rawZip([storedZipEntry('plugin.json', PLUGIN_JSON, { flags: 0x801 })]),
      /"plugin.json".*encrypted/,
    )
  })

  it('refuses duplicate paths, also when they differ only by "./" or doubled slashes', async () => {
    const twice = rawZip([storedZipEntry('plugin.json', PLUGIN_JSON), storedZipEntry('plugin.json', '{}')])
    await refused400(twice, /"plugin.json" more than once/)
    const spelled = rawZip([storedZipEntry('dist/a.js', '1'), storedZipEntry('./dist//a.js', '2')])
    await refused400(spelled, /"dist\/a.js" more than once/)
    await refused400(
      tgz([
        { name: 'plugin.json', data: '1' },
        { name: './plugin.json', data: '2' },
      ]),
      /more than once/,
    )
  })

  it('refuses a zip entry whose local header names another file than the central directory', async () => {
    await refused400(
      rawZip([storedZipEntry('readme.txt', 'x', { localName: 'plugin.json' })]),
      /names a different file/,
    )
  })

  it('refuses compression methods other than stored and deflate', async () => {
    await refused400(
      rawZip([{ ...storedZipEntry('plugin.json', PLUGIN_JSON), method: 12 as 0 }]),
      /compression method 12/,
    )
  })
})

describe('readPluginPackage: limits', () => {
  const tight = (over: Partial<PackageLimits>): PackageLimits => ({ ...DEFAULT_PACKAGE_LIMITS, ...over })
  const files = (count: number): Record<string, Uint8Array> =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}.js`, strToU8(`// ${i}`)]))

  it('refuses more files than maxFiles (zip and tar.gz)', async () => {
    await refused400(
      zipSync(files(4)),
      /file count limit \(maxFiles\): it holds more than 3 files/,
      tight({ maxFiles: 3 }),
    )
    const entries = Object.entries(files(4)).map(([name, data]) => ({ name, data }))
    await refused400(tgz(entries), /file count limit \(maxFiles\)/, tight({ maxFiles: 3 }))
    // Exactly at the limit is fine (the 422 is for the missing manifest).
    expect((await refusal(zipSync(files(3)), tight({ maxFiles: 3 }))).status).toBe(422)
  })

  it('refuses a flood of folder entries too', async () => {
    const folders = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`d${i}/`, new Uint8Array(0)]))
    await refused400(zipSync(folders), /more than 104 entries/, tight({ maxFiles: 1 }))
  })

  it('refuses a file larger than maxFileBytes, from its declared size, before inflating it', async () => {
    const push = vi.spyOn(Inflate.prototype, 'push')
    const zip = zipSync({ 'plugin.json': strToU8(PLUGIN_JSON), 'dist/big.js': new Uint8Array(5000).fill(65) })
    await refused400(
      zip,
      /per-file size limit \(maxFileBytes\): "dist\/big.js" is 4.9 KB unpacked/,
      tight({ maxFileBytes: 4096 }),
    )
    expect(push).not.toHaveBeenCalled()
    const gz = tgz([{ name: 'dist/big.js', data: new Uint8Array(5000).fill(65) }])
    await refused400(gz, /per-file size limit \(maxFileBytes\)/, tight({ maxFileBytes: 4096 }))
  })

  it('refuses files adding up to more than maxTotalBytes', async () => {
    const zip = zipSync({ 'a.js': new Uint8Array(3000).fill(1), 'b.js': new Uint8Array(3000).fill(2) })
    await refused400(zip, /total size limit \(maxTotalBytes\)/, tight({ maxTotalBytes: 5000 }))
    const gz = tgz([
      { name: 'a.js', data: new Uint8Array(3000).fill(1) },
      { name: 'b.js', data: new Uint8Array(3000).fill(2) },
    ])
    await refused400(gz, /total size limit \(maxTotalBytes\)/, tight({ maxTotalBytes: 5000 }))
  })

  it('lets a small, very repetitive file past the ratio (under a megabyte nothing is a bomb)', async () => {
    const pkg = await readPluginPackage(
      zipSync({ 'plugin.json': strToU8(PLUGIN_JSON), 'blank.bin': new Uint8Array(900_000) }),
    )
    expect(pkg.files.find((file) => file.path === 'blank.bin')?.bytes.length).toBe(900_000)
  })
})

describe('readPluginPackage: compression bombs are stopped, never inflated', () => {
  const ZEROS = 200 * MB

  /** Compressed bytes handed to fflate, counted: at most ~1,032 inflated bytes can come of each. */
  function countInflaterInput(): () => number {
    let pushed = 0
    const count = (chunk: Uint8Array): void => {
      pushed += chunk.length
    }
    const inflate = Inflate.prototype.push
    const gunzip = Gunzip.prototype.push
    vi.spyOn(Inflate.prototype, 'push').mockImplementation(function (this: Inflate, chunk, final) {
      count(chunk)
      inflate.call(this, chunk, final)
    })
    vi.spyOn(Gunzip.prototype, 'push').mockImplementation(function (this: Gunzip, chunk, final) {
      count(chunk)
      gunzip.call(this, chunk, final)
    })
    return () => pushed
  }

  const zeros = once(() => ({
    parts: deflatePrefixThenZeros(new Uint8Array(0), ZEROS),
    crc: crc32PrefixThenZeros(new Uint8Array(0), ZEROS),
  }))

  function zipBomb(declaredSize: number): Uint8Array {
    const { parts, crc } = zeros()
    return rawZip([
      storedZipEntry('plugin.json', PLUGIN_JSON),
      { name: 'dist/zeros.bin', data: parts, method: 8, crc, size: declaredSize },
    ])
  }

  it('builds a 200 MB bomb of about 200 KB (the generator is right)', () => {
    const parts = deflatePrefixThenZeros(strToU8('head'), 3 * MB + 100)
    let length = 0
    let crc = 0
    new Inflate((chunk) => {
      length += chunk.length
      crc = crc32(chunk, crc)
    }).push(concatBytes(parts), true)
    expect(length).toBe(3 * MB + 104)
    expect(crc32PrefixThenZeros(strToU8('head'), 3 * MB + 100)).toBe(crc)
    const size = parts.reduce((sum, part) => sum + part.length, 0)
    expect(size).toBeLessThan(5000)
    expect(zipBomb(ZEROS).length).toBeLessThan(250_000)
  })

  it('refuses a zip bomb that declares its size, from the central directory, inflating nothing', async () => {
    const pushed = countInflaterInput()
    await refused400(zipBomb(ZEROS), /"dist\/zeros.bin" expands more than 100 times its compressed size/)
    expect(pushed()).toBe(0)
  })

  it('stops a zip bomb that lies about its size on the ratio, within a few KB of input', async () => {
    const pushed = countInflaterInput()
    // 10 MB declared from ~200 KB is a ratio of 50: it passes the central directory's checks.
    await refused400(
      zipBomb(10 * MB),
      /compression ratio limit \(maxRatio\): entry "dist\/zeros.bin" expands more than 100 times/,
    )
    expect(pushed()).toBeGreaterThan(0)
    expect(pushed()).toBeLessThanOrEqual(2 * 4096)
  })

  it('stops a zip entry inflating past its declared size, whatever the ratio limit', async () => {
    const pushed = countInflaterInput()
    const limits = { ...DEFAULT_PACKAGE_LIMITS, maxRatio: 1e9 }
    await refused400(
      zipBomb(2 * MB),
      /"dist\/zeros.bin".*inflates to more than the 2097152 bytes it declares/,
      limits,
    )
    expect(pushed()).toBeLessThanOrEqual(2 * 4096)
  })

  const tarGzBomb = once((): Uint8Array => {
    const header = concatBytes([
      tarHeader({ name: 'plugin.json' }, PLUGIN_JSON.length),
      padTo512(strToU8(PLUGIN_JSON)),
    ])
    const prefix = concatBytes([header, tarHeader({ name: 'dist/zeros.bin' }, ZEROS)])
    // The file's zeros, then the two zero blocks that end the tar.
    const zeros = ZEROS + 1024
    return gzipAround(
      deflatePrefixThenZeros(prefix, zeros),
      crc32PrefixThenZeros(prefix, zeros),
      prefix.length + zeros,
    )
  })

  it('stops a tar.gz bomb on the ratio while inflating, within a few KB of input', async () => {
    const bomb = tarGzBomb()
    expect(bomb.length).toBeLessThan(250_000)
    const pushed = countInflaterInput()
    // Size limits out of the way: only the ratio can stop it.
    const limits = { ...DEFAULT_PACKAGE_LIMITS, maxFileBytes: 1024 * MB, maxTotalBytes: 1024 * MB }
    await refused400(
      bomb,
      /compression ratio limit \(maxRatio\): the archive expands more than 100 times/,
      limits,
    )
    expect(pushed()).toBeGreaterThan(0)
    expect(pushed()).toBeLessThanOrEqual(2 * 4096)
  })

  it('refuses the same tar.gz bomb with the default limits, early', async () => {
    const pushed = countInflaterInput()
    await refused400(tarGzBomb(), /compression ratio limit|per-file size limit/)
    expect(pushed()).toBeLessThanOrEqual(2 * 4096)
  })
})

describe('readPluginPackage: manifests', () => {
  it('refuses a package with neither plugin.json nor lifecycle_manager.py with 422', async () => {
    const error = await refusal(
      zipSync({ 'dist/remoteEntry.js': strToU8(REMOTE_ENTRY), 'README.md': strToU8('#') }),
    )
    expect(error.status).toBe(422)
    expect(error.detail).toEqual([
      {
        loc: ['body', 'file'],
        msg: 'The package has no plugin.json or lifecycle_manager.py at its root',
        type: 'value_error',
      },
    ])
  })

  it('refuses a plugin.json that is not JSON with 422 naming plugin.json', async () => {
    const error = await refusal(zipSync({ 'plugin.json': strToU8('{"plugin_data": {"name": "Hello",}') }))
    expect(error.status).toBe(422)
    const [issue] = error.detail as Array<{ loc: unknown[]; msg: string }>
    expect(issue?.loc).toEqual(['body', 'file', 'plugin.json'])
    expect(issue?.msg).toMatch(/^plugin.json is not valid JSON/)
  })

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['an object without plugin_data', '{"name": "Hello"}'],
  ])('refuses a plugin.json that is %s with 422', async (_what, json) => {
    const error = await refusal(tgz([{ name: 'plugin.json', data: json }]))
    expect(error.status).toBe(422)
    expect(JSON.stringify(error.detail)).toMatch(/plugin.json must be a JSON object/)
  })

  it('refuses a plugin.json that is not UTF-8 with 422', async () => {
    const error = await refusal(zipSync({ 'plugin.json': new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }))
    expect(error.status).toBe(422)
    expect(JSON.stringify(error.detail)).toMatch(/plugin.json is not UTF-8/)
  })

  it('passes on the 422 of a lifecycle_manager.py whose values are not literals', async () => {
    const source = 'plugin_data = load_plugin_data()\nmodule_data = []\n'
    const error = await refusal(zipSync({ 'lifecycle_manager.py': strToU8(source) }))
    expect(error.status).toBe(422)
  })
})

describe('requireBundle', () => {
  const pkg = {
    manifest: MANIFEST,
    manifestSource: 'plugin.json' as const,
    files: [
      { path: 'plugin.json', bytes: strToU8(PLUGIN_JSON) },
      { path: 'dist/remoteEntry.js', bytes: strToU8(REMOTE_ENTRY) },
      { path: 'dist/empty.js', bytes: new Uint8Array(0) },
    ],
  }

  it('finds the bundle, with or without a leading ./', () => {
    expect(requireBundle(pkg, 'dist/remoteEntry.js').path).toBe('dist/remoteEntry.js')
    expect(requireBundle(pkg, './dist/remoteEntry.js').path).toBe('dist/remoteEntry.js')
  })

  it.each([
    ['missing', 'dist/remoteEntry.mjs', /holds no bundle at "dist\/remoteEntry.mjs"/],
    ['empty', 'dist/empty.js', /is empty/],
  ])('refuses a %s bundle with 422 on bundle_location', (_what, location, pattern) => {
    let error: unknown
    try {
      requireBundle(pkg, location)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(422)
    const [issue] = (error as ApiError).detail as Array<{ loc: unknown[]; msg: string }>
    expect(issue?.loc).toEqual(['body', 'plugin_data', 'bundle_location'])
    expect(issue?.msg).toMatch(pattern)
  })
})

/** The value `make` makes, made on first use (the bombs are shared by several tests). */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}

function paxText(records: Record<string, string>): string {
  return paxHeader(records).data as string
}

function padTo512(bytes: Uint8Array): Uint8Array {
  return concatBytes([bytes, new Uint8Array((512 - (bytes.length % 512)) % 512)])
}
