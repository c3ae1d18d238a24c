import { randomUUID } from 'node:crypto';
import type { TempUpload } from '@lumen/contracts';
import type { Agent } from './test-app';

/** The smallest file that file-type reads as a PDF (uploads, attachments). */
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body written by hand, so that tests can send what no browser would. */
export function multipart(parts: readonly MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lumen${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads `content` as a temporary file for `domain`/`entity` and returns the api's answer (201 expected). */
export async function uploadTemp(agent: Agent, entity: string, filename = 'plano.pdf', content: Buffer = PDF, domain = 'support'): Promise<TempUpload> {
  const { payload, headers } = multipart([{ name: 'file', filename, content, type: 'application/pdf' }]);
  const response = await agent.post(`/api/images/v1/files/temp?domain=${domain}&entity=${entity}`, payload, headers);
  if (response.statusCode !== 201) throw new Error(`upload of ${filename} failed: ${response.statusCode} ${response.body}`);
  return response.json<TempUpload>();
}
