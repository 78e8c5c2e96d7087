/**
 * Multipart bodies. The parser keeps text fields as the body (so route schemas validate them like JSON)
 * and holds files in memory on `request.uploads`, with the file's name left in the body field so the
 * schema can say the field exists; a file part in a field the schema does not declare a file is a 400.
 * A file is checked by its content (magic bytes), never by its name or the browser's claim, and
 * written to disk only once the whole request is valid.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Busboy from 'busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, fieldError } from './errors.js';
import { PRIVATE_MEDIA } from './attachments.js';

export interface Upload { field: string; filename: string; data: Buffer; truncated: boolean }

declare module 'fastify' {
  interface FastifyRequest { uploads: Record<string, Upload> }
}

const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** 'image': a public picture (project, brand, equipment, profile); 'attachment': a ticket's file, kept private. */
export type UploadKind = 'image' | 'attachment';
const ALLOWED: Record<UploadKind, string[]> = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  attachment: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'],
};

/** Where a stored media path lives on disk (public images in MEDIA_DIR, attachments in MEDIA_DIR/private). */
export function mediaFile(mediaDir: string, publicPath: string): string | null {
  const name = path.basename(publicPath);
  if (publicPath === `${PRIVATE_MEDIA}${name}`) return path.join(mediaDir, 'private', name);
  if (publicPath === `/media/${name}`) return path.join(mediaDir, name);
  return null;
}

export const sniff = (data: Buffer) => SIGNATURES.find((s) => s.test(data)) ?? null;

/** Whether the route's body schema makes `field` a file (`S.file()`, format binary). */
function declaresFile(request: FastifyRequest, field: string) {
  const body = request.routeOptions.schema?.body as { properties?: Record<string, { format?: string }> } | undefined;
  return !!body?.properties && Object.hasOwn(body.properties, field) && body.properties[field].format === 'binary';
}

export function installMultipart(app: FastifyInstance) {
  app.decorateRequest('uploads', null as unknown as Record<string, Upload>);
  app.addHook('onRequest', async (request) => { request.uploads = {}; });
  const maxBytes = app.config.maxUploadBytes;
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    let bb: Busboy.Busboy;
    try {
      bb = Busboy({ headers: request.headers, limits: { fileSize: maxBytes, files: 5, fields: 50, fieldSize: 64 * 1024, parts: 60 } });
    } catch {
      return done(new ApiError(400, { non_field_errors: ['Cuerpo multipart inválido.'] }), undefined);
    }
    const body: Record<string, string> = {};
    let failed: Error | null = null;
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) failed ??= fieldError(name, 'El valor es demasiado largo.');
      body[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (!declaresFile(request, name)) {
        // Its file name would otherwise stand as the field's text.
        failed ??= fieldError(name, 'Se esperaba un valor, no un archivo.');
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => { truncated = true; });
      stream.on('close', () => {
        if (truncated) failed ??= fieldError(name, `El archivo supera el tamaño máximo de ${Math.round(maxBytes / 1024 / 1024)} MB.`);
        const data = Buffer.concat(chunks);
        if (data.length === 0 && !info.filename) return; // an empty file input: field not sent
        request.uploads[name] = { field: name, filename: info.filename ?? name, data, truncated };
        body[name] = info.filename || name;
      });
    });
    bb.on('partsLimit', () => { failed ??= new ApiError(400, { non_field_errors: ['Demasiadas partes en el formulario.'] }); });
    bb.on('filesLimit', () => { failed ??= new ApiError(400, { non_field_errors: ['Demasiados archivos.'] }); });
    bb.on('fieldsLimit', () => { failed ??= new ApiError(400, { non_field_errors: ['Demasiados campos.'] }); });
    bb.on('error', () => done(new ApiError(400, { non_field_errors: ['Cuerpo multipart inválido.'] }), undefined));
    bb.on('close', () => (failed ? done(failed, undefined) : done(null, body)));
    payload.pipe(bb);
  });
}

/**
 * Checks the file sent in `field` (if any) and returns a function that stores it, so a route can
 * validate everything first, then write the file and the row together. `store()` returns the public
 * path (`/media/...`, `/media/private/...` for attachments), or undefined when no file was sent.
 */
export function acceptUpload(request: FastifyRequest, field: string, kind: UploadKind) {
  const upload = request.uploads?.[field];
  if (!upload) {
    // Text where a file belongs (a JSON body, a form's text field) would otherwise be dropped without a word.
    const sent = (request.body as Record<string, unknown> | undefined)?.[field];
    if (sent !== undefined && sent !== null && sent !== '') throw fieldError(field, 'Se esperaba un archivo.');
    return null;
  }
  const sig = sniff(upload.data);
  if (!sig || !ALLOWED[kind].includes(sig.type)) {
    throw fieldError(field, kind === 'image'
      ? 'Suba una imagen válida (PNG, JPEG, WEBP o GIF).'
      : 'Suba un archivo válido (imagen PNG, JPEG, WEBP, GIF o un PDF).');
  }
  const mediaDir = request.server.config.mediaDir;
  let written: string | null = null;
  return {
    /** Writes the file under the media dir with a generated name; returns its public path. */
    async save(): Promise<string> {
      const name = `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${sig.ext}`;
      const publicPath = kind === 'attachment' ? `${PRIVATE_MEDIA}${name}` : `/media/${name}`;
      written = mediaFile(mediaDir, publicPath)!;
      await fs.mkdir(path.dirname(written), { recursive: true });
      await fs.writeFile(written, upload.data, { flag: 'wx' });
      return publicPath;
    },
    /** Removes a file written by save(), when the row that needed it could not be stored. */
    async discard() {
      if (written) await fs.rm(written, { force: true });
    },
  };
}

/** Removes a stored media file given its public path (a replaced or deleted image). */
export async function removeMedia(from: FastifyRequest | FastifyInstance, publicPath: string | null | undefined) {
  const server = 'routeOptions' in from ? from.server : from;
  const file = publicPath && mediaFile(server.config.mediaDir, publicPath);
  if (file) await fs.rm(file, { force: true });
}

/**
 * Validates every file field first, then stores the files and runs `write` with their public paths
 * (undefined where no file was sent); if `write` fails, the files are removed again, so a rejected
 * request leaves neither a row nor a file behind.
 */
export async function withUploads<T>(
  request: FastifyRequest,
  fields: Record<string, UploadKind>,
  write: (paths: Record<string, string | undefined>) => Promise<T>,
): Promise<T> {
  const accepted = Object.entries(fields).map(([field, kind]) => [field, acceptUpload(request, field, kind)] as const);
  const paths: Record<string, string | undefined> = {};
  try {
    for (const [field, upload] of accepted) paths[field] = upload ? await upload.save() : undefined;
    return await write(paths);
  } catch (err) {
    await Promise.all(accepted.map(([, upload]) => upload?.discard()));
    throw err;
  }
}
