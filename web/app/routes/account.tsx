import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/solid-router'
import { getAccount } from '../account/accountApi'
import { AccountPage } from '../account/AccountPage'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'

export const Route = createFileRoute('/account')({
  loader: ({ abortController }) => getAccount(abortController.signal),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your account…" />,
  errorComponent: AccountError,
  component: AccountRoute,
})

function AccountRoute() {
  const account = Route.useLoaderData()
  return <AccountPage account={account()} />
}

function AccountError(props: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section class="page" aria-labelledby="account-title">
      <header class="page-header">
        <h1 id="account-title" class="page-title">
          Account
        </h1>
      </header>
      <ErrorPanel
        title="Your account could not be loaded"
        error={props.error}
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
