import { AvailabilityBody, AvailabilityQuery, AvailabilityResponse, ClientCodeParams, InvoiceListPage, InvoiceListQuery, InvoicePdfParams, InvoicePdfQuery } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../http/access-guard';
import type { ErpService } from './erp.service';
import { attachmentDisposition } from '../../http/attachment';

export interface ErpRoutesOptions {
  erp: ErpService;
}

const TAGS = ['sr-erp'];
const V1 = '/api/sr-erp/v1';
const ORDERS = { access: { privileges: ['order.add', 'order.view'] } } as const;

/** sr-erp (spec §7): availability of products and a client code's invoices (with their PDF). */
export const erpRoutes: FastifyPluginAsyncZod<ErpRoutesOptions> = async (app, { erp }) => {
  app.post(
    `${V1}/availability`,
    {
      config: ORDERS,
      schema: {
        tags: TAGS,
        summary: 'Availability of products: stock, weeks until available (-1 expired), expected date and lead time for the quantity',
        querystring: AvailabilityQuery,
        body: AvailabilityBody,
        response: { 200: AvailabilityResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const products = body.products ?? (body.product ? [body.product] : []);
      return erp.availability(requirePrincipal(request), products, request.query.lang ?? body.lang);
    },
  );

  app.get(
    `${V1}/invoices/:clientCode`,
    {
      config: { access: { privileges: ['order.view'] } },
      schema: { tags: TAGS, summary: 'Invoices of a client code (your company’s; admin any): search, sortBy, page, limit, status', params: ClientCodeParams, querystring: InvoiceListQuery, response: { 200: InvoiceListPage } },
    },
    async (request) => erp.invoices(requirePrincipal(request), request.params.clientCode, request.query),
  );

  app.get(
    `${V1}/invoices/:clientCode/:number/pdf`,
    {
      config: { access: { privileges: ['order.view'] } },
      schema: { tags: TAGS, summary: 'The invoice as a PDF in the asked language', params: InvoicePdfParams, querystring: InvoicePdfQuery },
    },
    async (request, reply) => {
      const file = await erp.invoicePdf(requirePrincipal(request), request.params.clientCode, request.params.number, request.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );
};
