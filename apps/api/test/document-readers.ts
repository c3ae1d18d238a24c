import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Independent readers of the files the product makes (never the library that wrote them): qpdf and
 * pdftotext (poppler) for PDF, python's zipfile and XML parser for xlsx.
 */
function withFile<T>(name: string, content: Buffer, read: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-doc-'));
  try {
    const path = join(dir, name);
    writeFileSync(path, content);
    return read(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check` passes (throws with its output otherwise) and the page count. */
export function qpdfCheck(pdf: Buffer): { pages: number } {
  return withFile('doc.pdf', pdf, (path) => {
    execFileSync('qpdf', ['--check', path], { encoding: 'utf8' });
    const pages = Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }).trim());
    return { pages };
  });
}

/** The pictures a PDF holds, as poppler's pdfimages lists them (page, width and height in pixels). */
export function pdfImages(pdf: Buffer): Array<{ page: number; width: number; height: number }> {
  const listing = withFile('doc.pdf', pdf, (path) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }));
  return listing
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 4 && /^\d+$/.test(cells[0] ?? ''))
    .map((cells) => ({ page: Number(cells[0]), width: Number(cells[3]), height: Number(cells[4]) }));
}

/** The text poppler extracts, in reading order. */
export function pdfText(pdf: Buffer): string {
  return withFile('doc.pdf', pdf, (path) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }));
}

/** Fonts listed by poppler's pdffonts: name, type, embedded. */
export function pdfFonts(pdf: Buffer): Array<{ name: string; embedded: boolean }> {
  return withFile('doc.pdf', pdf, (path) =>
    execFileSync('pdffonts', [path], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const parts = line.trim().split(/\s+/);
        // name type [encoding…] emb sub uni object ID: emb is the 5th column from the end.
        return { name: parts[0] ?? '', embedded: parts[parts.length - 5] === 'yes' };
      }),
  );
}

export interface XlsxCell {
  ref: string;
  /** 'n' number, 's' shared string, 'str', 'inlineStr', 'b'. */
  type: string;
  value: string;
  /** The number format code applied to the cell, if any. */
  format: string | null;
  /** The cell's formula (without '='), if it has one; `value` is then the cached result. */
  formula: string | null;
}

const PYTHON_XLSX = String.raw`
import json, sys, zipfile
import xml.etree.ElementTree as ET
ns = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
shared = []
if 'xl/sharedStrings.xml' in z.namelist():
    for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', ns):
        shared.append(''.join(t.text or '' for t in si.iter('{%s}t' % ns['m'])))
styles = ET.fromstring(z.read('xl/styles.xml'))
codes = {int(f.get('numFmtId')): f.get('formatCode') for f in styles.findall('m:numFmts/m:numFmt', ns)}
xfs = [int(x.get('numFmtId', 0)) for x in styles.findall('m:cellXfs/m:xf', ns)]
sheet = ET.fromstring(z.read('xl/worksheets/sheet1.xml'))
cells = []
for c in sheet.iter('{%s}c' % ns['m']):
    t = c.get('t', 'n')
    v = c.find('m:v', ns)
    text = v.text if v is not None else ''
    if t == 's':
        text = shared[int(text)]
    elif t == 'inlineStr':
        text = ''.join(x.text or '' for x in c.iter('{%s}t' % ns['m']))
    s = int(c.get('s', 0))
    fid = xfs[s] if s < len(xfs) else 0
    f = c.find('m:f', ns)
    cells.append({'ref': c.get('r'), 'type': t, 'value': text, 'format': codes.get(fid) if fid >= 164 else (None if fid == 0 else str(fid)), 'formula': f.text if f is not None else None})
print(json.dumps(cells))
`;

/** The cells of an xlsx's first sheet, read with python's zipfile and ElementTree. */
export function xlsxCells(xlsx: Buffer): XlsxCell[] {
  return withFile('book.xlsx', xlsx, (path) => JSON.parse(execFileSync('python3', ['-c', PYTHON_XLSX, path], { encoding: 'utf8' })) as XlsxCell[]);
}
