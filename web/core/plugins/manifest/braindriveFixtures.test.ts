import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../kernel/ApiError'
import { readLifecycleManager } from './readLifecycleManager'
import { validateManifest } from './validateManifest'

/** BrainDrive's own lifecycle managers (trimmed, see fixtures/README.md) must read and install, with warnings. */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
}

function warningsOf(name: string): string[] {
  const manifest = validateManifest(readLifecycleManager(fixture(name)))
  return manifest.warnings.map((warning) => `${warning.loc.slice(1).join('.')}: ${warning.msg}`)
}

describe('BrainDrive lifecycle managers', () => {
  it('reads and accepts BrainDrive-Chat-Plugin, warning only about its system-managed fields', () => {
    const manifest = validateManifest(readLifecycleManager(fixture('braindrive-chat.py.txt')))
    expect(manifest.plugin).toMatchObject({
      plugin_slug: 'BrainDriveChat',
      version: '1.0.17',
      official: true,
    })
    expect(manifest.plugin).not.toHaveProperty('latest_version')
    expect(manifest.modules).toHaveLength(1)
    expect(manifest.modules[0]?.props).toEqual({
      initialGreeting: "Hello! I'm your AI assistant. How can I help you today?",
      defaultStreamingMode: true,
      promptQuestion: 'What would you like to know?',
    })
    expect(manifest.modules[0]?.messages).toEqual({ sends: [], receives: [] })
    expect(warningsOf('braindrive-chat.py.txt')).toEqual([
      "plugin_data.last_update_check: last_update_check is managed by the system; the plugin's value is ignored",
      "plugin_data.update_available: update_available is managed by the system; the plugin's value is ignored",
      "plugin_data.latest_version: latest_version is managed by the system; the plugin's value is ignored",
    ])
  })

  it('accepts BrainDrive-Settings-Plugin with its "Utilities" category, its service methods and few, capitalised tags', () => {
    const warnings = warningsOf('braindrive-settings.py.txt')
    expect(warnings).toEqual(
      expect.arrayContaining([
        "plugin_data.category: category 'Utilities' is not a single lowercase word",
        "plugin_data.source_type: 'remote' is not one of the common values (github, gitlab, npm, custom, local)",
        expect.stringMatching(/^plugin_data\.permissions\.3: 'settings\.manage' is not a known permission/),
        "module_data.0.category: category 'Settings' is not a single lowercase word",
        'module_data.0.tags: 2 tags; the spec advises 3 to 8',
        "module_data.0.tags.0: tag 'Settings' is not lowercase",
      ]),
    )
    // Its methods are all BrainDrive's contract (setTheme, registerSettingDefinition): no warning for them.
    expect(warnings.filter((warning) => warning.includes('required_services'))).toEqual([])
  })

  it('accepts the Theme service example: a slug with "_" and a scope that differs from it', () => {
    const manifest = validateManifest(readLifecycleManager(fixture('braindrive-theme-example.py.txt')))
    expect(manifest.plugin.plugin_slug).toBe('ServiceExample_Theme')
    expect(manifest.modules.map((m) => m.name)).toEqual(['ThemeDisplay', 'ThemeController'])
    expect(warningsOf('braindrive-theme-example.py.txt')).toEqual(
      expect.arrayContaining([
        "plugin_data.plugin_slug: 'ServiceExample_Theme' is not PascalCase or camelCase, as the spec advises",
        "plugin_data.scope: scope 'ServiceExampleTheme' differs from plugin_slug 'ServiceExample_Theme'; the spec advises they match",
        expect.stringMatching(/^plugin_data\.permissions\.0: 'theme\.read' is not a known permission/),
        "plugin_data.category: category 'examples' is not one of the common categories (productivity, communication, data, ai, utility, entertainment)",
      ]),
    )
  })

  it('accepts BrainDrive-PluginTemplate: plain-string select options become {label, value}, a trailing comma is fine', () => {
    const manifest = validateManifest(readLifecycleManager(fixture('braindrive-plugin-template.py.txt')))
    expect(manifest.modules[1]?.config_fields.theme?.options).toEqual([
      { label: 'auto', value: 'auto' },
      { label: 'light', value: 'light' },
      { label: 'dark', value: 'dark' },
    ])
    expect(manifest.modules[1]?.display_name).toBe('Plugin Template Settings')
    expect(warningsOf('braindrive-plugin-template.py.txt')).toEqual(
      expect.arrayContaining([
        'module_data.1.config_fields.theme.options: options given as plain values are read as {label, value} with label = value',
        'module_data.1.tags: 2 tags; the spec advises 3 to 8',
      ]),
    )
  })

  it('refuses the older BrainDriveAI/PluginTemplate, whose props say `false` (a NameError in Python too)', () => {
    // BrainDriveAI/PluginTemplate at f167d884..., lifecycle_manager.py: "showAdvancedOptions": false
    const source = fixture('braindrive-plugin-template.py.txt').replace(
      '"showAdvancedOptions": False',
      '"showAdvancedOptions": false',
    )
    expect(() => readLifecycleManager(source)).toThrow(ApiError)
    try {
      readLifecycleManager(source)
    } catch (error) {
      expect((error as ApiError).detail).toEqual([
        {
          loc: ['body', 'lifecycle_manager.py', 'module_data'],
          msg: 'module_data must be a Python literal (Quire reads it, never runs it); found the name `false` (Python writes False) at line 62',
          type: 'value_error',
        },
      ])
    }
  })
})
