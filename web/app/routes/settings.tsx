import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/solid-router'
import { getSettings } from '../api/settingsApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { SettingsPage } from '../components/SettingsPage'

export const Route = createFileRoute('/settings')({
  loader: ({ abortController }) => getSettings(abortController.signal),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your settings…" />,
  errorComponent: SettingsError,
  component: SettingsRoute,
})

function SettingsRoute() {
  const settings = Route.useLoaderData()
  return <SettingsPage settings={settings()} />
}

function SettingsError(props: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section class="page" aria-labelledby="settings-title">
      <header class="page-header">
        <h1 id="settings-title" class="page-title">
          Settings
        </h1>
      </header>
      <ErrorPanel
        title="The settings could not be loaded"
        error={props.error}
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
