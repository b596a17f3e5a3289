import type { SeedRecord } from '../seed/SeedRecord'
import { settingDefinitionKind } from '../../../records/kinds/settingDefinitionKind'
import { settingInstanceKind } from '../../../records/kinds/settingInstanceKind'

/**
 * The settings BrainDrive gives a new user (BrainDrive-Core's `settings_initializer.py`, with the
 * `white_label_settings` of its 0.6.5 updater): seven definitions, and for each one value saved in the
 * user's scope. Its clients read these without creating them: the theme, the default page, the Ollama
 * servers the chat plugin offers, the sidebar's branding. BrainDrive's `user_page` scope is Quire's
 * `page`. The default page is `Dashboard` (BrainDrive puts a seeded library page's id there when it
 * has one; Quire seeds no pages).
 */
interface SettingSeed {
  id: string
  name: string
  description: string
  category: string
  allUserScopes: boolean
  tags: string[]
  value: Record<string, unknown>
  instanceId: string
}

// BrainDrive seeds dark; Quire's theme follows the system until the person picks one (app/theme).
const THEME = { theme: 'light', useSystemTheme: true }
const POWERED_BY = { text: 'Powered by BrainDrive', link: 'https://community.braindrive.ai' }
const WHITE_LABEL = {
  PRIMARY: { label: 'BrainDrive', url: 'https://tinyurl.com/4dx47m7p' },
  OWNERS_MANUAL: { label: "BrainDrive Owner's Manual", url: 'https://tinyurl.com/vd99cuex' },
  COMMUNITY: { label: 'BrainDrive Community', url: 'https://tinyurl.com/yc2u5v2a' },
  SUPPORT: { label: 'BrainDrive Support', url: 'https://tinyurl.com/4h4rtx2m' },
  DOCUMENTATION: { label: 'BrainDrive Docs', url: 'https://tinyurl.com/ewajc7k3' },
}
const LOGO = {
  light: '/braindrive/braindrive-light.svg',
  dark: '/braindrive/braindrive-dark.svg',
  alt: 'BrainDrive',
}
const COPYRIGHT = { text: 'AIs can make mistakes. Check important info.' }
const OLLAMA_SERVERS = {
  servers: [
    {
      id: 'server_1742054635336_5puc3mrll',
      serverName: 'New Server',
      serverAddress: 'http://localhost:11434',
      apiKey: '',
      connectionStatus: 'idle',
    },
  ],
}
const GENERAL = {
  settings: [
    {
      Setting_Name: 'default_page',
      Setting_Data: 'Dashboard',
      Setting_Help: 'This is the first page to be displayed after logging in to BrainDrive',
    },
  ],
}

const SETTINGS: SettingSeed[] = [
  {
    id: 'theme_settings',
    name: 'Theme Settings',
    description: 'Auto-generated definition for Theme Settings',
    category: 'auto_generated',
    allUserScopes: true,
    tags: ['auto_generated'],
    value: THEME,
    instanceId: '4117fa2c-1761-4843-b127-6a5bb8cf3049',
  },
  {
    id: 'powered_by_settings',
    name: 'Powered By',
    description: 'Text and URL for the Sidebar footer tag',
    category: 'ui',
    allUserScopes: false,
    tags: ['auto_generated', 'ui'],
    value: POWERED_BY,
    instanceId: '73d139f0-6d0e-4c97-b4f8-22ae503f319d',
  },
  {
    id: 'white_label_settings',
    name: 'White Label',
    description: 'Labels and links for product/brand surfaces',
    category: 'branding',
    allUserScopes: false,
    tags: ['auto_generated', 'ui', 'branding'],
    value: WHITE_LABEL,
    instanceId: 'f4392967-4821-4bdd-b324-42fb8a40ca88',
  },
  {
    id: 'branding_logo_settings',
    name: 'Branding Logo Settings',
    description: 'Light/dark logo URLs and alt text',
    category: 'ui',
    allUserScopes: false,
    tags: ['auto_generated', 'ui'],
    value: LOGO,
    instanceId: '3da4be28-93b1-491d-8799-2f27fa23ce6d',
  },
  {
    id: 'copyright_settings',
    name: 'Copyright',
    description: 'Footer copyright line content',
    category: 'ui',
    allUserScopes: false,
    tags: ['auto_generated', 'ui'],
    value: COPYRIGHT,
    instanceId: '2fbcf80b-e98f-4947-a243-bb217c8c24ac',
  },
  {
    id: 'ollama_servers_settings',
    name: 'Ollama Servers Settings',
    description: 'Auto-generated definition for Ollama Servers Settings',
    category: 'auto_generated',
    allUserScopes: true,
    tags: ['auto_generated'],
    value: OLLAMA_SERVERS,
    instanceId: '80226328-a599-4813-9ce7-bc85d5679909',
  },
  {
    id: 'general_settings',
    name: 'General Settings',
    description: 'Auto-generated definition for General Settings',
    category: 'auto_generated',
    allUserScopes: true,
    tags: ['auto_generated'],
    value: GENERAL,
    instanceId: '0af876d1-3cc8-4062-9317-31eb814b7b36',
  },
]

/** Each definition (id: its string id), then its value (a fixed UUID) under it. */
export const settingSeeds: readonly SeedRecord[] = SETTINGS.flatMap((setting): SeedRecord[] => [
  {
    kind: settingDefinitionKind,
    id: setting.id,
    data: {
      name: setting.name,
      description: setting.description,
      category: setting.category,
      type: 'object',
      default_value: setting.value,
      allowed_scopes: setting.allUserScopes ? ['system', 'user', 'page'] : ['system', 'user'],
      is_multiple: false,
      validation: {},
      tags: setting.tags,
    },
  },
  {
    kind: settingInstanceKind,
    id: setting.instanceId,
    parent_id: setting.id,
    data: {
      definition_id: setting.id,
      name: setting.name,
      value: setting.value,
      scope: 'user',
      user_id: null,
      page_id: null,
    },
  },
])
