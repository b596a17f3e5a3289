import type { InstalledPlugin } from '../../api/pluginsApi'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { PermissionList } from './PermissionList'

/**
 * The warning before a plugin is trusted (DESIGN.md section 7): what trusting means in plain words and
 * what the plugin asked for, which will no longer limit it. Cancel has focus, so an accidental Enter
 * leaves the plugin in its sandbox; only "Trust" trusts it.
 */
export function TrustDialog(props: {
  plugin: InstalledPlugin
  onConfirm: () => Promise<void>
  onCancel: () => void
  fallbackFocus?: () => HTMLElement | null | undefined
}) {
  const name = () => props.plugin.name
  return (
    <ConfirmDialog
      title={`Trust ${name()}?`}
      confirmLabel="Trust"
      destructive
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      fallbackFocus={props.fallbackFocus}
    >
      <p>
        Only trust a plugin whose maker you trust. Until now {name()} runs sealed off in a frame of its own
        and can only do what its permissions allow.
      </p>
      <p class="plugin-trust-warning">
        <strong>Trusted, its code runs in Quire’s own page</strong>, with access to everything the app can
        reach: your documents, collections and conversations, your settings, and the keys and data kept in
        this browser. It could change or delete them, or send them anywhere.
      </p>
      <p>
        It asked for these permissions. Once trusted, <strong>they no longer limit it</strong>:
      </p>
      <PermissionList permissions={props.plugin.permissions} />
      <p>You can stop trusting it at any time; its modules then run in their own frames again.</p>
    </ConfirmDialog>
  )
}
