import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, TempUpload, UploadPurpose } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { FilesService } from './files.service';

export interface FilesRoutesOptions {
  files: FilesService;
}

/** Room for the form's boundaries, part headers and the two purpose fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const ONE_FILE = [{ path: 'body.file', message: 'formError.oneFile' }];

/**
 * The multipart parser's own errors as the caller's mistakes: busboy reports a broken form with a
 * plain Error; a system error (disk full: it has an errno `code`) stays a server error.
 */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('FILE_TOO_LARGE', `A file may hold at most ${MAX_UPLOAD_BYTES} bytes`, [{ path: 'body.file', message: 'formError.fileTooLarge' }]);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('VALIDATION_FAILED', 'Send one file and the domain and entity fields', ONE_FILE);
  if (typeof statusCode === 'number') return error;
  if (error instanceof Error && typeof code !== 'string') return new AppError('VALIDATION_FAILED', `The multipart form is malformed: ${error.message}`, [{ path: 'body', message: 'formError.malformed' }]);
  return error;
}

/**
 * Temporary uploads: /api/images/v1/files/temp (spec §7). The multipart parser is registered in
 * this plugin only, so no other route reads a multipart body.
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { files }) => {
  await app.register(multipart, {
    // One file and the two purpose fields; the file one byte over the limit, so that the service sees it is too large.
    limits: { files: 1, fields: 2, parts: 3, fieldSize: 100, headerPairs: 50, fileSize: MAX_UPLOAD_BYTES + 1 },
  });

  app.post(
    '/v1/files/temp',
    {
      config: { access: 'optional' },
      bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
      schema: {
        tags: ['images'],
        summary: 'Upload a file (multipart/form-data: domain, entity, file), kept 24 hours unless a request attaches it',
        description: `Extensions: doc, docx, gif, jpg, jpeg, mpg, mpeg, avi, pdf, ppt, pptx, tif, tiff, txt, xls, xlsx; at most ${MAX_UPLOAD_BYTES} bytes; the content must be what the extension says (415 otherwise). domain and entity come as query parameters or as form fields before the file.`,
        consumes: ['multipart/form-data'],
        querystring: UploadPurpose.partial(),
        response: { 201: TempUpload },
      },
      // Refused before the body is read: the size it announces is over the limit.
      onRequest: async (request, reply) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
          reply.header('connection', 'close');
          throw new AppError('FILE_TOO_LARGE', `A file may hold at most ${MAX_UPLOAD_BYTES} bytes`, [{ path: 'body.file', message: 'formError.fileTooLarge' }]);
        }
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      const userId = request.principal?.userId ?? null;
      await files.admit(userId, request.ip);
      const purpose: Partial<Record<'domain' | 'entity', string>> = { ...request.query };
      let stored: TempUpload | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if ((part.fieldname === 'domain' || part.fieldname === 'entity') && purpose[part.fieldname] === undefined) purpose[part.fieldname] = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || stored) {
            part.file.resume();
            throw new AppError('VALIDATION_FAILED', 'Send one file, in the field named file', ONE_FILE);
          }
          files.purposeOf(purpose);
          stored = await files.uploadTemp({ userId, ip: request.ip, purpose, fileName: part.filename, content: part.file });
        }
      } catch (error) {
        // What is left of the body is not read: the connection closes after the answer.
        reply.header('connection', 'close');
        throw multipartError(error);
      }
      if (!stored) throw new AppError('FILE_EMPTY', 'The form holds no file', [{ path: 'body.file', message: 'formError.fileEmpty' }]);
      return reply.code(201).send(stored);
    },
  );
};
