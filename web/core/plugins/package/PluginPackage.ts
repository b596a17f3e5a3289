export interface PackageFile {
  /** Normalised, relative, '/'-separated; the archive's single top folder stripped (GitHub archives). */
  path: string
  bytes: Uint8Array
}

export interface PluginPackage {
  manifest: { plugin_data: unknown; module_data: unknown; required_services_runtime?: unknown }
  manifestSource: 'plugin.json' | 'lifecycle_manager.py'
  files: PackageFile[]
}
