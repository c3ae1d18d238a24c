import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TempUpload } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { multipart } from '../../../test/uploads';
import { uploadedFiles } from '../../db/schema';

const URL = '/api/images/v1/files/temp?domain=support&entity=support-request';
const SECRET = 'LUMEN-SITE-39.4699N-0.3763W';

/**
 * The JPEG segments of a file, read by walking its markers (independent of the library that wrote it):
 * APPn and COM segments with the start of their payload.
 */
function jpegSegments(jpeg: Buffer): Array<{ marker: number; head: string }> {
  const segments: Array<{ marker: number; head: string }> = [];
  expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) break;
    const marker = jpeg[offset + 1] ?? 0;
    if (marker === 0xda) break; // start of scan: metadata segments come before it
    const length = jpeg.readUInt16BE(offset + 2);
    segments.push({ marker, head: jpeg.subarray(offset + 4, offset + 4 + Math.min(length - 2, 12)).toString('latin1') });
    offset += 2 + length;
  }
  return segments;
}

/** A photo as a phone takes it: EXIF with the camera, a description and a GPS position, rotated by its orientation tag. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Model 9', ImageDescription: SECRET, Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 41/1 5/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 22/1 34/1' },
    })
    .toBuffer();
}

/** Issue 29 §9: uploaded images lose their metadata (a site's GPS position among it). */
describeWithDb('uploads: image metadata removed (issue 29 §9)', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    agent = t.agent();
    await agent.login('specifier@demo.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function stored(upload: TempUpload): Promise<{ content: Buffer; row: typeof uploadedFiles.$inferSelect }> {
    const [row] = await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, upload.id));
    if (!row) throw new Error('no row');
    return { content: readFileSync(join(t.config.dataDir, 'files', ...row.storageKey.split('/'))), row };
  }

  it('a JPEG with EXIF and GPS is stored without any APP1/XMP/comment segment, upright, its size and hash those of the clean file', async () => {
    const photo = await phonePhoto();
    expect(photo.includes(Buffer.from(SECRET))).toBe(true);
    expect(jpegSegments(photo).some((segment) => segment.marker === 0xe1 && segment.head.startsWith('Exif'))).toBe(true);
    const { payload, headers } = multipart([{ name: 'file', filename: 'site.jpg', content: photo, type: 'image/jpeg' }]);
    const response = await agent.post(URL, payload, headers);
    expect(response.statusCode, response.body).toBe(201);
    const upload = response.json<TempUpload>();
    const { content, row } = await stored(upload);
    expect(content.includes(Buffer.from(SECRET))).toBe(false);
    expect(content.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const markers = jpegSegments(content).map((segment) => segment.marker);
    // APP1 (EXIF, XMP), APP13 (IPTC) and COM gone; APP0 (JFIF) may stay.
    expect(markers.filter((marker) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe)).toEqual([]);
    expect(upload.size).toBe(content.length);
    expect(row.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    // Still a picture of the same size, without orientation or EXIF as sharp reads it back too.
    const meta = await sharp(content).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width * meta.height).toBe(64 * 32);
  });

  it('a TIFF and a GIF are stored re-encoded, readable, without EXIF', async () => {
    for (const [name, content] of [
      ['plan.tif', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).tiff().withExif({ IFD0: { Make: 'ScannerMaker' } }).toBuffer()],
      ['a.gif', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#993366' } }).gif().toBuffer()],
    ] as const) {
      const { payload, headers } = multipart([{ name: 'file', filename: name, content }]);
      const response = await agent.post(URL, payload, headers);
      expect(response.statusCode, response.body).toBe(201);
      const kept = (await stored(response.json<TempUpload>())).content;
      expect(kept.includes(Buffer.from('ScannerMaker')), name).toBe(false);
      const meta = await sharp(kept).metadata();
      expect([meta.width, meta.height, meta.exif], name).toEqual([8, 8, undefined]);
    }
  });

  it('refuses a file that claims to be a JPEG and is not readable as one', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 7)]);
    const { payload, headers } = multipart([{ name: 'file', filename: 'broken.jpg', content: broken, type: 'image/jpeg' }]);
    const response = await agent.post(URL, payload, headers);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'FILE_CONTENT_MISMATCH' });
  });
});
