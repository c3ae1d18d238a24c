import { describe, expect, it } from 'vitest';
import { xlsxCells } from '../../test/document-readers';
import { buildWorkbook, moneyFormat } from './spreadsheet';

describe('spreadsheets', () => {
  it('writes numbers as numbers with currency and percent formats, read back by an independent reader', async () => {
    const file = await buildWorkbook({
      creator: 'Lumen Pro',
      title: 'Quote',
      currency: 'EUR',
      sheets: [
        {
          name: 'Quote Q-2026-000001',
          heading: [{ label: 'Number', value: 'Q-2026-000001' }],
          columns: [
            { header: 'Reference', kind: 'text', width: 14, value: (row: { ref: string; qty: number; price: number; discount: number }) => row.ref },
            { header: 'Quantity', kind: 'integer', width: 8, value: (row) => row.qty },
            { header: 'Discount', kind: 'percent', width: 8, value: (row) => row.discount },
            { header: 'Unit price', kind: 'money', width: 12, value: (row) => row.price },
          ],
          rows: [
            { ref: 'Ñandú-1', qty: 3, price: 19.99, discount: 12.5 },
            { ref: '1010/21', qty: 1200, price: 1234.5, discount: 0 },
          ],
          summary: [{ label: 'Total', value: 1294.47, kind: 'money', strong: true }],
        },
      ],
    });
    const cells = xlsxCells(file);
    const at = (ref: string) => cells.find((cell) => cell.ref === ref);
    expect(at('A1')?.value).toBe('Number');
    expect(at('B1')?.value).toBe('Q-2026-000001');
    expect(at('A3')?.value).toBe('Reference');
    expect(at('A4')?.value).toBe('Ñandú-1');
    expect(at('B4')).toMatchObject({ type: 'n', value: '3', format: '3' });
    expect(at('C4')).toMatchObject({ type: 'n', value: '0.125', format: '0.##%' });
    expect(at('D4')).toMatchObject({ type: 'n', value: '19.99', format: moneyFormat('EUR') });
    expect(at('D5')).toMatchObject({ type: 'n', value: '1234.5' });
    expect(at('C7')?.value).toBe('Total');
    expect(at('D7')).toMatchObject({ type: 'n', value: '1294.47', format: moneyFormat('EUR') });
  });

  it('uses the dollar format for USD', () => {
    expect(moneyFormat('usd')).toContain('$');
    expect(moneyFormat('EUR')).toContain('€');
  });
});
