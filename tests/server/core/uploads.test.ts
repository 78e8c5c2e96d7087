/**
 * Files sent to the API (server/core/uploads.ts): a file of a type the field does not take is a 400
 * naming the field, never silently dropped; so is a file field sent as text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';

let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.userWithToken({ is_staff: true })).token;
});
afterAll(() => ctx?.close());

const multipart = (fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) => {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe('uploads of an unsupported type', () => {
  it('answers a 400 naming the field, and stores nothing', async () => {
    for (const file of [
      { field: 'image', name: 'notas.txt', type: 'text/plain', data: Buffer.from('hola') },
      // A PDF is an attachment, not an image; a name or a claimed type changes nothing.
      { field: 'image', name: 'logo.png', type: 'image/png', data: Buffer.from('%PDF-1.7\n') },
      { field: 'image', name: 'vacio.png', type: 'image/png', data: Buffer.alloc(0) },
    ]) {
      const res = await ctx.request(staff, { method: 'POST', url: '/api/trademark/create', ...multipart({ name: `Marca ${file.name}` }, file) });
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json(), file.name).toEqual({ image: [expect.stringContaining('imagen válida')] });
    }
    const list = await ctx.request(staff, { method: 'GET', url: '/api/trademark-all/?search=Marca' });
    expect(list.json()).toEqual([]);
  });

  it('refuses a file field sent as text instead of a file', async () => {
    const json = await ctx.request(staff, { method: 'POST', url: '/api/trademark/create', payload: { name: 'Marca texto', image: 'logo.png' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ image: [expect.any(String)] });
    const form = await ctx.request(staff, { method: 'POST', url: '/api/trademark/create', ...multipart({ name: 'Marca campo', image: 'logo.png' }) });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ image: [expect.any(String)] });
  });
});
