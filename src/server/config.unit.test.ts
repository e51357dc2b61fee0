import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { CONFIG_DOCS } from './config-docs.ts'
import { DEFAULT_THROTTLE, loadConfig } from './config.ts'

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databasePoolMax: 10,
      statementTimeoutMs: 5000,
      adminEmail: 'admin@talentpool.local',
      adminPassword: undefined,
      passwordMinLength: 8,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      tempPasswordDays: 7,
      logLevel: 'info',
      trustProxy: false,
      corsOrigins: [],
      clientDir: path.resolve('dist/client'),
      throttle: DEFAULT_THROTTLE,
    })
  })

  test('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/scout-data',
      DATABASE_URL: 'postgres://u@h:5432/db',
      DATABASE_POOL_MAX: '3',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'a-long-and-unusual-passphrase',
      PASSWORD_MIN_LENGTH: '12',
      SESSION_IDLE_MINUTES: '15',
      SESSION_ABSOLUTE_HOURS: '8',
      TEMP_PASSWORD_DAYS: '3',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      CORS_ORIGINS: 'https://a.example, http://localhost:5173',
      CLIENT_DIR: '/srv/client',
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/scout-data',
      databaseUrl: 'postgres://u@h:5432/db',
      databasePoolMax: 3,
      adminEmail: 'boss@example.com',
      adminPassword: 'a-long-and-unusual-passphrase',
      passwordMinLength: 12,
      sessionIdleMinutes: 15,
      sessionAbsoluteHours: 8,
      tempPasswordDays: 3,
      logLevel: 'warn',
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      corsOrigins: ['https://a.example', 'http://localhost:5173'],
      clientDir: '/srv/client',
    })
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback'])
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1'])
    expect(loadConfig({}).smtpInsecure).toBe(false)
    expect(loadConfig({ SMTP_INSECURE: 'true' }).smtpInsecure).toBe(true)
    expect(loadConfig({ PORT: '' }).port).toBe(5000)
  })

  test.each([
    [{ PORT: 'abc' }, 'Invalid PORT: must be an integer 1-65535'],
    [{ PORT: '0' }, 'Invalid PORT: must be an integer 1-65535'],
    [{ PORT: '70000' }, 'Invalid PORT: must be an integer 1-65535'],
    [{ PORT: '80.5' }, 'Invalid PORT: must be an integer 1-65535'],
    [{ DATABASE_POOL_MAX: '0' }, 'Invalid DATABASE_POOL_MAX'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid DATABASE_URL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'Invalid ADMIN_EMAIL'],
    [{ PASSWORD_MIN_LENGTH: '5' }, 'Invalid PASSWORD_MIN_LENGTH: must be an integer 6-128'],
    [{ PASSWORD_MIN_LENGTH: '129' }, 'Invalid PASSWORD_MIN_LENGTH'],
    [{ SESSION_IDLE_MINUTES: '-1' }, 'Invalid SESSION_IDLE_MINUTES'],
    [{ SESSION_ABSOLUTE_HOURS: 'x' }, 'Invalid SESSION_ABSOLUTE_HOURS'],
    [{ TEMP_PASSWORD_DAYS: '0' }, 'Invalid TEMP_PASSWORD_DAYS'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'Invalid TRUST_PROXY: "maybe" is not an address or network'],
    [{ TRUST_PROXY: '10.0.0.1, 10.0.0.300' }, 'Invalid TRUST_PROXY: "10.0.0.300"'],
    // Security rule 35: trusting every hop lets a client choose its own address; say what to write.
    [{ TRUST_PROXY: 'true' }, 'would let any client choose its own address; set it to your proxy'],
    [{ TRUST_PROXY: '2' }, 'Invalid TRUST_PROXY: "2" would let any client choose its own address'],
    [{ SMTP_INSECURE: 'yes' }, 'Invalid SMTP_INSECURE: must be true or false'],
    [{ CORS_ORIGINS: 'example.com' }, 'Invalid CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://a.example/path' }, 'Invalid CORS_ORIGINS'],
    [{ ADMIN_PASSWORD: 'short' }, 'Invalid ADMIN_PASSWORD: Password must be at least 8 characters'],
    [{ ADMIN_PASSWORD: 'password123' }, 'Invalid ADMIN_PASSWORD: This password is too common'],
    [{ ADMIN_PASSWORD: 'admin@talentpool.local!' }, 'Invalid ADMIN_PASSWORD: Password must not'],
  ])('a bad value names the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })

  test('CONFIG_DOCS lists each variable once, with a default and a meaning', () => {
    const names = CONFIG_DOCS.map((d) => d.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual(
      expect.arrayContaining(['PORT', 'DATA_DIR', 'DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']),
    )
    for (const doc of CONFIG_DOCS) {
      expect(doc.default.length).toBeGreaterThan(0)
      expect(doc.meaning.length).toBeGreaterThan(5)
    }
  })
})
