// Builds Quire's sample plugins (plugins/*) the way BrainDrive's plugin template builds a plugin:
// webpack's ModuleFederationPlugin in production mode, a `var` container named after the plugin's scope
// in dist/remoteEntry.js, one `./<ModuleName>` entry exposed per module, React 18 shared as a singleton.
// Each plugin becomes a release archive, dist-plugins/<Slug>-<version>.zip (its plugin.json or
// lifecycle_manager.py at the root, dist/** beside it), listed with its SHA-256 in dist-plugins/catalog.json,
// the default marketplace catalog the server serves, or, for a sample that exists only for Quire's own
// tests, in dist-plugins/test-catalog.json, which no one's marketplace lists (tests upload its archive).
// Archives are deterministic (sorted entries, fixed times), and a run whose inputs (plugins/**, this
// script, the lockfile) did not change does nothing.
//
//   node scripts/buildSamplePlugins.mjs [--force]      (run by `npm run build`)
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { zipSync } from 'fflate'
import webpack from 'webpack'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PLUGINS_DIR = path.join(ROOT, 'plugins')
const THIS_SCRIPT = fileURLToPath(import.meta.url)
const LOADER = path.join(PLUGINS_DIR, 'esbuildLoader.mjs')
export const DEFAULT_OUT_DIR = path.join(ROOT, 'dist-plugins')

/**
 * The samples, each a folder of plugins/. `eagerReact` bundles React into remoteEntry.js and offers it
 * to the share scope, as BrainDrive's PluginTemplate and Settings plugin do; without it React is only
 * consumed from the host's share scope (with a lazily loaded fallback chunk), as BrainDrive's Events
 * example does. Quire's runtime has to load both kinds.
 */
export const SAMPLE_PLUGINS = [
  { dir: 'QuireNotes', eagerReact: false },
  { dir: 'QuireCollections', eagerReact: false },
  { dir: 'QuireFollower', eagerReact: true },
  { dir: 'QuireCompat', eagerReact: true },
  // Stands in for BrainDrive's AI plugins in Quire's tests: of no use to a person, so not in the catalog.
  { dir: 'QuireAiStandIn', eagerReact: false, testOnly: true },
]

/** The catalog people's marketplace lists, and the one of the samples only tests install. */
export const CATALOG_FILE = 'catalog.json'
export const TEST_CATALOG_FILE = 'test-catalog.json'

/** BrainDrive's plugins ask for `react: ^18.2.0` in their package.json; so do the samples. */
const REACT_RANGE = '^18.2.0'

// Zip entries carry a DOS date in local time: built from local components so every time zone writes
// the same bytes.
const FIXED_MTIME = new Date(2020, 0, 1, 0, 0, 0)

/**
 * Builds every sample into `outDir` (default dist-plugins/): `<Slug>-<version>.zip`, `catalog.json` and
 * `test-catalog.json` (the test-only samples, answered as `testCatalog`).
 * Skips the work (answering `skipped: true`) when `outDir/.stamp` holds the hash of the same inputs and
 * the archives the catalogs list are there unchanged, unless `force`.
 * @param {{ outDir?: string, force?: boolean, log?: (line: string) => void }} [options]
 */
export async function buildSamplePlugins(options = {}) {
  const outDir = path.resolve(options.outDir ?? DEFAULT_OUT_DIR)
  const log = options.log ?? (() => {})
  const inputs = await hashInputs()
  if (!options.force) {
    const current = await readCurrentBuild(outDir, inputs)
    if (current) {
      // Checked current now: `npm start` (scripts/buildIfStale.ts) compares the catalog's time with the
      // sources', and an app source edited since would otherwise make every later start build again.
      const now = new Date()
      await utimes(path.join(outDir, CATALOG_FILE), now, now)
      log(`sample plugins: up to date in ${path.relative(ROOT, outDir) || outDir}`)
      return { skipped: true, outDir, ...current }
    }
  }

  const samples = await Promise.all(
    SAMPLE_PLUGINS.map(async (sample) => ({ ...sample, ...(await readManifest(sample.dir)) })),
  )
  const workDir = await mkdtemp(path.join(tmpdir(), 'quire-sample-plugins-'))
  try {
    const started = Date.now()
    await runWebpack(samples.map((sample) => webpackConfig(sample, path.join(workDir, sample.dir, 'dist'))))
    await mkdir(outDir, { recursive: true })
    await removeOldArchives(outDir, samples)
    const catalog = { plugins: [] }
    const testCatalog = { plugins: [] }
    for (const sample of samples) {
      const archive = await packArchive(sample, path.join(workDir, sample.dir, 'dist'))
      const fileName = `${sample.plugin.plugin_slug}-${sample.plugin.version}.zip`
      await writeFile(path.join(outDir, fileName), archive)
      ;(sample.testOnly ? testCatalog : catalog).plugins.push(catalogEntry(sample, fileName, archive))
    }
    await writeFile(path.join(outDir, CATALOG_FILE), `${JSON.stringify(catalog, null, 2)}\n`)
    await writeFile(path.join(outDir, TEST_CATALOG_FILE), `${JSON.stringify(testCatalog, null, 2)}\n`)
    // Last, so an interrupted build is never taken for a finished one.
    await writeFile(path.join(outDir, '.stamp'), `${inputs}\n`)
    log(`sample plugins: built ${samples.length} in ${Date.now() - started} ms into ${outDir}`)
    return { skipped: false, outDir, catalog, testCatalog }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** The webpack configuration of one sample, as BrainDrive's template writes it (no dev server, no HTML). */
export function webpackConfig(sample, outputPath) {
  const scope = sample.plugin.scope
  const shared = (eager) => ({ singleton: true, requiredVersion: REACT_RANGE, eager })
  return {
    mode: 'production',
    context: path.join(PLUGINS_DIR, sample.dir),
    // The container is the only entry: remoteEntry.js plus a chunk per exposed module.
    entry: {},
    target: ['web', 'es2020'],
    devtool: false,
    output: {
      path: outputPath,
      publicPath: 'auto',
      // Each plugin its own chunk-loading global (webpackChunk<scope>): two plugins in one page must
      // not share it, and without this webpack would name them all after the repo's package.json.
      uniqueName: scope,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: [{ test: /\.tsx?$/, exclude: /node_modules/, use: { loader: LOADER } }] },
    plugins: [
      new webpack.container.ModuleFederationPlugin({
        name: scope,
        library: { type: 'var', name: scope },
        filename: 'remoteEntry.js',
        exposes: Object.fromEntries(
          sample.modules.map((module) => [`./${module.name}`, `./src/${module.name}`]),
        ),
        shared: { react: shared(sample.eagerReact), 'react-dom': shared(sample.eagerReact) },
      }),
    ],
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  }
}

function runWebpack(configs) {
  return new Promise((resolve, reject) => {
    const compiler = webpack(configs)
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error)
        if (stats?.hasErrors()) {
          return reject(new Error(`webpack failed:\n${stats.toString({ all: false, errors: true })}`))
        }
        resolve(stats)
      })
    })
  })
}

/** A sample's manifest: plugin.json, or the literals of its lifecycle_manager.py (read, never run). */
export async function readManifest(dir) {
  const pluginDir = path.join(PLUGINS_DIR, dir)
  const names = await readdir(pluginDir)
  const manifestFile = names.includes('plugin.json') ? 'plugin.json' : 'lifecycle_manager.py'
  const source = await readFile(path.join(pluginDir, manifestFile), 'utf8')
  const raw =
    manifestFile === 'plugin.json'
      ? JSON.parse(source)
      : {
          plugin_data: readPythonAssignment(source, 'plugin_data'),
          module_data: readPythonAssignment(source, 'module_data'),
        }
  const plugin = raw.plugin_data
  const modules = raw.module_data
  if (!plugin || typeof plugin !== 'object' || !Array.isArray(modules) || modules.length === 0) {
    throw new Error(`${dir}/${manifestFile}: needs plugin_data and a non-empty module_data`)
  }
  for (const field of ['plugin_slug', 'scope', 'version', 'name', 'description']) {
    if (typeof plugin[field] !== 'string' || !plugin[field]) {
      throw new Error(`${dir}/${manifestFile}: plugin_data.${field} must be a non-empty string`)
    }
  }
  if (plugin.bundle_location !== 'dist/remoteEntry.js') {
    throw new Error(`${dir}/${manifestFile}: bundle_location must be dist/remoteEntry.js`)
  }
  return { manifestFile, manifestBytes: new TextEncoder().encode(source), plugin, modules }
}

async function packArchive(sample, distDir) {
  const entries = { [sample.manifestFile]: sample.manifestBytes }
  for (const file of await listFiles(distDir)) {
    entries[`dist/${file}`] = new Uint8Array(await readFile(path.join(distDir, file)))
  }
  const sorted = {}
  for (const name of Object.keys(entries).sort()) sorted[name] = [entries[name], { mtime: FIXED_MTIME }]
  return zipSync(sorted, { level: 9 })
}

function catalogEntry(sample, fileName, archive) {
  const { plugin, modules } = sample
  const tags = [
    ...new Set(modules.flatMap((module) => (Array.isArray(module.tags) ? module.tags : []))),
  ].sort()
  return {
    id: kebab(plugin.plugin_slug),
    plugin_slug: plugin.plugin_slug,
    name: plugin.name,
    description: plugin.description,
    version: plugin.version,
    category: plugin.category ?? null,
    tags,
    permissions: plugin.permissions ?? [],
    author: plugin.author ?? null,
    icon: plugin.icon ?? null,
    type: plugin.type ?? null,
    manifest: sample.manifestFile,
    download_url: fileName,
    size: archive.byteLength,
    sha256: sha256(archive),
  }
}

function kebab(slug) {
  return slug.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Files under `dir`, relative, '/'-separated, sorted. */
async function listFiles(dir, prefix = '') {
  const found = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) found.push(...(await listFiles(path.join(dir, entry.name), relative)))
    else if (entry.isFile()) found.push(relative)
  }
  return found.sort()
}

/** One hash of everything the archives are made from. */
async function hashInputs() {
  const hash = createHash('sha256')
  const sources = (await listFiles(PLUGINS_DIR)).filter((file) => !/(^|\/)(node_modules|dist)\//.test(file))
  const files = [
    ...sources.map((file) => path.join(PLUGINS_DIR, file)),
    THIS_SCRIPT,
    path.join(ROOT, 'package-lock.json'),
  ]
  for (const file of files) {
    hash.update(`${path.relative(ROOT, file).split(path.sep).join('/')}\0`)
    hash.update(await readFile(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** The catalogs of a finished build of these inputs in `outDir`, or undefined when it must be built. */
async function readCurrentBuild(outDir, inputs) {
  try {
    const stamp = (await readFile(path.join(outDir, '.stamp'), 'utf8')).trim()
    if (stamp !== inputs) return undefined
    const catalog = JSON.parse(await readFile(path.join(outDir, CATALOG_FILE), 'utf8'))
    const testCatalog = JSON.parse(await readFile(path.join(outDir, TEST_CATALOG_FILE), 'utf8'))
    if (!Array.isArray(catalog.plugins) || !Array.isArray(testCatalog.plugins)) return undefined
    const entries = [...catalog.plugins, ...testCatalog.plugins]
    if (entries.length !== SAMPLE_PLUGINS.length) return undefined
    for (const entry of entries) {
      const archive = await readFile(path.join(outDir, entry.download_url))
      if (sha256(archive) !== entry.sha256) return undefined
    }
    return { catalog, testCatalog }
  } catch {
    return undefined
  }
}

/** Archives of the samples' earlier versions, so the folder only holds what the catalog lists. */
async function removeOldArchives(outDir, samples) {
  const slugs = new Set(samples.map((sample) => sample.plugin.plugin_slug))
  for (const name of await readdir(outDir)) {
    const match = /^(.+)-\d+\.\d+\.\d+.*\.zip$/.exec(name)
    if (match && slugs.has(match[1])) await rm(path.join(outDir, name), { force: true })
  }
}

/**
 * The value of `name = <literal>` (or `self.name = <literal>`) in Python source: dicts, lists, tuples,
 * strings, numbers, True/False/None, comments and trailing commas; anything else is refused. Enough for
 * the samples' own lifecycle_manager.py (Quire's installer has its own reader for packages).
 */
export function readPythonAssignment(source, name) {
  const assignment = new RegExp(`(?:^|[^\\w.])(?:self\\.)?${name}\\s*=\\s*(?=[[{(])`, 'm').exec(source)
  if (!assignment) throw new Error(`no literal assignment to ${name}`)
  return new PythonLiteral(source, assignment.index + assignment[0].length).read()
}

class PythonLiteral {
  constructor(text, position) {
    this.text = text
    this.at = position
  }

  read() {
    this.space()
    const char = this.text[this.at]
    if (char === '{') return this.dict()
    if (char === '[') return this.sequence(']')
    if (char === '(') return this.sequence(')')
    if (char === '"' || char === "'") return this.strings()
    const number = /-?\d+(\.\d+)?([eE][+-]?\d+)?(?![\w.])/y
    number.lastIndex = this.at
    const digits = number.exec(this.text)
    if (digits) {
      this.at += digits[0].length
      return Number(digits[0])
    }
    const word = /(True|False|None)(?!\w)/y
    word.lastIndex = this.at
    const constant = word.exec(this.text)
    if (constant) {
      this.at += constant[0].length
      return { True: true, False: false, None: null }[constant[1]]
    }
    this.fail('a literal')
  }

  dict() {
    const value = {}
    this.at += 1
    for (;;) {
      this.space()
      if (this.text[this.at] === '}') break
      const key = this.read()
      if (typeof key !== 'string') this.fail('a string key')
      this.expect(':')
      value[key] = this.read()
      if (!this.separator('}')) break
    }
    this.at += 1
    return value
  }

  sequence(close) {
    const value = []
    this.at += 1
    for (;;) {
      this.space()
      if (this.text[this.at] === close) break
      value.push(this.read())
      if (!this.separator(close)) break
    }
    this.at += 1
    return value
  }

  /** After an item: a comma (true: more may follow) or the closing bracket (false). */
  separator(close) {
    this.space()
    const char = this.text[this.at]
    if (char === ',') {
      this.at += 1
      return true
    }
    if (char !== close) this.fail(`',' or '${close}'`)
    return false
  }

  /** One string, or adjacent ones, which Python joins. */
  strings() {
    let value = ''
    while (this.text[this.at] === '"' || this.text[this.at] === "'") {
      value += this.string()
      const after = /[ \t\r\n]*/y
      after.lastIndex = this.at
      const gap = after.exec(this.text)[0]
      const next = this.text[this.at + gap.length]
      if (next !== '"' && next !== "'") break
      this.at += gap.length
    }
    return value
  }

  string() {
    const quote = this.text[this.at]
    if (this.text.startsWith(quote.repeat(3), this.at)) this.fail('a single-quoted string')
    const escapes = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', 0: '\0' }
    let value = ''
    this.at += 1
    for (;;) {
      const char = this.text[this.at]
      if (char === undefined || char === '\n') this.fail(`a closing ${quote}`)
      this.at += 1
      if (char === quote) return value
      if (char !== '\\') {
        value += char
        continue
      }
      const next = this.text[this.at]
      const hex = next === 'x' ? 2 : next === 'u' ? 4 : 0
      if (hex) {
        value += String.fromCharCode(parseInt(this.text.slice(this.at + 1, this.at + 1 + hex), 16))
        this.at += 1 + hex
      } else if (next in escapes) {
        value += escapes[next]
        this.at += 1
      } else {
        value += `\\${next}`
        this.at += 1
      }
    }
  }

  expect(char) {
    this.space()
    if (this.text[this.at] !== char) this.fail(`'${char}'`)
    this.at += 1
  }

  /** Whitespace, newlines and comments. */
  space() {
    const gap = /(?:[ \t\r\n]|\\\n|#[^\n]*)*/y
    gap.lastIndex = this.at
    this.at += gap.exec(this.text)[0].length
  }

  fail(wanted) {
    const line = this.text.slice(0, this.at).split('\n').length
    throw new Error(`line ${line}: expected ${wanted}`)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildSamplePlugins({ force: process.argv.includes('--force'), log: (line) => console.log(line) }).catch(
    (error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exitCode = 1
    },
  )
}
