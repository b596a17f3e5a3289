import { contractSuite } from '../../web/core/testing/contract/contractSuite'
import { describeSignedIn } from './describeSignedIn'

// As the server runs by default: with accounts, every request from a signed-in user (a personal
// access token).
describeSignedIn('REST contract on the Koa server (real HTTP, signed in)', 'contract', contractSuite)
