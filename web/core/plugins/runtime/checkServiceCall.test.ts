import { describe, expect, it } from 'vitest'
import { serviceCallRefusal } from './checkServiceCall'
import { declaredMethods, SERVICE_METHODS } from './frameProtocol'

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

  it('lets a service declared without a method list through whole, as BrainDrive does, and no other', () => {
    const whole = { name: 'Template', required_services: { theme: {}, api: { methods: ['get'] } } }
    expect(serviceCallRefusal(whole, 'theme', 'setTheme')).toBeUndefined()
    expect(serviceCallRefusal(whole, 'theme', 'getCurrentTheme')).toBeUndefined()
    expect(serviceCallRefusal(whole, 'api', 'post')).toMatch(/Template did not declare api.post/)
    expect(serviceCallRefusal(whole, 'settings', 'getSetting')).toMatch(/did not declare settings.getSetting/)
    expect(declaredMethods(whole.required_services)).toEqual({
      theme: [...SERVICE_METHODS.theme],
      api: ['get'],
    })
  })
})
