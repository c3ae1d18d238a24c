import type { DbOrTx, Tx } from '../../db/client';

/** An order as the ERP (the legacy order system) receives it. */
export interface ErpOrder {
  orderId: number;
  clientCode: string;
  companyId: number | null;
  projectName: string;
  internalOrderNumber: string;
  currency: 'EUR' | 'USD';
  lang: string;
  sendTogether: boolean;
  /** Net total of the order (2 decimals, as text); null when a line had no price. */
  netTotal: string | null;
  lines: Array<{ referenceCode: string | null; model: string; quantity: number; shippingDate: string; description?: string; unitNet?: number | null; totalNet?: number | null }>;
}

/** What the orders module lets the ERP change on an order (its status and planned shipping date). */
export interface ErpOrderListener {
  statusChanged(tx: Tx, change: { orderId: number; status: 2 | 3 | 4; at: Date; plannedShippingDate: string | null }): Promise<void>;
}

/**
 * The ERP behind its adapter (issue 13 §3). The built-in one (erp.builtin.ts) is the default; another
 * ERP implements the same port and is chosen by ERP_ADAPTER.
 */
export interface ErpPort {
  /** Units of each reference the ERP holds (unknown references: 0). */
  stock(references: readonly string[]): Promise<Map<string, number>>;
  /**
   * Hands an order over. Idempotent by order id: delivering it again changes nothing but the count of
   * receipts. Resolves with the ERP's reference of the order.
   */
  submitOrder(order: ErpOrder): Promise<{ erpReference: string; firstReceipt: boolean }>;
}

export type { DbOrTx };
