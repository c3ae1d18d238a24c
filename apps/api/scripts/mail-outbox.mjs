#!/usr/bin/env node
// Prints the newest messages of the local mail outbox (MAIL_OUTBOX_DIR, default ./data/mail), decoded.
// Usage (from the repository root): node apps/api/scripts/mail-outbox.mjs [count] [dir]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const count = Number(process.argv[2] ?? 1);
// npm run sets INIT_CWD to where it was invoked: paths are read from there, like the server's.
const base = process.env.INIT_CWD ?? process.cwd();
const dir = resolve(base, process.argv[3] ?? process.env.MAIL_OUTBOX_DIR ?? join(process.env.DATA_DIR ?? 'data', 'mail'));

function decodeQuotedPrintable(text) {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeWords(text) {
  return text.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding, data) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

let files;
try {
  files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
} catch {
  console.error(`No outbox at ${dir} (no mail sent yet?)`);
  process.exit(1);
}
files.sort((a, b) => statSync(join(dir, a)).mtimeMs - statSync(join(dir, b)).mtimeMs);
for (const name of files.slice(-count)) {
  const raw = readFileSync(join(dir, name), 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  let body = raw.slice(split).trim();
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) body = decodeQuotedPrintable(body);
  else if (/content-transfer-encoding:\s*base64/i.test(head)) body = Buffer.from(body, 'base64').toString('utf8');
  const header = (field) => decodeWords((head.match(new RegExp(`^${field}: ((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'mi'))?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' '));
  console.log(`── ${name}\nTo: ${header('To')}\nSubject: ${header('Subject')}\n\n${body}\n`);
}
