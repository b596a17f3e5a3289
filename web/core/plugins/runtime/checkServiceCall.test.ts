import { describe, expect, it } from 'vitest'
import { serviceCallRefusal } from './checkServiceCall'

const module = {
  name: 'Notes',
  required_services: { api: { methods: ['get', 'post'] }, settings: { methods: ['getSetting'] } },
}

describe('serviceCallRefusal', () => {
  it('lets declared methods through', () => {
    expect(serviceCallRefusal(module, 'api', 'get')).toBeUndefined()
    expect(serviceCallRefusal(module, 'settings', 'getSetting')).toBeUndefined()
  })

  it('refuses undeclared methods and services, naming them', () => {
    expect(serviceCallRefusal(module, 'api', 'delete')).toMatch(/Notes did not declare api.delete/)
    expect(serviceCallRefusal(module, 'event', 'sendMessage')).toMatch(/event.sendMessage/)
    expect(serviceCallRefusal(module, 'constructor', 'call')).toMatch(/no "constructor" service/)
  })
})
