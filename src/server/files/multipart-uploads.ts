import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, BadRequestError } from '../errors.ts'
import { declaredLength, uploadedBytes } from './upload-bytes.ts'

/** What an upload route takes and the words its refusals use (the feature's shared messages). */
export type UploadRules = {
  /** The largest one file may be, in bytes. */
  maxFileBytes: number
  /** How many files one request may carry (1: a single upload, read with `one`). */
  maxFiles: number
  /** Room for the multipart envelope around the files, on top of `maxFileBytes` (default 64 KiB). */
  overheadBytes?: number
  messages: {
    /** 413: the request says it is larger than allowed, or a file grew past `maxFileBytes`. */
    tooLarge: string
    /** 400: no part named `file`. */
    noFile: string
    /** 400: a truncated or malformed multipart body. */
    unreadable: string
    /** 415 for a request that is not multipart; without it such a request gets the 400 `noFile`. */
    unsupportedType?: string
    /** 400: more files or parts than `maxFiles`. */
    tooManyFiles?: string
  }
}

/** Room for the multipart envelope (boundaries, part headers) around one file. */
const ONE_FILE_ENVELOPE_BYTES = 64 * 1024

export type UploadedFile = { fileName: string; bytes: Buffer }

export type Uploads = {
  /** The route's bodyLimit: the largest file and its envelope. */
  bodyLimit: number
  /** The one `file` part of the request. */
  one: (request: FastifyRequest) => Promise<UploadedFile>
  /**
   * Every `file` part, each handed to `take` as it arrives, so a stack of files is never all in
   * memory at once. Whatever `take` throws is answered as the upload's own errors are.
   */
  each: (request: FastifyRequest, take: (file: UploadedFile) => Promise<void>) => Promise<void>
}

/**
 * The one way a route takes files: registers the multipart parser inside the calling plugin
 * only, so every other route still takes JSON alone (security rule 10), and answers what a
 * client can get wrong alike on every upload route: a declared size past the limit is 413 before
 * the body is read, a body that is not multipart 415 (or 400), a file past the limit 413, a
 * missing file, too many files or a malformed body 400, each with the route's message. Files
 * are read as they arrive, a piece at a time (upload-bytes.ts, security rule 47).
 */
export async function registerUploads(
  plugin: FastifyInstance,
  rules: UploadRules,
): Promise<Uploads> {
  const { maxFileBytes, maxFiles, overheadBytes = ONE_FILE_ENVELOPE_BYTES, messages } = rules
  await plugin.register(fastifyMultipart, {
    limits: {
      fileSize: maxFileBytes,
      files: maxFiles,
      fields: 0,
      parts: maxFiles,
      headerPairs: 50,
    },
  })
  const errors = plugin.multipartErrors
  const fileTooLarge = () => new errors.RequestFileTooLargeError()
  const bodyLimit = maxFileBytes + overheadBytes

  /** Refused before the body is read: a declared size already too large, or not multipart. */
  function refuseEarly(request: FastifyRequest): void {
    const declared = Number(request.headers['content-length'] ?? 0)
    if (declared > bodyLimit) throw new AppError(413, messages.tooLarge)
    if (!request.isMultipart()) {
      throw messages.unsupportedType === undefined
        ? new BadRequestError(messages.noFile)
        : new AppError(415, messages.unsupportedType)
    }
  }

  function clientError(request: FastifyRequest, error: unknown): unknown {
    if (error instanceof AppError) return error
    if (error instanceof errors.RequestFileTooLargeError)
      return new AppError(413, messages.tooLarge)
    if (
      messages.tooManyFiles !== undefined &&
      (error instanceof errors.FilesLimitError || error instanceof errors.PartsLimitError)
    ) {
      return new BadRequestError(messages.tooManyFiles)
    }
    // busboy's errors (a truncated or malformed body): the client's fault.
    request.log.info({ err: error }, 'unreadable upload')
    return new BadRequestError(messages.unreadable)
  }

  return {
    bodyLimit,
    async one(request) {
      refuseEarly(request)
      try {
        const part = await request.file()
        if (part?.fieldname !== 'file') throw new BadRequestError(messages.noFile)
        return {
          fileName: part.filename,
          // One file: the request's declared length is room enough, taken once.
          bytes: await uploadedBytes(part, fileTooLarge, declaredLength(request)),
        }
      } catch (error) {
        throw clientError(request, error)
      }
    },
    async each(request, take) {
      refuseEarly(request)
      try {
        for await (const part of request.files()) {
          if (part.fieldname !== 'file') throw new BadRequestError(messages.noFile)
          await take({ fileName: part.filename, bytes: await uploadedBytes(part, fileTooLarge) })
        }
      } catch (error) {
        throw clientError(request, error)
      }
    },
  }
}
