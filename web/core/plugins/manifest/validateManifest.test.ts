import { describe, expect, it } from 'vitest'
import { ApiError, type ValidationIssue } from '../../kernel/ApiError'
import { moduleMayCall, validateManifest } from './validateManifest'

function validPlugin(): Record<string, unknown> {
  return {
    name: 'Notes',
    description: 'Notes kept on a page',
    version: '1.2.0',
    plugin_slug: 'QuireNotes',
    type: 'frontend',
    official: false,
    author: 'Quire',
    compatibility: '1.0.0',
    scope: 'QuireNotes',
    bundle_method: 'webpack',
    bundle_location: 'dist/remoteEntry.js',
    is_local: false,
    installation_type: 'remote',
    permissions: ['storage.read', 'storage.write'],
    category: 'productivity',
  }
}

function validModule(name = 'NotesBoard'): Record<string, unknown> {
  return {
    name,
    display_name: 'Notes board',
    description: 'Short notes',
    category: 'productivity',
    tags: ['notes', 'text', 'memo'],
    required_services: { theme: { methods: ['getCurrentTheme'], version: '1.0.0' } },
    layout: { minWidth: 2, defaultWidth: 4, maxWidth: 12, minHeight: 2, defaultHeight: 3 },
  }
}

function refusal(plugin: unknown, modules: unknown): ValidationIssue[] {
  try {
    validateManifest({ plugin_data: plugin, module_data: modules })
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(422)
    return (error as ApiError).detail as ValidationIssue[]
  }
  throw new Error('expected a 422')
}

const pluginWith = (changes: Record<string, unknown>) => ({ ...validPlugin(), ...changes })
const moduleWith = (changes: Record<string, unknown>) => ({ ...validModule(), ...changes })
/** The issues as "loc: msg" lines, without the leading 'body'. */
const lines = (issues: ValidationIssue[]) =>
  issues.map((issue) => `${issue.loc.slice(1).join('.')}: ${issue.msg}`)

describe('validateManifest: accepting', () => {
  it('accepts a valid manifest without warnings, keeps extra fields and fills in module fallbacks', () => {
    const manifest = validateManifest({
      plugin_data: { ...validPlugin(), homepage: 'https://example.org', icon: null },
      module_data: [{ name: 'Bare', extra: { kept: true } }, validModule()],
    })
    expect(manifest.plugin).toMatchObject({
      plugin_slug: 'QuireNotes',
      homepage: 'https://example.org',
      icon: null,
    })
    expect(manifest.modules[0]).toMatchObject({
      name: 'Bare',
      display_name: 'Bare',
      priority: 0,
      tags: [],
      dependencies: [],
      props: {},
      config_fields: {},
      required_services: {},
      messages: { sends: [], receives: [] },
      extra: { kept: true },
    })
    expect(manifest.modules[0]?.layout).toBeUndefined()
    expect(manifest.warnings.filter((w) => w.loc[2] !== 0)).toEqual([])
  })

  it("accepts BrainDrive's slug forms and refuses spaces and other characters", () => {
    for (const slug of [
      'BrainDriveChat',
      'BrainDriveSettings',
      'ServiceExample_Theme',
      'my-plugin',
      'plugin2',
    ])
      expect(
        () => validateManifest({ plugin_data: pluginWith({ plugin_slug: slug }), module_data: [] }),
        slug,
      ).not.toThrow()
    for (const slug of ['My Plugin', 'plug.in', 'plug/in', 'plügin', '_hidden', '-x', 'a'.repeat(101)])
      expect(lines(refusal(pluginWith({ plugin_slug: slug }), [])), slug).toEqual([
        expect.stringMatching(/^plugin_data\.plugin_slug: must be letters, digits, - or _/),
      ])
  })

  it('accepts a service declared without a methods list (the whole service, as BrainDrive hands it)', () => {
    const manifest = validateManifest({
      plugin_data: validPlugin(),
      module_data: [moduleWith({ required_services: { theme: {}, api: { methods: ['get'] } } })],
    })
    expect(manifest.modules[0]!.required_services).toEqual({ theme: {}, api: { methods: ['get'] } })
  })

  it('drops the system-managed fields from the record', () => {
    const manifest = validateManifest({
      plugin_data: pluginWith({
        last_update_check: '2024-01-01',
        update_available: true,
        latest_version: '9.9.9',
      }),
      module_data: [validModule()],
    })
    for (const field of ['last_update_check', 'update_available', 'latest_version'])
      expect(manifest.plugin).not.toHaveProperty(field)
  })

  it('reads plain-string and plain-number select options as {label, value}', () => {
    const manifest = validateManifest({
      plugin_data: validPlugin(),
      module_data: [
        moduleWith({
          config_fields: {
            size: { type: 'select', default: 2, options: ['small', 2, { label: 'Large', value: 'l' }] },
          },
        }),
      ],
    })
    expect(manifest.modules[0]?.config_fields.size?.options).toEqual([
      { label: 'small', value: 'small' },
      { label: '2', value: 2 },
      { label: 'Large', value: 'l' },
    ])
  })
})

describe('validateManifest: refusals name every field that breaks a rule', () => {
  const required = [
    'name',
    'description',
    'version',
    'plugin_slug',
    'type',
    'official',
    'author',
    'compatibility',
    'scope',
    'bundle_method',
    'bundle_location',
    'is_local',
    'permissions',
  ]

  it('lists every missing required plugin field at once, as FastAPI does', () => {
    const issues = refusal({}, [{}])
    expect(issues).toEqual([
      ...required.map((field) => ({
        loc: ['body', 'plugin_data', field],
        msg: 'Field required',
        type: 'missing',
      })),
      { loc: ['body', 'module_data', 0, 'name'], msg: 'Field required', type: 'missing' },
    ])
  })

  it('reads a missing installation_type as BrainDrive stores it, local; an empty one is refused', () => {
    const { installation_type: _left, ...withoutType } = validPlugin()
    const manifest = validateManifest({ plugin_data: withoutType, module_data: [] })
    expect(manifest.plugin.installation_type).toBe('local')
    expect(lines(refusal(pluginWith({ installation_type: ' ' }), []))).toEqual([
      'plugin_data.installation_type: must not be empty',
    ])
  })

  it('refuses empty required strings', () => {
    const strings = required.filter((field) => !['official', 'is_local', 'permissions'].includes(field))
    const issues = refusal(pluginWith(Object.fromEntries(strings.map((field) => [field, '  ']))), [])
    expect(lines(issues)).toEqual(strings.map((field) => `plugin_data.${field}: must not be empty`))
  })

  it('refuses an empty permissions list', () => {
    expect(lines(refusal(pluginWith({ permissions: [] }), []))).toEqual([
      'plugin_data.permissions: must list at least one permission',
    ])
  })

  it('refuses values of the wrong type, saying what was found', () => {
    const issues = refusal(
      pluginWith({
        name: 3,
        official: 'yes',
        is_local: 1,
        permissions: 'storage.read',
        icon: 5,
        category: [],
      }),
      [moduleWith({ tags: 'notes', priority: 1.5, props: [], dependencies: [1], display_name: false })],
    )
    expect(issues).toEqual([
      { loc: ['body', 'plugin_data', 'name'], msg: 'must be a string, not number 3', type: 'string_type' },
      {
        loc: ['body', 'plugin_data', 'official'],
        msg: 'must be true or false, not the string "yes"',
        type: 'boolean_type',
      },
      {
        loc: ['body', 'plugin_data', 'is_local'],
        msg: 'must be true or false, not number 1',
        type: 'boolean_type',
      },
      {
        loc: ['body', 'plugin_data', 'permissions'],
        msg: 'must be a list, not the string "storage.read"',
        type: 'array_type',
      },
      { loc: ['body', 'plugin_data', 'icon'], msg: 'must be a string, not number 5', type: 'string_type' },
      { loc: ['body', 'plugin_data', 'category'], msg: 'must be a string, not a list', type: 'string_type' },
      {
        loc: ['body', 'module_data', 0, 'display_name'],
        msg: 'must be a string, not boolean false',
        type: 'string_type',
      },
      {
        loc: ['body', 'module_data', 0, 'tags'],
        msg: 'must be a list, not the string "notes"',
        type: 'array_type',
      },
      {
        loc: ['body', 'module_data', 0, 'priority'],
        msg: 'must be a whole number, not number 1.5',
        type: 'int_type',
      },
      {
        loc: ['body', 'module_data', 0, 'dependencies', 0],
        msg: 'must be a string, not number 1',
        type: 'string_type',
      },
      { loc: ['body', 'module_data', 0, 'props'], msg: 'must be an object, not a list', type: 'record_type' },
    ])
  })

  it('refuses plugin_data that is not an object, module_data that is not a list, a module that is not an object', () => {
    expect(lines(refusal([], 'modules'))).toEqual([
      'plugin_data: must be an object, not a list',
      'module_data: must be a list of modules, not the string "modules"',
    ])
    expect(refusal(undefined, null).map((issue) => issue.type)).toEqual(['missing', 'missing'])
    expect(lines(refusal(validPlugin(), ['NotesBoard']))).toEqual([
      'module_data.0: must be an object, not the string "NotesBoard"',
    ])
  })

  it('refuses more modules than any plugin has', () => {
    const modules = Array.from({ length: 101 }, (_, i) => validModule(`M${i}`))
    expect(lines(refusal(validPlugin(), modules))).toEqual(['module_data: at most 100 modules'])
  })

  it('refuses a version that is not semantic, in the plugin and in a required service', () => {
    const issues = refusal(pluginWith({ version: '1.0' }), [
      moduleWith({ required_services: { api: { methods: ['get'], version: 'latest' } } }),
    ])
    expect(lines(issues)).toEqual([
      'plugin_data.version: must be a semantic version MAJOR.MINOR.PATCH, such as 1.0.0',
      'module_data.0.required_services.api.version: must be a semantic version MAJOR.MINOR.PATCH, such as 1.0.0',
    ])
  })

  it('refuses a scope that is not a JavaScript identifier', () => {
    for (const scope of ['my-scope', '1abc', 'class', 'a b'])
      expect(lines(refusal(pluginWith({ scope }), [])), scope).toEqual([
        'plugin_data.scope: must be a valid JavaScript identifier (the module federation container name)',
      ])
    expect(() =>
      validateManifest({ plugin_data: pluginWith({ scope: '$_Scope9' }), module_data: [] }),
    ).not.toThrow()
  })

  it('refuses a bundle_location outside the package', () => {
    for (const bundle_location of [
      '../dist/remoteEntry.js',
      '/dist/remoteEntry.js',
      'dist\\remoteEntry.js',
      'https://x.org/r.js',
      'C:/r.js',
      'dist//r.js',
    ])
      expect(lines(refusal(pluginWith({ bundle_location }), [])), bundle_location).toEqual([
        'plugin_data.bundle_location: must be a relative path inside the package, such as dist/remoteEntry.js',
      ])
    expect(() =>
      validateManifest({
        plugin_data: pluginWith({ bundle_location: './dist/remoteEntry.js' }),
        module_data: [],
      }),
    ).not.toThrow()
  })

  it('refuses source and update URLs that are not http(s); empty or None means none', () => {
    expect(
      lines(
        refusal(
          pluginWith({ source_url: 'file:///etc/passwd', update_check_url: 'javascript:alert(1)' }),
          [],
        ),
      ),
    ).toEqual([
      'plugin_data.source_url: must be an http(s) URL',
      'plugin_data.update_check_url: must be an http(s) URL',
    ])
    expect(() =>
      validateManifest({
        plugin_data: pluginWith({ source_url: '', update_check_url: null }),
        module_data: [],
      }),
    ).not.toThrow()
  })

  it('refuses module names with spaces or other characters, and names used twice', () => {
    const issues = refusal(validPlugin(), [
      validModule('Notes Board'),
      validModule('A'),
      validModule('B'),
      validModule('A'),
    ])
    expect(lines(issues)).toEqual([
      expect.stringMatching(/^module_data\.0\.name: must be letters, digits, - or _/),
      "module_data.3.name: module name 'A' is already used by module 1; names must be unique",
    ])
  })

  it('refuses dependencies that are not modules of the plugin, or the module itself', () => {
    const issues = refusal(validPlugin(), [
      moduleWith({ name: 'A', dependencies: ['B', 'Missing', 'A', 'Notes board'] }),
      validModule('B'),
    ])
    expect(lines(issues)).toEqual([
      "module_data.0.dependencies.1: 'Missing' is not the name of a module of this plugin",
      'module_data.0.dependencies.2: a module cannot depend on itself',
      "module_data.0.dependencies.3: 'Notes board' is not the name of a module of this plugin",
    ])
  })

  it('refuses unknown config field types', () => {
    expect(
      lines(refusal(validPlugin(), [moduleWith({ config_fields: { x: { type: 'slider', default: 1 } } })])),
    ).toEqual([
      'module_data.0.config_fields.x.type: must be one of text, number, boolean, select, textarea, color, date, time',
    ])
  })

  it('refuses defaults that are not of their field type', () => {
    const config_fields = {
      title: { type: 'text', default: 5 },
      body: { type: 'textarea', default: false },
      count: { type: 'number', default: '10' },
      on: { type: 'boolean', default: 'true' },
      tint: { type: 'color', default: 0xff0000 },
      day: { type: 'date', default: [] },
      at: { type: 'time', default: {} },
      pick: { type: 'select', default: ['a'], options: ['a'] },
      fine: { type: 'text', default: null },
      none: { type: 'number' },
    }
    expect(lines(refusal(validPlugin(), [moduleWith({ config_fields })]))).toEqual([
      'module_data.0.config_fields.title.default: the default of a text field must be a string',
      'module_data.0.config_fields.body.default: the default of a textarea field must be a string',
      'module_data.0.config_fields.count.default: the default of a number field must be a number',
      'module_data.0.config_fields.on.default: the default of a boolean field must be a boolean',
      'module_data.0.config_fields.tint.default: the default of a color field must be a string',
      'module_data.0.config_fields.day.default: the default of a date field must be a string',
      'module_data.0.config_fields.at.default: the default of a time field must be a string',
      'module_data.0.config_fields.pick.default: the default of a select field must be one option value (a string, number or boolean)',
    ])
  })

  it('refuses a select without options, with no options, or with malformed options', () => {
    const config_fields = {
      a: { type: 'select' },
      b: { type: 'select', options: [] },
      c: { type: 'select', options: [{ label: 'x' }] },
    }
    expect(lines(refusal(validPlugin(), [moduleWith({ config_fields })]))).toEqual([
      'module_data.0.config_fields.b.options: must list at least one option',
      'module_data.0.config_fields.c.options.0: an option must be {label, value} (or a plain string or number)',
      'module_data.0.config_fields.a.options: a select field needs options',
    ])
  })

  it('refuses type-specific properties of the wrong type and a number range upside down', () => {
    const config_fields = {
      t: { type: 'text', placeholder: 1, maxLength: -1 },
      n: { type: 'number', min: 10, max: 1, step: 0 },
      r: { type: 'textarea', rows: 0 },
    }
    expect(lines(refusal(validPlugin(), [moduleWith({ config_fields })]))).toEqual([
      'module_data.0.config_fields.t.placeholder: must be a string, not number 1',
      expect.stringMatching(/^module_data\.0\.config_fields\.t\.maxLength: /),
      expect.stringMatching(/^module_data\.0\.config_fields\.n\.step: /),
      expect.stringMatching(/^module_data\.0\.config_fields\.r\.rows: /),
      'module_data.0.config_fields.n.min: min (10) must not be greater than max (1)',
    ])
  })

  it('refuses layout widths outside 1..12, heights below 1 and limits out of order', () => {
    const issues = refusal(validPlugin(), [
      moduleWith({
        layout: { minWidth: 0, defaultWidth: 13, maxWidth: 2.5, minHeight: 0, defaultHeight: '3' },
      }),
      moduleWith({
        name: 'B',
        layout: { minWidth: 6, defaultWidth: 4, minHeight: 5, defaultHeight: 6, maxHeight: 5 },
      }),
      moduleWith({ name: 'C', layout: { minWidth: 8, maxWidth: 6 } }),
    ])
    expect(lines(issues)).toEqual([
      'module_data.0.layout.minWidth: must be 1 to 12 grid columns',
      'module_data.0.layout.defaultWidth: must be 1 to 12 grid columns',
      'module_data.0.layout.maxWidth: must be a whole number, not number 2.5',
      'module_data.0.layout.minHeight: must be at least 1 grid row',
      'module_data.0.layout.defaultHeight: must be a number, not the string "3"',
      'module_data.1.layout.minWidth: minWidth (6) must not be greater than defaultWidth (4)',
      'module_data.1.layout.maxHeight: maxHeight (5) must not be less than defaultHeight (6)',
      'module_data.2.layout.maxWidth: maxWidth (6) must not be less than minWidth (8)',
    ])
  })

  it('refuses messages of the wrong shape', () => {
    const messages = {
      sends: [{ description: 'no type' }, { type: 'note.saved', contentSchema: { type: 'array' } }],
      receives: 'note.saved',
    }
    expect(lines(refusal(validPlugin(), [moduleWith({ messages })]))).toEqual([
      'module_data.0.messages.sends.0.type: Field required',
      expect.stringMatching(/^module_data\.0\.messages\.sends\.1\.contentSchema\.type: /),
      'module_data.0.messages.receives: must be a list, not the string "note.saved"',
    ])
    const ok = {
      sends: [
        {
          type: 'note.saved',
          description: 'A note was saved',
          contentSchema: { type: 'object', properties: { id: { type: 'string' } } },
        },
      ],
    }
    expect(() =>
      validateManifest({ plugin_data: validPlugin(), module_data: [moduleWith({ messages: ok })] }),
    ).not.toThrow()
    // Bare type names, as BrainDrive's OpenRouter plugin lists them, are read as {type}.
    const bare = validateManifest({
      plugin_data: validPlugin(),
      module_data: [moduleWith({ messages: { sends: ['key.updated'], receives: [] } })],
    })
    expect(bare.modules[0]?.messages.sends).toEqual([{ type: 'key.updated' }])
  })

  it('reports plugin and module problems together, in one answer', () => {
    const issues = refusal(pluginWith({ version: 'one', official: null }), [moduleWith({ name: '' })])
    expect(lines(issues)).toEqual([
      'plugin_data.version: must be a semantic version MAJOR.MINOR.PATCH, such as 1.0.0',
      'plugin_data.official: must be true or false, not None',
      'module_data.0.name: must not be empty',
    ])
  })
})

describe('validateManifest: warnings, never refusals', () => {
  function warnings(plugin: Record<string, unknown>, modules: unknown[] = [validModule()]): string[] {
    return validateManifest({ plugin_data: plugin, module_data: modules }).warnings.map(
      (warning) => `${warning.loc.slice(1).join('.')}: ${warning.msg}`,
    )
  }

  const cases: Array<[string, Record<string, unknown>, unknown[] | undefined, string | RegExp]> = [
    [
      'a long name',
      { name: 'n'.repeat(51) },
      undefined,
      'plugin_data.name: 51 characters; the spec advises under 50',
    ],
    [
      'a long description',
      { description: 'd'.repeat(151) },
      undefined,
      'plugin_data.description: 151 characters; the spec advises under 150',
    ],
    [
      'a long display_name',
      {},
      [moduleWith({ display_name: 'x'.repeat(31) })],
      'module_data.0.display_name: 31 characters; the spec advises under 30',
    ],
    [
      'a long module description',
      {},
      [moduleWith({ description: 'x'.repeat(101) })],
      'module_data.0.description: 101 characters; the spec advises under 100',
    ],
    [
      'a category that is not one lowercase word',
      { category: 'Utilities' },
      undefined,
      "plugin_data.category: category 'Utilities' is not a single lowercase word",
    ],
    [
      'an uncommon category',
      { category: 'games' },
      undefined,
      /^plugin_data\.category: category 'games' is not one of the common categories/,
    ],
    [
      'an uncommon module category',
      {},
      [moduleWith({ category: 'LLM Servers' })],
      "module_data.0.category: category 'LLM Servers' is not a single lowercase word",
    ],
    [
      'too few tags',
      {},
      [moduleWith({ tags: ['a'] })],
      'module_data.0.tags: 1 tags; the spec advises 3 to 8',
    ],
    [
      'too many tags',
      {},
      [moduleWith({ tags: 'abcdefghi'.split('') })],
      'module_data.0.tags: 9 tags; the spec advises 3 to 8',
    ],
    [
      'a tag not lowercase',
      {},
      [moduleWith({ tags: ['a', 'B', 'c'] })],
      "module_data.0.tags.1: tag 'B' is not lowercase",
    ],
    [
      'a service outside the table',
      {},
      [moduleWith({ required_services: { storage: { methods: ['get'] } } })],
      /^module_data\.0\.required_services\.storage: 'storage' is not a service Quire offers/,
    ],
    [
      'a method outside the table',
      {},
      [moduleWith({ required_services: { theme: { methods: ['paintWalls'] } } })],
      /^module_data\.0\.required_services\.theme\.methods\.0: 'paintWalls' is not a method of the theme service/,
    ],
    [
      'plain-string select options',
      {},
      [moduleWith({ config_fields: { s: { type: 'select', options: ['a'] } } })],
      'module_data.0.config_fields.s.options: options given as plain values are read as {label, value} with label = value',
    ],
    [
      'a select default that is not an option',
      {},
      [
        moduleWith({
          config_fields: { s: { type: 'select', default: 'z', options: [{ label: 'A', value: 'a' }] } },
        }),
      ],
      'module_data.0.config_fields.s.default: the default "z" is not one of the options',
    ],
    [
      'a slug that is not PascalCase or camelCase',
      { plugin_slug: 'Quire_Notes', scope: 'Quire_Notes' },
      undefined,
      "plugin_data.plugin_slug: 'Quire_Notes' is not PascalCase or camelCase, as the spec advises",
    ],
    [
      'a scope that differs from the slug',
      { scope: 'Other' },
      undefined,
      "plugin_data.scope: scope 'Other' differs from plugin_slug 'QuireNotes'; the spec advises they match",
    ],
    [
      'an unknown permission',
      { permissions: ['storage.read', 'everything'] },
      undefined,
      /^plugin_data\.permissions\.1: 'everything' is not a known permission/,
    ],
    [
      'an unknown type',
      { type: 'widget' },
      undefined,
      "plugin_data.type: 'widget' is not one of the common values (frontend, backend, fullstack)",
    ],
    [
      'an unknown bundle_method',
      { bundle_method: 'esbuild' },
      undefined,
      "plugin_data.bundle_method: 'esbuild' is not one of the common values (webpack, rollup, vite)",
    ],
    [
      'an unknown installation_type',
      { installation_type: 'magic' },
      undefined,
      "plugin_data.installation_type: 'magic' is not one of the common values (remote, local, manual)",
    ],
    [
      'an unknown source_type',
      { source_type: 'remote' },
      undefined,
      "plugin_data.source_type: 'remote' is not one of the common values (github, gitlab, npm, custom, local)",
    ],
    [
      'a system-managed field',
      { latest_version: '2.0.0' },
      undefined,
      "plugin_data.latest_version: latest_version is managed by the system; the plugin's value is ignored",
    ],
    [
      'a compatibility that is not a version',
      { compatibility: 'any' },
      undefined,
      "plugin_data.compatibility: 'any' is not a semantic version (the minimum platform version)",
    ],
    ['no modules', {}, [], 'module_data: the plugin has no modules: there is nothing to place on a page'],
  ]
  for (const [what, plugin, modules, expected] of cases)
    it(`warns about ${what}, and still accepts the manifest`, () => {
      expect(warnings(validPlugin())).toEqual([])
      const found = warnings(pluginWith(plugin), modules)
      expect(found).toEqual([typeof expected === 'string' ? expected : expect.stringMatching(expected)])
    })
})

describe('moduleMayCall', () => {
  const module = validateManifest({
    plugin_data: validPlugin(),
    module_data: [
      moduleWith({ required_services: { api: { methods: ['get'] }, theme: { methods: ['setTheme'] } } }),
    ],
  }).modules[0]!

  it('allows exactly the methods a module declares, including ones beyond the services table', () => {
    expect(moduleMayCall(module, 'api', 'get')).toBe(true)
    expect(moduleMayCall(module, 'theme', 'setTheme')).toBe(true)
    expect(moduleMayCall(module, 'api', 'post')).toBe(false)
    expect(moduleMayCall(module, 'settings', 'getSetting')).toBe(false)
  })

  it('never matches inherited names', () => {
    expect(moduleMayCall(module, 'constructor', 'name')).toBe(false)
    expect(moduleMayCall(module, '__proto__', 'toString')).toBe(false)
    expect(moduleMayCall(module, 'api', 'toString')).toBe(false)
    // As if an object prototype had been polluted: an inherited service is still not declared.
    const inherited = { required_services: Object.create({ settings: { methods: ['setSetting'] } }) }
    expect(moduleMayCall(inherited, 'settings', 'setSetting')).toBe(false)
  })
})
