import type { RecordKind } from '../../records/RecordKind'
import { componentKind } from '../../records/kinds/componentKind'
import { conversationKind } from '../../records/kinds/conversationKind'
import { conversationTagKind } from '../../records/kinds/conversationTagKind'
import { messageKind } from '../../records/kinds/messageKind'
import { navigationRouteKind } from '../../records/kinds/navigationRouteKind'
import { pageBackupKind } from '../../records/kinds/pageBackupKind'
import { pageKind } from '../../records/kinds/pageKind'
import { personaKind } from '../../records/kinds/personaKind'
import { pluginStateKind } from '../../records/kinds/pluginStateKind'
import { pluginKind } from '../../records/kinds/pluginKind'
import { pluginModuleKind } from '../../records/kinds/pluginModuleKind'
import { settingDefinitionKind } from '../../records/kinds/settingDefinitionKind'
import { settingInstanceKind } from '../../records/kinds/settingInstanceKind'
import { tagKind } from '../../records/kinds/tagKind'
import { profileSeedKind } from '../../records/kinds/profileSeedKind'
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
