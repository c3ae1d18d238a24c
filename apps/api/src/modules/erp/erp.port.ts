import type { DbOrTx, Tx } from '../../db/client';
import type { CreationName } from '../../lib/creation-name';

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
  /** The catalogue the order's references belong to (16 or 21): lengths print in its units. */
  catalogId?: number;
  /** The buyer as its company profile says at delivery (issue 34 §5): printed on the invoice. */
  buyer?: InvoiceParty | null;
  lines: Array<{
    referenceCode: string | null;
    model: string;
    quantity: number;
    shippingDate: string;
    description?: string;
    unitNet?: number | null;
    totalNet?: number | null;
    /** The configuration the line was ordered with (finish, colour temperature, control, installation, pendant height). */
    attributes?: Partial<Record<string, { code: string; description: string }>>;
    /** A creation's name as parts (issue 34 §5): the invoice builds its words in the reader's language. */
    creationName?: CreationName;
  }>;
}

/** A party of an invoice: full name, address lines, VAT identification number. */
export interface InvoiceParty {
  name: string;
  address: string[];
  vatId: string | null;
  email?: string | null;
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
