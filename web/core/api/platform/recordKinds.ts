import type { RecordKind } from './RecordKind'
import { componentKind } from './components/componentKind'
import { conversationKind } from './conversations/conversationKind'
import { conversationTagKind } from './conversations/conversationTagKind'
import { messageKind } from './conversations/messageKind'
import { navigationRouteKind } from './navigation/navigationRouteKind'
import { pageBackupKind } from './pages/pageBackupKind'
import { pageKind } from './pages/pageKind'
import { personaKind } from './personas/personaKind'
import { pluginStateKind } from './pluginState/pluginStateKind'
import { pluginKind } from './plugins/pluginKind'
import { pluginModuleKind } from './plugins/pluginModuleKind'
import { settingDefinitionKind } from './settings/settingDefinitionKind'
import { settingInstanceKind } from './settings/settingInstanceKind'
import { tagKind } from './tags/tagKind'
import { profileSeedKind } from './seed/profileSeedKind'
import { followedFolderKind } from '../../folders/followedFolderKind'
import { folderFileKind } from '../../folders/folderFileKind'

/**
 * Every kind of platform record, each declared once beside its routes. Sync reads this list (which
 * kinds travel, and the fields a synced record must have); the SyncedStore refuses a write of a kind
 * that is not here, so a kind added without a declaration fails its first test instead of silently
 * staying on one device.
 */
export const RECORD_KINDS: readonly RecordKind[] = [
  settingDefinitionKind,
  settingInstanceKind,
  pageKind,
  pageBackupKind,
  pluginStateKind,
  conversationKind,
  messageKind,
  tagKind,
  conversationTagKind,
  personaKind,
  navigationRouteKind,
  componentKind,
  profileSeedKind,
  pluginKind,
  pluginModuleKind,
  followedFolderKind,
  folderFileKind,
]

const byKind = new Map(RECORD_KINDS.map((declaration) => [declaration.kind, declaration]))

/** The declaration of a store kind, or undefined for a kind no platform resource declares. */
export function recordKindOf(kind: string): RecordKind | undefined {
  return byKind.get(kind)
}
