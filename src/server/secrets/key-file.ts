import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import {
  formatSecretKey,
  generateSecretKey,
  parseSecretKey,
  SecretError,
  type SecretKey,
} from './secret-box.ts'

/** The embedded default keeps its SECRET_KEY here, inside DATA_DIR (security rule 34). */
export const SECRET_KEY_FILE = 'secret.key'

export function keyFilePath(dataDir: string): string {
  return path.join(dataDir, SECRET_KEY_FILE)
}

export function readKeyFile(file: string): SecretKey {
  try {
    return parseSecretKey(readFileSync(file, 'utf8'))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new SecretError(`The key file ${file} cannot be used: ${reason}`)
  }
}

/**
 * Writes `key` to `file` readable by its owner only (0600), atomically: a temporary file renamed
 * over it, so a crash never leaves half a key. `exclusive` refuses to replace an existing file.
 */
export function writeKeyFile(file: string, key: SecretKey, exclusive = false): void {
  if (exclusive && existsSync(file)) throw new SecretError(`${file} already exists.`)
  const partial = `${file}.partial-${process.pid}`
  writeFileSync(partial, `${formatSecretKey(key)}\n`, { mode: 0o600, flag: 'w' })
  chmodSync(partial, 0o600)
  renameSync(partial, file)
}

/**
 * The embedded default's key: read from DATA_DIR/secret.key, or generated there on first start so
 * `npm start` needs no env. Only one process holds DATA_DIR (its lock), so no one races us here.
 * A key file others can read is tightened to 0600.
 */
export function loadOrCreateKeyFile(dataDir: string): { key: SecretKey; created: boolean } {
  const file = keyFilePath(dataDir)
  // Normally the DATA_DIR lock made it already (0700); scripts may get here first.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  if (!existsSync(file)) {
    const key = generateSecretKey()
    writeKeyFile(file, key, true)
    return { key, created: true }
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  return { key: readKeyFile(file), created: false }
}
