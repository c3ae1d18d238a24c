import { describe, expect, it } from 'vitest';
import { auditActionKey, auditChanges, auditFieldKey, auditValueText } from './audit-describe';

describe('describing a recorded change', () => {
  it('lists the fields of both sides in order, a creation and a deletion by one side', () => {
    expect(auditChanges({ before: { name: 'A' }, after: { name: 'B' } })).toEqual([{ field: 'name', before: 'A', after: 'B' }]);
    expect(auditChanges({ before: null, after: { name: 'A', quantity: 2 } })).toEqual([
      { field: 'name', before: undefined, after: 'A' },
      { field: 'quantity', before: undefined, after: 2 },
    ]);
    expect(auditChanges({ before: { quantity: 2 }, after: null })).toEqual([{ field: 'quantity', before: 2, after: undefined }]);
    expect(auditChanges({ before: 'x', after: [1] })).toEqual([]);
  });

  it('names actions and known fields by translation key', () => {
    expect(auditActionKey('acting.start')).toBe('audit.action.acting_start');
    expect(auditFieldKey('quantity')).toBe('audit.field.quantity');
    expect(auditFieldKey('somethingNew')).toBeNull();
  });

  it('writes values as text: lists joined, objects as JSON', () => {
    expect(auditValueText(['order.add', 'price.view'])).toBe('order.add, price.view');
    expect(auditValueText({ DEV: 1 })).toBe('{"DEV":1}');
    expect(auditValueText(12.5)).toBe('12.5');
    expect(auditValueText(null)).toBe('');
  });
});
