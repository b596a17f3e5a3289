import { Show } from 'solid-js'
import { canInstall, promptInstall } from '../pwa/installPrompt'
import '../pwa/pwa.css'
import { showToast } from '../toasts/toastStore'

/** "Install Quire" in the app bar, shown only while the browser offers installation. */
export function InstallButton() {
  const install = async () => {
    const outcome = await promptInstall()
    if (outcome === 'accepted') showToast({ message: 'Quire is installed: open it from your apps' })
  }
  return (
    <Show when={canInstall()}>
      <button type="button" class="button button-small install-button" onClick={() => void install()}>
        Install Quire
      </button>
    </Show>
  )
}
