import type { SyncServer } from '../../../web/core/sync/SyncServer'
import type { Principal } from '../accounts/AccountService'
import type { SyncNotifier } from './SyncNotifier'

/** What the sync routes run over: the caller's own SyncServer (their own log), its notifier, the caller. */
export interface SyncPorts {
  sync: SyncServer
  notify: SyncNotifier
  principal: Principal
}
