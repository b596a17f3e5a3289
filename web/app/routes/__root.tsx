import { createRootRoute, Outlet } from '@tanstack/solid-router'
import { AppFrame } from '../components/AppFrame'
import { NotFound } from '../components/NotFound'
import { OnboardingDialog } from '../components/OnboardingDialog'

export const Route = createRootRoute({
  component: RootComponent,
  notFoundComponent: NotFound,
})

function RootComponent() {
  return (
    <AppFrame>
      <Outlet />
      {/* First visit only; shown over whichever page the person arrived on. */}
      <OnboardingDialog />
    </AppFrame>
  )
}
